import { normalizePlaceName } from './normalize-place-name'
import type { GeocodingQuery } from './types'

/** The parts of a query that make up its cache key, in their fixed order. */
const KEY_PARTS = ['text', 'street', 'city', 'postalCode', 'region', 'country'] as const

/**
 * Builds the stable cache key of a query: each present part normalized (lowercase, accents folded,
 * whitespace collapsed, abbreviations expanded), in a fixed order, joined with `|`. Queries that only
 * differ in case, accents or spacing share a key; `countryBias` is part of it because it can change
 * the answer.
 * @example normalizeGeocodingQuery({ city: ' Springfield', region: 'IL', country: 'US' }) // 'springfield|il|us'
 * @example normalizeGeocodingQuery({ text: 'Montréal,  QC' }) // 'montreal qc'
 */
export function normalizeGeocodingQuery(query: GeocodingQuery): string {
  const parts: string[] = []
  for (const key of KEY_PARTS) {
    const value = query[key]
    if (value === undefined) continue
    const normalized = normalizePlaceName(value)
    if (normalized !== '') parts.push(normalized)
  }
  const bias = query.countryBias?.trim().toLowerCase()
  if (bias) parts.push(`bias:${bias}`)
  return parts.join('|')
}
