/**
 * Exports of exactly the filtered events, as CSV or GeoJSON, streamed: rows are read in batches
 * by id and written as the client takes them, so a million events never sit in memory.
 * @module
 */
import type { FilterState } from '@chronotope/filters'
import type { Pool } from 'pg'

import { csvCell } from '../api/csv-cell'
import { eventConditions, SqlParams, type DatasetScope } from './event-conditions'
import { EVENT_ITEM_COLUMNS, toEventItem, type EventItemRow } from './event-rows'
import type { EventListItem } from './read-responses'

/** Events read per query while exporting. */
export const EXPORT_BATCH_SIZE = 5000
/** Most data columns a CSV export gets; keys beyond them stay in the GeoJSON export. */
export const MAX_EXPORT_DATA_COLUMNS = 500

/** The export formats. */
export type ExportFormat = 'csv' | 'geojson'

const FIXED_CSV_COLUMNS = [
  'id',
  'dataset_id',
  'title',
  'description',
  'event_time',
  'event_end_time',
  'time_precision',
  'longitude',
  'latitude',
  'location_name',
] as const

async function* eventBatches(pool: Pool, state: FilterState, scope: DatasetScope): AsyncGenerator<EventItemRow[]> {
  let lastId = 0
  for (;;) {
    const params = new SqlParams()
    const where = eventConditions(state, scope, params)
    const { rows } = await pool.query<EventItemRow>(
      `select ${EVENT_ITEM_COLUMNS} from events e where ${where} and e.id > ${params.add(lastId)}
       order by e.id limit ${params.add(EXPORT_BATCH_SIZE)}`,
      params.values,
    )
    if (rows.length === 0) return
    yield rows
    if (rows.length < EXPORT_BATCH_SIZE) return
    lastId = Number(rows.at(-1)!.id)
  }
}

/** The top-level data keys of the filtered events, which become CSV columns. */
async function dataKeys(pool: Pool, state: FilterState, scope: DatasetScope): Promise<string[]> {
  const params = new SqlParams()
  const where = eventConditions(state, scope, params)
  const { rows } = await pool.query<{ key: string }>(
    `select distinct k.key from events e, jsonb_object_keys(case when jsonb_typeof(e.data) = 'object' then e.data else '{}'::jsonb end) as k(key)
     where ${where} order by 1 limit ${params.add(MAX_EXPORT_DATA_COLUMNS)}`,
    params.values,
  )
  return rows.map((row) => row.key)
}

function csvValue(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (value !== null && typeof value === 'object') return csvCell(JSON.stringify(value))
  return csvCell(value)
}

function csvLine(event: EventListItem, keys: readonly string[]): string {
  const fixed = [
    event.id,
    event.datasetId,
    event.title,
    event.description,
    event.eventTime,
    event.eventEndTime,
    event.timePrecision,
    event.longitude,
    event.latitude,
    event.locationName,
  ]
  return `${[...fixed, ...keys.map((key) => event.data[key])].map(csvValue).join(',')}\r\n`
}

function geoJsonFeature(event: EventListItem): string {
  const { longitude, latitude, data, ...properties } = event
  const geometry = longitude === null || latitude === null ? null : { type: 'Point', coordinates: [longitude, latitude] }
  return JSON.stringify({ type: 'Feature', id: event.id, geometry, properties: { ...properties, data } })
}

/**
 * A stream of the export. The first chunk (header) is produced at once; each further pull reads
 * one batch, so a slow client slows the reading instead of filling memory.
 */
export function exportEvents(pool: Pool, state: FilterState, scope: DatasetScope, format: ExportFormat): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let batches: AsyncGenerator<EventItemRow[]> | undefined
  let keys: string[] = []
  let written = 0
  return new ReadableStream<Uint8Array>(
    {
      async start(controller) {
        if (format === 'csv') {
          keys = (await dataKeys(pool, state, scope)).filter((key) => !(FIXED_CSV_COLUMNS as readonly string[]).includes(key))
          controller.enqueue(encoder.encode(`\uFEFF${[...FIXED_CSV_COLUMNS, ...keys].map(csvCell).join(',')}\r\n`))
        } else {
          controller.enqueue(encoder.encode('{"type":"FeatureCollection","features":['))
        }
        batches = eventBatches(pool, state, scope)
      },
      async pull(controller) {
        const next = await batches!.next()
        if (next.done) {
          if (format === 'geojson') controller.enqueue(encoder.encode(']}\n'))
          controller.close()
          return
        }
        let chunk = ''
        for (const row of next.value) {
          const event = toEventItem(row)
          if (format === 'csv') chunk += csvLine(event, keys)
          else chunk += `${written > 0 ? ',' : ''}\n${geoJsonFeature(event)}`
          written++
        }
        controller.enqueue(encoder.encode(chunk))
      },
      async cancel() {
        await batches?.return(undefined)
      },
    },
    { highWaterMark: 1 },
  )
}
