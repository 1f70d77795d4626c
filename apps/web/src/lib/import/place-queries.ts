/**
 * The geocoding query of a row's place columns, and its cache key: the same place written the
 * same way is geocoded once per import and once ever (the location cache).
 * @module
 */
import { normalizeGeocodingQuery, type GeocodingQuery } from '@chronotope/geocoding'
import type { EventFields } from '@chronotope/schema'

/**
 * The geocoding query for a row's place, with the dataset's country bias.
 * @example placeQueryOf({ text: 'Dayton, OH', city: 'Dayton', region: 'OH' }, 'US').countryBias // 'US'
 */
export function placeQueryOf(
  place: NonNullable<EventFields['placeQuery']>,
  countryBias?: string | null,
): GeocodingQuery {
  const query: GeocodingQuery = {
    text: place.text,
    ...(place.street ? { street: place.street } : {}),
    ...(place.city ? { city: place.city } : {}),
    ...(place.region ? { region: place.region } : {}),
    ...(place.country ? { country: place.country } : {}),
    ...(place.postalCode ? { postalCode: place.postalCode } : {}),
    ...(countryBias ? { countryBias } : {}),
  }
  return query
}

/** The cache key of a geocoding query. */
export function placeKey(query: GeocodingQuery): string {
  return normalizeGeocodingQuery(query)
}
