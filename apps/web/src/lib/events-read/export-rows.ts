/**
 * Export rows as text: each event read as PostgreSQL's own text (no `Date`, no row objects) and
 * written as one CSV line or one GeoJSON feature: the same text as formatting the event that
 * `toEventItem` (./event-rows) builds, only without building it.
 * @module
 */
import type { QueryArrayConfig } from 'pg'

import { isoFromPostgresTimestamp } from '@chronotope/dates'

import { csvCell } from '../api/csv-cell'

/**
 * The columns an export reads (over `events e`), in the order of {@link ExportRow}. Times come in
 * UTC without a zone, so turning them into ISO 8601 is mostly slicing text.
 */
export const EXPORT_COLUMNS = `e.id, e.dataset_id, e.title, e.description, e.event_time at time zone 'UTC',
  e.event_end_time at time zone 'UTC', e.time_precision, st_x(e.location), st_y(e.location), e.location_name, e.data`

/**
 * One event as PostgreSQL writes {@link EXPORT_COLUMNS}: id, dataset id, title, description,
 * event time, end time, precision, longitude, latitude, place, data (jsonb text).
 */
export type ExportRow = [
  id: string,
  datasetId: string,
  title: string | null,
  description: string | null,
  eventTime: string | null,
  eventEndTime: string | null,
  timePrecision: string | null,
  longitude: string | null,
  latitude: string | null,
  locationName: string | null,
  data: string | null,
]

const asText = (value: string) => value

/** Query options that give each row as an {@link ExportRow}: an array of the columns' text. */
export const EXPORT_ROW_MODE: Pick<QueryArrayConfig, 'rowMode' | 'types'> = {
  rowMode: 'array',
  types: { getTypeParser: () => asText },
}

/**
 * A `timestamp` in PostgreSQL's output (ISO DateStyle, which `pg` needs too; UTC) as
 * `Date.toISOString()` writes it; null for no time and for times a Date cannot hold.
 * @example isoFromUtcText('1996-06-29 11:21:38.5') // '1996-06-29T11:21:38.500Z'
 * @example isoFromUtcText('0500-03-01 00:00:00 BC') // '-000499-03-01T00:00:00.000Z'
 */
export function isoFromUtcText(text: string | null): string | null {
  return text === null ? null : isoFromPostgresTimestamp(text)
}

/**
 * A `float8` as PostgreSQL writes it, as JavaScript writes the same number. Both write the
 * shortest text that reads back exactly; they differ only in when they switch to an exponent
 * (and `-0`), so only such text goes through `Number`.
 * @example numberText('1.5e-05') // '0.000015'
 */
export function numberText(text: string): string {
  return text.includes('e') || text === '-0' ? String(Number(text)) : text
}

/** A `float8`'s text as a JSON number: `null` when not finite, as `JSON.stringify` writes it. */
function jsonNumber(text: string | null): string {
  if (text === null) return 'null'
  const number = numberText(text)
  return number === 'NaN' || number === 'Infinity' || number === '-Infinity' ? 'null' : number
}

// What JSON.stringify escapes in a string (surrogates only when unpaired, which these never are,
// but leaving them to it is the safe side); most text has none, and quoting it is then enough.
// eslint-disable-next-line no-control-regex -- the control characters are what JSON escapes
const JSON_ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/

function jsonText(value: string | null): string {
  if (value === null) return 'null'
  return JSON_ESCAPED.test(value) ? JSON.stringify(value) : `"${value}"`
}

// A text cell; csvCell returns most text as it is, without building a new string.
function csvText(value: string | null): string {
  return value === null ? '' : csvCell(value)
}

// A time cell: ISO 8601, which never needs quoting. It is ours, not the file's, so it gets no
// formula guard: a BCE time ('-000489-…') stays the same text as in the JSON answers.
function timeCell(text: string | null): string {
  return isoFromUtcText(text) ?? ''
}

// As toEventItem: a missing (or JSON null) data is an empty object.
function parseData(text: string | null): Record<string, unknown> {
  return text === null ? {} : ((JSON.parse(text) as Record<string, unknown> | null) ?? {})
}

// A data cell: numbers and booleans as written, objects as JSON, the rest as text.
function csvValue(value: unknown): string {
  if (typeof value === 'string') return csvText(value)
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (value !== null && typeof value === 'object') return csvCell(JSON.stringify(value))
  // Parsed JSON holds nothing else: the value is null.
  return ''
}

/**
 * One CSV line (with its CRLF) of an event: the fixed columns, then the values of `keys` in `data`.
 * @example csvLine(['7', '1', 'Fair', null, '2001-02-03 00:00:00', null, 'day', '2.35', '48.85', 'Paris', '{"n": 1}'], ['n'])
 * // '7,1,Fair,,2001-02-03T00:00:00.000Z,,day,2.35,48.85,Paris,1\r\n'
 */
export function csvLine(row: ExportRow, keys: readonly string[]): string {
  const [id, datasetId, title, description, eventTime, eventEndTime, timePrecision, longitude, latitude, locationName] =
    row
  let line =
    `${id},${datasetId},${csvText(title)},${csvText(description)},${timeCell(eventTime)},` +
    `${timeCell(eventEndTime)},${csvText(timePrecision)},${longitude === null ? '' : numberText(longitude)},` +
    `${latitude === null ? '' : numberText(latitude)},${csvText(locationName)}`
  if (keys.length > 0) {
    const data = parseData(row[10])
    for (const key of keys) line += `,${csvValue(data[key])}`
  }
  return `${line}\r\n`
}

/**
 * One GeoJSON feature of an event: a point (or null geometry) with the event's fields as
 * properties and its data under `data`.
 * @example geoJsonFeature(['7', '1', 'Fair', null, null, null, 'day', '2.35', '48.85', 'Paris', null])
 * // '{"type":"Feature","id":7,"geometry":{"type":"Point","coordinates":[2.35,48.85]},"properties":{"id":7,…,"data":{}}}'
 */
export function geoJsonFeature(row: ExportRow): string {
  const [
    id,
    datasetId,
    title,
    description,
    eventTime,
    eventEndTime,
    timePrecision,
    longitude,
    latitude,
    locationName,
    data,
  ] = row
  const geometry =
    longitude === null || latitude === null
      ? 'null'
      : `{"type":"Point","coordinates":[${jsonNumber(longitude)},${jsonNumber(latitude)}]}`
  return (
    `{"type":"Feature","id":${id},"geometry":${geometry},"properties":{"id":${id},"datasetId":${datasetId},` +
    `"title":${jsonText(title)},"description":${jsonText(description)},"eventTime":${jsonText(isoFromUtcText(eventTime))},` +
    `"eventEndTime":${jsonText(isoFromUtcText(eventEndTime))},"timePrecision":${jsonText(timePrecision)},` +
    `"locationName":${jsonText(locationName)},"data":${JSON.stringify(parseData(data))}}}`
  )
}
