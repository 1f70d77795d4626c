import type { Row } from './cell-value'
import { detectSchema } from './schema-builder'
import type { GeoColumnResult } from './types'

/**
 * Product service "geo location detector": finds where rows keep their location — latitude and
 * longitude columns (possibly swapped, decimal or degrees-minutes-seconds), one combined
 * coordinate column, or address columns to geocode — from headers in several languages and
 * the values. The same result is `detectSchema(...).mapping.location`.
 * @example
 * detectGeoColumns(['city', 'lat', 'lng'], [{ city: 'Tampa', lat: '27.95', lng: '-82.45' }])
 * // { kind: 'lat-lon', latitude: 'lat', longitude: 'lng', format: 'decimal', address: { city: 'city' }, ... }
 */
export function detectGeoColumns(headers: readonly string[], rows: readonly Row[]): GeoColumnResult {
  return detectSchema(headers, rows).mapping.location
}
