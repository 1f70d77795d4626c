/**
 * Turns one row of a sheet into an event row for the bulk writer, or into row errors: the type
 * transformation, the event fields (time, title, coordinates), the geocoded place and the unique
 * id. The same builder serves event creation and the row-error download, so both agree.
 * @module
 */
import { boundEventData, boundValues, EVENT_BOUNDS, shortenText, type SourceRow } from '@chronotope/file-readers'
import type { GeocodingResult } from '@chronotope/geocoding'
import { createEventExtractor, createRowTransformer, type RowError, type SchemaField } from '@chronotope/schema'

import type { EventRow } from '../events/bulk-insert-events'
import type { ResolvedIdStrategy, StoredMapping } from './import-documents'
import { originalCells } from './original-cells'
import { placeKey, placeQueryOf } from './place-queries'
import { createUniqueIdMaker } from './unique-id'

/** Everything the builder needs to know about the import. */
export interface EventRowBuilderOptions {
  readonly datasetId: number
  readonly importJobId: number
  readonly headers: readonly string[]
  readonly fields: readonly SchemaField[]
  readonly mapping: StoredMapping
  readonly idStrategy: ResolvedIdStrategy
  /** Geocoding results by place key; empty when the sheet has coordinates or geocoding is off. */
  readonly places: ReadonlyMap<string, GeocodingResult>
  readonly countryBias?: string | null
  /** Whether a row whose place cannot be resolved is a row error (else an event without location). */
  readonly unplacedIsError: boolean
  /** Geocoding results below this confidence do not place an event. */
  readonly minimumConfidence: number
}

/** A row's outcome: an event to write, or the reasons it cannot be one. */
export type BuiltRow =
  | { readonly event: EventRow; readonly errors?: undefined }
  | { readonly errors: readonly RowError[]; readonly event?: undefined }

// Extractor errors for a row that names no location; not errors when unplaced rows are kept.
const NO_LOCATION_CODES = new Set(['missing-coordinates', 'missing-place'])

// Reader issues that mean the row's values cannot be trusted.
const REJECTING_ISSUES = new Set(['extra-cells', 'unterminated-quote'])

/** A text field cut to its bound, noting its name in `cuts` when it was cut. */
function bounded(text: string | null, maxBytes: number, name: string, cuts: string[]): string | null {
  if (text === null) return null
  const kept = shortenText(text, maxBytes)
  if (kept !== text) cuts.push(name)
  return kept
}

/**
 * The event extraction and the type transformation may both reject one value: report each value
 * once, as the first error about its column words it (the extraction's come first: it knows what
 * the value is for, e.g. a latitude out of range rather than a number).
 */
function withoutRepeats(errors: readonly RowError[]): RowError[] {
  const seen = new Set<string>()
  return errors.filter((error) => {
    const key = error.column === undefined ? `\u0000${error.code}` : error.column
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** Makes the row → event function for one import. */
export function createEventRowBuilder(options: EventRowBuilderOptions): (row: SourceRow) => BuiltRow {
  // Each date column is read in its own order (mappings stored before dateOrders had one for all).
  const dateOrders = options.mapping.dateOrders
  const transform = createRowTransformer(
    options.fields,
    dateOrders ? { dateOrders } : options.mapping.dateOrder ? { dateOrder: options.mapping.dateOrder } : {},
  )
  const extract = createEventExtractor(options.mapping)
  const makeId = createUniqueIdMaker(options.idStrategy, options.headers)
  const isGeometry = options.mapping.location.kind === 'geometry'

  return (row) => {
    const errors: RowError[] = []
    // A record too deep to read has no values: its one error says why, not each missing field.
    const tooDeep = row.issues?.find((issue) => issue.code === 'too-deep')
    if (tooDeep) return { errors: [{ row: row.rowNumber, code: tooDeep.code, message: tooDeep.message }] }
    for (const issue of row.issues ?? []) {
      if (REJECTING_ISSUES.has(issue.code))
        errors.push({ row: row.rowNumber, code: issue.code, message: issue.message })
    }
    const typed = transform(row.values, row.rowNumber)
    const fields = extract(row.values, row.rowNumber)
    let isUnplaced = false
    for (const error of fields.errors) {
      // A row with no coordinates or place at all follows the dataset's setting for unplaced rows.
      if (!options.unplacedIsError && NO_LOCATION_CODES.has(error.code)) isUnplaced = true
      else errors.push(error)
    }
    errors.push(...typed.errors)
    const id = makeId(row.values, row.rowNumber)
    if (id.error) errors.push(id.error)

    let longitude: number | null = null
    let latitude: number | null = null
    let source: EventRow['coordinateSource'] = 'none'
    let precision: EventRow['coordinatePrecision'] = null
    let confidence: number | null = null
    let provider: string | null = null
    let sourceColumns: string[] | null = null
    let locationName: string | null = null
    let geocodedQuery: string | null = null
    if (isGeometry && row.centroid) {
      ;({ longitude, latitude } = row.centroid)
      source = 'source-columns'
      sourceColumns = ['geometry']
    } else if (fields.coordinates) {
      ;({ longitude, latitude } = fields.coordinates)
      source = 'source-columns'
      sourceColumns = fields.coordinates.sourceColumns
    } else if (fields.placeQuery) {
      locationName = fields.placeQuery.text
      const key = placeKey(placeQueryOf(fields.placeQuery, options.countryBias))
      geocodedQuery = key
      const result = options.places.get(key)
      const best = result?.status === 'resolved' ? result.best : undefined
      if (best && best.confidence >= options.minimumConfidence) {
        longitude = best.longitude
        latitude = best.latitude
        source = 'geocoded'
        precision = best.precision
        confidence = best.confidence
        provider = best.provider
        sourceColumns = Object.values(options.mapping.location.address ?? {}).filter(
          (column): column is string => typeof column === 'string',
        )
      } else if (options.unplacedIsError) {
        errors.push({
          row: row.rowNumber,
          value: fields.placeQuery.text,
          code: 'unplaced',
          message: best
            ? `"${fields.placeQuery.text}" was found only as "${best.label}" with confidence ${best.confidence.toFixed(2)}, below the minimum of ${options.minimumConfidence}`
            : `"${fields.placeQuery.text}" could not be found by the geocoder`,
        })
      }
    }
    if (errors.length > 0 || id.error) return { errors: withoutRepeats(errors) }
    if (isUnplaced) locationName = null

    const data: Record<string, unknown> = { ...typed.values }
    if (isGeometry && row.geometry && (row.geometry as { type?: string }).type !== 'Point')
      data._geometry = row.geometry
    // Every stored event has a size bound (EVENT_BOUNDS), so no read of it grows with the file:
    // the location above came from the full geometry; the import file keeps the full values.
    const cuts: string[] = []
    const title = bounded(fields.title, EVENT_BOUNDS.maxTitleBytes, 'title', cuts)
    const description = bounded(fields.description, EVENT_BOUNDS.maxDescriptionBytes, 'description', cuts)
    locationName = bounded(locationName, EVENT_BOUNDS.maxLocationNameBytes, 'location name', cuts)
    const original = boundValues(originalCells(row.values), EVENT_BOUNDS.maxOriginalBytes)
    if (original.cut.length > 0) cuts.push(`original cells (${original.cut.length})`)
    return {
      event: {
        datasetId: options.datasetId,
        uniqueId: id.uniqueId,
        title,
        description,
        eventTime: fields.eventTime ? new Date(fields.eventTime.epochMs) : null,
        eventEndTime: fields.eventEndTime ? new Date(fields.eventEndTime.epochMs) : null,
        timePrecision: fields.eventTime?.precision ?? 'day',
        longitude,
        latitude,
        locationName,
        coordinateSource: source,
        coordinatePrecision: precision,
        coordinateConfidence: confidence,
        coordinateSourceColumns: sourceColumns,
        coordinateProvider: provider,
        geocodedQuery,
        data: boundEventData(data, cuts).data,
        original: original.values,
        contentHash: id.uniqueId.startsWith('h:') ? id.uniqueId.slice(2) : null,
        importJobId: options.importJobId,
        sourceRow: row.rowNumber,
      },
    }
  }
}
