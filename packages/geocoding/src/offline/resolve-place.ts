import type { GeocodingCandidate, GeocodingQuery, GeocodingResult } from '../types'
import type { Gazetteer } from './index-places'
import { readQuery } from './read-query'
import { scoreAreas, scorePostalCode } from './score-areas'
import { OFFLINE_PROVIDER_NAME, scoreCities } from './score-cities'

/** How many ranked candidates a result carries. */
export const MAX_CANDIDATES = 5

/** Keeps each place once, with the highest confidence any reading gave it. */
function mergeCandidates(candidates: readonly GeocodingCandidate[]): GeocodingCandidate[] {
  const bySource = new Map<string, GeocodingCandidate>()
  for (const candidate of candidates) {
    const key = candidate.sourceId ?? `${candidate.latitude},${candidate.longitude}`
    const known = bySource.get(key)
    if (known === undefined || candidate.confidence > known.confidence) bySource.set(key, candidate)
  }
  return [...bySource.values()].sort((a, b) => b.confidence - a.confidence || (b.population ?? 0) - (a.population ?? 0))
}

/**
 * Resolves a query against the offline gazetteer: every reading of the query is scored (cities in
 * the named region or country, else the region or country itself, plus the ZIP code) and the most
 * confident candidate wins.
 * @example resolvePlace(gazetteer, { text: 'Pheonix, AZ' }).best?.label // 'Phoenix, Arizona, United States'
 */
export function resolvePlace(gazetteer: Gazetteer, query: GeocodingQuery): GeocodingResult {
  const { readings, postalCode, hasStreet, countryBias, description } = readQuery(gazetteer, query)
  const candidates: GeocodingCandidate[] = []
  // The literal reading ("Moon Township, PA" all as city words) only counts when no other reading
  // recognised a region or country: else it lets a namesake elsewhere beat the named state.
  const literal = readings[0]
  const counted =
    readings.length > 1 && literal !== undefined && literal.cityParts.length > 1 ? readings.slice(1) : readings
  for (const reading of counted) {
    const cities = scoreCities(gazetteer, reading, countryBias, hasStreet)
    candidates.push(...cities)
    if (cities.length === 0) {
      const spelledAs = reading.cityParts.length === 0 ? (readings[0]?.cityParts ?? []) : []
      candidates.push(...scoreAreas(gazetteer, reading, countryBias, spelledAs.length === 1 ? spelledAs : []))
    }
  }
  if (postalCode !== undefined) {
    const postal = scorePostalCode(gazetteer, postalCode, readings)
    if (postal !== undefined) candidates.push(postal)
  }
  const ranked = mergeCandidates(candidates).slice(0, MAX_CANDIDATES)
  const best = ranked[0]
  if (best === undefined) {
    const what = [description, postalCode].filter((part) => part !== undefined && part !== '').join(' ')
    return {
      status: 'not-found',
      candidates: [],
      provider: OFFLINE_PROVIDER_NAME,
      error:
        what === ''
          ? 'no place given: the query has no city, region, country or postal code'
          : `no place matching "${what}" in the offline gazetteer (cities of 1,000+ people, US towns, regions, countries)`,
    }
  }
  return { status: 'resolved', best, candidates: ranked, provider: OFFLINE_PROVIDER_NAME }
}
