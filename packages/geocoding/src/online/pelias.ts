import type { GeocodingCandidate } from '../types'
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

function readFeature(value: unknown, provider: string): GeocodingCandidate | undefined {
  const feature = asRecord(value)
  const coordinates = asArray(asRecord(feature.geometry).coordinates)
  const longitude = asNumber(coordinates[0])
  const latitude = asNumber(coordinates[1])
  if (latitude === undefined || longitude === undefined || !isValidPoint(latitude, longitude)) return undefined
  const properties = asRecord(feature.properties)
  const candidate: GeocodingCandidate = {
    latitude,
    longitude,
    label: asString(properties.label) ?? asString(properties.name) ?? `${latitude}, ${longitude}`,
    precision: precisionOfPlaceTypes([asString(properties.layer)]) ?? 'city',
    confidence: clampConfidence(asNumber(properties.confidence) ?? 0.5),
    provider,
  }
  const countryCode = asString(properties.country_code)
  if (countryCode !== undefined && countryCode.length === 2) candidate.countryCode = countryCode.toUpperCase()
  const region = asString(properties.region)
  if (region !== undefined) candidate.region = region
  const gid = asString(properties.gid)
  if (gid !== undefined) candidate.sourceId = `pelias:${gid}`
  return candidate
}

function readAnswer(answer: JsonAnswer, settings: OnlineApiSettings): GeocodingCandidate[] {
  const body = asRecord(answer.body)
  const errors = asArray(asRecord(body.geocoding).errors)
    .map(asString)
    .filter((error) => error !== undefined)
  if (answer.status !== 200 || errors.length > 0 || !Array.isArray(body.features)) {
    const message =
      errors.join('; ') || (asString(body.error) ?? asString(body.message) ?? 'expected a GeoJSON FeatureCollection')
    throw new ProviderRequestFailed(settings.name, `HTTP ${answer.status}: ${message}`, answer.status)
  }
  return body.features
    .map((feature) => readFeature(feature, settings.name))
    .filter((candidate) => candidate !== undefined)
}

/**
 * Pelias (self-hosted or geocode.earth): `/v1/search/structured` for structured queries, else
 * `/v1/search`; there is no public server, so the base URL is required.
 */
export const PELIAS_API: OnlineApi = {
  requiresApiKey: false,
  buildUrl: (query, settings) => {
    const common = {
      size: 5,
      api_key: settings.apiKey,
      'boundary.country': query.country === undefined ? settings.countryBias : undefined,
      lang: settings.language,
    }
    if (hasStructuredParts(query)) {
      return setParams(new URL(`${settings.baseUrl}/v1/search/structured`), {
        ...common,
        address: query.street,
        locality: query.city,
        region: query.region,
        country: query.country,
        postalcode: query.postalCode,
      })
    }
    return setParams(new URL(`${settings.baseUrl}/v1/search`), { ...common, text: queryAsText(query) })
  },
  readAnswer,
}
