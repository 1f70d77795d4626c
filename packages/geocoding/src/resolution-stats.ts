import type { GeocodingResultsMap, LocationPrecision } from './types'

/** One of the least confident resolved places, for an editor to check. */
export interface LowConfidencePlace {
  /** The normalized query key. */
  query: string
  /** The label of the place chosen. */
  label: string
  /** Its confidence, 0..1. */
  confidence: number
  /** Its precision. */
  precision: LocationPrecision
}

/** Product type "resolution stats": how the places of an import were geocoded. */
export interface ResolutionStats {
  /** Distinct places (queries) geocoded. */
  total: number
  /** Places resolved (at any confidence). */
  resolved: number
  /** Places no provider knew. */
  notFound: number
  /** Places whose providers all failed. */
  failed: number
  /** Resolved places by the precision of their point. */
  byPrecision: Partial<Record<LocationPrecision, number>>
  /** Resolved places by the provider that placed them. */
  byProvider: Record<string, number>
  /** Up to {@link MAX_LOW_CONFIDENCE_PLACES} least confident resolved places, ascending. */
  lowestConfidence: LowConfidencePlace[]
  /** Up to {@link MAX_LOW_CONFIDENCE_PLACES} places (keys) no provider resolved, to place by hand. */
  unresolved: string[]
}

/** How many of the least confident places {@link summarizeResolution} lists. */
export const MAX_LOW_CONFIDENCE_PLACES = 20

/**
 * Counts how the distinct places of an import resolved: by status, precision and provider, plus the
 * least confident ones (ties in query order) and the first unresolved ones.
 * @example summarizeResolution(new Map([['dayton|oh', daytonResult]])) // { total: 1, resolved: 1, notFound: 0, failed: 0, byPrecision: { city: 1 }, byProvider: { offline: 1 }, lowestConfidence: [{ query: 'dayton|oh', label: 'Dayton, Ohio, United States', confidence: 0.95, precision: 'city' }], unresolved: [] }
 */
export function summarizeResolution(results: GeocodingResultsMap): ResolutionStats {
  const stats: ResolutionStats = {
    total: results.size,
    resolved: 0,
    notFound: 0,
    failed: 0,
    byPrecision: {},
    byProvider: {},
    lowestConfidence: [],
    unresolved: [],
  }
  const placed: LowConfidencePlace[] = []
  for (const [query, result] of results) {
    if (result.status === 'resolved' && result.best !== undefined) {
      const { best } = result
      stats.resolved++
      stats.byPrecision[best.precision] = (stats.byPrecision[best.precision] ?? 0) + 1
      stats.byProvider[best.provider] = (stats.byProvider[best.provider] ?? 0) + 1
      placed.push({ query, label: best.label, confidence: best.confidence, precision: best.precision })
    } else {
      if (result.status === 'failed') stats.failed++
      else stats.notFound++
      if (stats.unresolved.length < MAX_LOW_CONFIDENCE_PLACES) stats.unresolved.push(query)
    }
  }
  stats.lowestConfidence = placed.sort((a, b) => a.confidence - b.confidence).slice(0, MAX_LOW_CONFIDENCE_PLACES)
  return stats
}
