/**
 * The geocoding report's numbers as they stand now: what the geocoder placed, plus the places people
 * placed by hand since, so "places found" and "rows without a place" change with each correction.
 * @module
 */
import type { StoredGeocoding } from './import-documents'

/** How many of an import's places are on the map now. */
export interface GeocodingReportCounts {
  /** Distinct places of the sheet. */
  readonly places: number
  /** Places on the map: placed by the geocoder (at or above the minimum confidence) or by hand. */
  readonly placed: number
  /** Places the geocoder had not placed and a person then placed by hand. */
  readonly placedByHand: number
  /** Places still without a point. */
  readonly notPlaced: number
  /** Rows whose event has no place (events placed by a correction no longer count). */
  readonly rowsWithoutPlace: number | null
}

/**
 * Counts an import job's places as they stand after the corrections made so far; null until its
 * places are geocoded.
 * @example geocodingReportCounts({ places: [a, b], stats: { total: 2, placed: 1, … }, corrections: [{ place: b.key, wasPlaced: false, … }] }) // { places: 2, placed: 2, placedByHand: 1, notPlaced: 0, rowsWithoutPlace: … }
 */
export function geocodingReportCounts(geocoding: StoredGeocoding): GeocodingReportCounts | null {
  const stats = geocoding.stats
  if (!stats) return null
  const keys = new Set(geocoding.places.map((place) => place.key))
  const placedByHand = new Set(
    (geocoding.corrections ?? [])
      .filter((correction) => correction.wasPlaced === false && keys.has(correction.place))
      .map((correction) => correction.place),
  ).size
  // Stats written before "placed" existed counted every answer as found.
  const placedByGeocoder = stats.placed ?? stats.resolved
  const placed = Math.min(stats.total, placedByGeocoder + placedByHand)
  return {
    places: stats.total,
    placed,
    placedByHand,
    notPlaced: stats.total - placed,
    rowsWithoutPlace: geocoding.unplacedRows ?? null,
  }
}
