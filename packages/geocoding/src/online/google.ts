import type { GeocodingCandidate, LocationPrecision } from '../types'
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

/** Confidence by `geometry.location_type`: how exactly Google placed the point. */
const CONFIDENCE_BY_LOCATION_TYPE: Readonly<Record<string, number>> = {
  ROOFTOP: 0.95,
  RANGE_INTERPOLATED: 0.85,
  GEOMETRIC_CENTER: 0.8,
  APPROXIMATE: 0.75,
}
/** A partial match (Google guessed part of the address) counts this much less. */
const PARTIAL_MATCH_FACTOR = 0.6
/** Google's body statuses worth retrying after a pause, like HTTP 429/503. */
const RETRYABLE_STATUSES = new Set(['OVER_QUERY_LIMIT', 'UNKNOWN_ERROR'])

function component(components: unknown[], type: string): Record<string, unknown> | undefined {
  return components.map(asRecord).find((part) => asArray(part.types).includes(type))
}

function readResult(value: unknown, provider: string): GeocodingCandidate | undefined {
  const result = asRecord(value)
  const geometry = asRecord(result.geometry)
  const location = asRecord(geometry.location)
  const latitude = asNumber(location.lat)
  const longitude = asNumber(location.lng)
  if (latitude === undefined || longitude === undefined || !isValidPoint(latitude, longitude)) return undefined
  const locationType = asString(geometry.location_type) ?? 'APPROXIMATE'
  const types = asArray(result.types).map(asString)
  const precision: LocationPrecision = locationType === 'ROOFTOP' ? 'rooftop' : (precisionOfPlaceTypes(types) ?? 'city')
  const components = asArray(result.address_components)
  const candidate: GeocodingCandidate = {
    latitude,
    longitude,
    label: asString(result.formatted_address) ?? `${latitude}, ${longitude}`,
    precision,
    confidence: clampConfidence(
      (CONFIDENCE_BY_LOCATION_TYPE[locationType] ?? 0.7) * (result.partial_match === true ? PARTIAL_MATCH_FACTOR : 1),
    ),
    provider,
  }
  const countryCode = asString(component(components, 'country')?.short_name)
  if (countryCode !== undefined) candidate.countryCode = countryCode.toUpperCase()
  const region = asString(component(components, 'administrative_area_level_1')?.long_name)
  if (region !== undefined) candidate.region = region
  const placeId = asString(result.place_id)
  if (placeId !== undefined) candidate.sourceId = `google:${placeId}`
  return candidate
}

function readAnswer(answer: JsonAnswer, settings: OnlineApiSettings): GeocodingCandidate[] {
  const body = asRecord(answer.body)
  const status = asString(body.status)
  if (status === 'ZERO_RESULTS') return []
  if (answer.status !== 200 || status !== 'OK') {
    const detail = asString(body.error_message)
    throw new ProviderRequestFailed(
      settings.name,
      `HTTP ${answer.status}, status ${status ?? 'missing'}${detail === undefined ? '' : `: ${detail}`}`,
      answer.status,
    )
  }
  return asArray(body.results)
    .map((result) => readResult(result, settings.name))
    .filter((candidate) => candidate !== undefined)
}

/** Google Geocoding API, `/maps/api/geocode/json`: address plus `components` filters, API key required. */
export const GOOGLE_API: OnlineApi = {
  defaultBaseUrl: 'https://maps.googleapis.com',
  requiresApiKey: true,
  buildUrl: (query, settings) => {
    const components = [
      query.country === undefined && settings.countryBias !== undefined ? `country:${settings.countryBias}` : undefined,
      query.postalCode === undefined ? undefined : `postal_code:${query.postalCode}`,
    ].filter((part) => part !== undefined)
    return setParams(new URL(`${settings.baseUrl}/maps/api/geocode/json`), {
      address: hasStructuredParts(query) || query.text !== undefined ? queryAsText(query) : undefined,
      components: components.length > 0 ? components.join('|') : undefined,
      key: settings.apiKey,
      language: settings.language,
    })
  },
  readAnswer,
  isRetryableAnswer: (answer) => RETRYABLE_STATUSES.has(asString(asRecord(answer.body).status) ?? ''),
}
