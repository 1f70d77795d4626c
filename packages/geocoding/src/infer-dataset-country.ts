import { normalizePlaceName } from './normalize-place-name'
import { parsePlaceText } from './parse-place-text'
import { COMMON_COUNTRY_NAMES, REGION_COUNTRY_BY_NAME } from './region-countries'
import type { GeocodingQuery } from './types'

/** Share of the places with country evidence that must agree for the dataset to have a country. */
const MAJORITY = 0.6
/** Share of all places that must carry country evidence at all. */
const MINIMUM_EVIDENCE = 0.3

function countryOfCountryValue(value: string): string | undefined {
  const normalized = normalizePlaceName(value)
  if (/^[a-z]{2}$/.test(normalized)) return normalized.toUpperCase()
  return COMMON_COUNTRY_NAMES.get(normalized)
}

/** The country one query points to, from its country, its region, or the last part of its text. */
function countryEvidence(query: GeocodingQuery): string | undefined {
  if (query.country !== undefined && query.country.trim() !== '') return countryOfCountryValue(query.country)
  if (query.region !== undefined && query.region.trim() !== '') {
    return REGION_COUNTRY_BY_NAME.get(normalizePlaceName(query.region))
  }
  if (query.text === undefined) return /^\d{5}(-\d{4})?$/.test(query.postalCode?.trim() ?? '') ? 'US' : undefined
  const { parts, postalCode } = parsePlaceText(query.text)
  const last = parts.length > 1 ? parts[parts.length - 1] : undefined
  if (last !== undefined) {
    const normalized = normalizePlaceName(last)
    // In "City, XX" a two-letter code is far more often a US state than a country ("Dover, DE").
    return REGION_COUNTRY_BY_NAME.get(normalized) ?? COMMON_COUNTRY_NAMES.get(normalized)
  }
  return postalCode !== undefined ? 'US' : undefined
}

/**
 * Guesses the one country a dataset's places lie in, to use as the country bias for places that
 * name none: when at least 30 % of the places carry a clue (a country, a US state / Canadian
 * province / Australian state, a ZIP code) and 60 % of the clues agree. Otherwise undefined.
 * @example inferDatasetCountry([{ text: 'Dayton, OH' }, { text: 'Springfield' }, { city: 'Erie', region: 'Pennsylvania' }]) // 'US'
 */
export function inferDatasetCountry(queries: readonly GeocodingQuery[]): string | undefined {
  const votes = new Map<string, number>()
  let places = 0
  let clues = 0
  for (const query of queries) {
    const hasPlace = [query.text, query.city, query.region, query.country, query.postalCode].some(
      (value) => value !== undefined && value.trim() !== '',
    )
    if (!hasPlace) continue
    places++
    const country = countryEvidence(query)
    if (country === undefined) continue
    clues++
    votes.set(country, (votes.get(country) ?? 0) + 1)
  }
  if (places === 0 || clues < MINIMUM_EVIDENCE * places) return undefined
  const [leader, count] = [...votes].sort((a, b) => b[1] - a[1])[0] ?? ['', 0]
  return count >= MAJORITY * clues ? leader : undefined
}
