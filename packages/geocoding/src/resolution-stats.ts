import { isPlaced } from './provider-chain'
import type { GeocodingCandidate, GeocodingResultsMap, LocationPrecision } from './types'
import { DEFAULT_GEOCODING_SETTINGS } from './types'

/** One of the least confident placed places, for an editor to check. */
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

/** A place a person may pick for a place that was not placed: a provider's candidate, shortened. */
export interface SuggestedPlace {
  /** Human-readable name, e.g. `"Springfield, Illinois, United States"`. */
  label: string
  /** Latitude in decimal degrees (WGS 84). */
  latitude: number
  /** Longitude in decimal degrees (WGS 84). */
  longitude: number
  /** How exactly the point locates the place. */
  precision: LocationPrecision
  /** The provider's confidence, 0..1, below the minimum (else the place would be placed). */
  confidence: number
  /** The provider that suggested it. */
  provider: string
}

/** Why a place was not placed. */
export type NotPlacedReason = 'below-minimum' | 'not-found' | 'failed'

/** A place of an import that no event was placed at, with what a person may pick instead. */
export interface NotPlacedPlace {
  /** The normalized query key. */
  query: string
  /** `'below-minimum'`: only less confident answers (a country for a city, a close spelling). */
  reason: NotPlacedReason
  /** The best candidates, most confident first, at most {@link MAX_SUGGESTIONS}. */
  candidates: SuggestedPlace[]
}

/** Product type "resolution stats": how the places of an import were geocoded. */
export interface ResolutionStats {
  /** Distinct places (queries) geocoded. */
  total: number
  /** The confidence a place needed to be placed (the dataset's minimum), 0..1. */
  minimumConfidence: number
  /** Places placed: resolved at or above {@link ResolutionStats.minimumConfidence}. */
  placed: number
  /** Places some provider answered, whatever the confidence (`placed` + `belowMinimum`). */
  resolved: number
  /** Places answered only below the minimum confidence: not placed, with candidates to pick. */
  belowMinimum: number
  /** Places no provider knew. */
  notFound: number
  /** Places whose providers all failed. */
  failed: number
  /** Placed places by the precision of their point. */
  byPrecision: Partial<Record<LocationPrecision, number>>
  /** Placed places by the provider that placed them. */
  byProvider: Record<string, number>
  /** Up to {@link MAX_LOW_CONFIDENCE_PLACES} least confident placed places, ascending. */
  lowestConfidence: LowConfidencePlace[]
  /** Up to {@link MAX_NOT_PLACED_PLACES} places not placed, in query order, to place by hand. */
  notPlaced: NotPlacedPlace[]
}

/** How many of the least confident places {@link summarizeResolution} lists. */
export const MAX_LOW_CONFIDENCE_PLACES = 20
/** How many places not placed {@link summarizeResolution} lists with their candidates. */
export const MAX_NOT_PLACED_PLACES = 200
/** How many candidates each place not placed keeps. */
export const MAX_SUGGESTIONS = 3

function suggestion(candidate: GeocodingCandidate): SuggestedPlace {
  const { label, latitude, longitude, precision, confidence, provider } = candidate
  return { label, latitude, longitude, precision, confidence, provider }
}

/**
 * Counts how the distinct places of an import resolved. "Placed" means what the events got: a
 * result at or above `minimumConfidence` (the dataset's); an answer below it (a country when a
 * city was asked, a close spelling) is not placed and is listed with its best candidates beside the
 * places nobody found. Also counts placed places by precision and provider, and lists the least
 * confident placed ones (ties in query order).
 * @param minimumConfidence - the dataset's minimum confidence, 0..1 (default 0.5)
 * @example summarizeResolution(new Map([['dayton|oh', daytonResult]]), 0.5) // { total: 1, placed: 1, resolved: 1, belowMinimum: 0, notFound: 0, failed: 0, minimumConfidence: 0.5, byPrecision: { city: 1 }, byProvider: { offline: 1 }, lowestConfidence: [{ query: 'dayton|oh', label: 'Dayton, Ohio, United States', confidence: 0.95, precision: 'city' }], notPlaced: [] }
 */
export function summarizeResolution(
  results: GeocodingResultsMap,
  minimumConfidence: number = DEFAULT_GEOCODING_SETTINGS.minimumConfidence,
): ResolutionStats {
  const stats: ResolutionStats = {
    total: results.size,
    minimumConfidence,
    placed: 0,
    resolved: 0,
    belowMinimum: 0,
    notFound: 0,
    failed: 0,
    byPrecision: {},
    byProvider: {},
    lowestConfidence: [],
    notPlaced: [],
  }
  const placed: LowConfidencePlace[] = []
  for (const [query, result] of results) {
    if (result.status === 'resolved' && result.best !== undefined && isPlaced(result, { minimumConfidence })) {
      const { best } = result
      stats.placed++
      stats.resolved++
      stats.byPrecision[best.precision] = (stats.byPrecision[best.precision] ?? 0) + 1
      stats.byProvider[best.provider] = (stats.byProvider[best.provider] ?? 0) + 1
      placed.push({ query, label: best.label, confidence: best.confidence, precision: best.precision })
      continue
    }
    let reason: NotPlacedReason
    if (result.status === 'resolved') {
      stats.resolved++
      stats.belowMinimum++
      reason = 'below-minimum'
    } else if (result.status === 'failed') {
      stats.failed++
      reason = 'failed'
    } else {
      stats.notFound++
      reason = 'not-found'
    }
    if (stats.notPlaced.length < MAX_NOT_PLACED_PLACES) {
      stats.notPlaced.push({ query, reason, candidates: result.candidates.slice(0, MAX_SUGGESTIONS).map(suggestion) })
    }
  }
  stats.lowestConfidence = placed.sort((a, b) => a.confidence - b.confidence).slice(0, MAX_LOW_CONFIDENCE_PLACES)
  return stats
}
