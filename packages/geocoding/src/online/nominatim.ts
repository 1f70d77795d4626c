import type { GeocodingCandidate, GeocodingQuery, LocationPrecision } from '../types'
import {
  asArray,
  asNumber,
  asRecord,
  asString,
  hasStructuredParts,
  isValidPoint,
  queryAsText,
  setParams,
} from './online-api'
import type { OnlineApi, OnlineApiSettings } from './online-api'
import { clampConfidence, precisionOfPlaceTypes } from './place-types'
import { ProviderRequestFailed } from './provider-errors'
import type { JsonAnswer } from './request-json'

/** Nominatim's place_rank → precision when its type words name none (4 country, 8 state, 16 city, 26 street, 30 house). */
function precisionOfRank(rank: number | undefined): LocationPrecision {
  if (rank === undefined) return 'city'
  if (rank <= 4) return 'country'
  if (rank <= 12) return 'region'
  if (rank <= 24) return 'city'
  return rank <= 27 ? 'street' : 'rooftop'
}

function readPlace(value: unknown, provider: string): GeocodingCandidate | undefined {
  const place = asRecord(value)
  const latitude = asNumber(place.lat)
  const longitude = asNumber(place.lon)
  if (latitude === undefined || longitude === undefined || !isValidPoint(latitude, longitude)) return undefined
  const address = asRecord(place.address)
  const importance = asNumber(place.importance)
  const candidate: GeocodingCandidate = {
    latitude,
    longitude,
    label: asString(place.display_name) ?? asString(place.name) ?? `${latitude}, ${longitude}`,
    precision:
      precisionOfPlaceTypes([asString(place.addresstype), asString(place.type)]) ??
      precisionOfRank(asNumber(place.place_rank)),
    // Importance is how prominent the place is (0..1), not how well it matched: a found place starts at 0.4.
    confidence: clampConfidence(importance === undefined ? 0.5 : 0.4 + 0.6 * importance),
    provider,
  }
  const countryCode = asString(address.country_code)
  if (countryCode !== undefined) candidate.countryCode = countryCode.toUpperCase()
  const region = asString(address.state) ?? asString(address.province) ?? asString(address.region)
  if (region !== undefined) candidate.region = region
  const osmType = asString(place.osm_type)
  const osmId = asNumber(place.osm_id)
  if (osmType !== undefined && osmId !== undefined) candidate.sourceId = `osm:${osmType}/${osmId}`
  return candidate
}

function errorMessage(body: unknown): string | undefined {
  const error = asRecord(body).error
  return asString(error) ?? asString(asRecord(error).message)
}

/** Builds a Nominatim (or LocationIQ) search URL: structured parameters when the query has them. */
function buildSearchUrl(path: string, query: GeocodingQuery, settings: OnlineApiSettings): URL {
  const url = setParams(new URL(`${settings.baseUrl}${path}`), {
    format: 'jsonv2',
    addressdetails: 1,
    limit: 5,
    countrycodes: settings.countryBias?.toLowerCase(),
    'accept-language': settings.language,
    key: settings.apiKey,
  })
  // Nominatim refuses q= mixed with structured parameters.
  if (hasStructuredParts(query)) {
    return setParams(url, {
      street: query.street,
      city: query.city,
      state: query.region,
      country: query.country,
      postalcode: query.postalCode,
    })
  }
  return setParams(url, { q: queryAsText(query) })
}

function readSearchAnswer(answer: JsonAnswer, settings: OnlineApiSettings): GeocodingCandidate[] {
  const message = errorMessage(answer.body)
  // LocationIQ answers "no result" as HTTP 404 {"error":"Unable to geocode"}.
  if (answer.status === 404 && message !== undefined && /unable to geocode/i.test(message)) return []
  if (answer.status !== 200 || message !== undefined) {
    throw new ProviderRequestFailed(
      settings.name,
      `HTTP ${answer.status}: ${message ?? 'unexpected answer'}`,
      answer.status,
    )
  }
  if (!Array.isArray(answer.body))
    throw new ProviderRequestFailed(settings.name, 'expected a JSON array of places', answer.status)
  return asArray(answer.body)
    .map((place) => readPlace(place, settings.name))
    .filter((candidate) => candidate !== undefined)
}

/** Nominatim (OpenStreetMap), `/search` in the jsonv2 format; its usage policy allows 1 request/s. */
export const NOMINATIM_API: OnlineApi = {
  defaultBaseUrl: 'https://nominatim.openstreetmap.org',
  requiresApiKey: false,
  buildUrl: (query, settings) => buildSearchUrl('/search', query, settings),
  readAnswer: readSearchAnswer,
}

/** LocationIQ: Nominatim's API under `/v1/search` with a `key` parameter. */
export const LOCATIONIQ_API: OnlineApi = {
  defaultBaseUrl: 'https://us1.locationiq.com',
  requiresApiKey: true,
  buildUrl: (query, settings) => buildSearchUrl('/v1/search', query, settings),
  readAnswer: readSearchAnswer,
}
