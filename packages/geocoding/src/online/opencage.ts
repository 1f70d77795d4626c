import type { GeocodingCandidate } from '../types'
import { asArray, asNumber, asRecord, asString, isValidPoint, queryAsText, setParams } from './online-api'
import type { OnlineApi, OnlineApiSettings } from './online-api'
import { clampConfidence, precisionOfPlaceTypes } from './place-types'
import { ProviderRequestFailed } from './provider-errors'
import type { JsonAnswer } from './request-json'

function readResult(value: unknown, provider: string): GeocodingCandidate | undefined {
  const result = asRecord(value)
  const geometry = asRecord(result.geometry)
  const latitude = asNumber(geometry.lat)
  const longitude = asNumber(geometry.lng)
  if (latitude === undefined || longitude === undefined || !isValidPoint(latitude, longitude)) return undefined
  const components = asRecord(result.components)
  const candidate: GeocodingCandidate = {
    latitude,
    longitude,
    label: asString(result.formatted) ?? `${latitude}, ${longitude}`,
    precision: precisionOfPlaceTypes([asString(components._type)]) ?? 'city',
    // OpenCage's confidence (1..10) grades the size of the place's bounding box, 10 being < 250 m.
    confidence: clampConfidence((asNumber(result.confidence) ?? 5) / 10),
    provider,
  }
  const countryCode = asString(components['ISO_3166-1_alpha-2']) ?? asString(components.country_code)
  if (countryCode !== undefined) candidate.countryCode = countryCode.toUpperCase()
  const region = asString(components.state) ?? asString(components.province) ?? asString(components.region)
  if (region !== undefined) candidate.region = region
  return candidate
}

function readAnswer(answer: JsonAnswer, settings: OnlineApiSettings): GeocodingCandidate[] {
  const body = asRecord(answer.body)
  const status = asRecord(body.status)
  if (answer.status !== 200 || !Array.isArray(body.results)) {
    const message = asString(status.message) ?? 'expected {"results": [...]}'
    throw new ProviderRequestFailed(settings.name, `HTTP ${answer.status}: ${message}`, answer.status)
  }
  return asArray(body.results)
    .map((result) => readResult(result, settings.name))
    .filter((candidate) => candidate !== undefined)
}

/** OpenCage, `/geocode/v1/json`: free text, `countrycode` restriction, API key required. */
export const OPENCAGE_API: OnlineApi = {
  defaultBaseUrl: 'https://api.opencagedata.com',
  requiresApiKey: true,
  buildUrl: (query, settings) =>
    setParams(new URL(`${settings.baseUrl}/geocode/v1/json`), {
      q: queryAsText(query),
      key: settings.apiKey,
      limit: 5,
      no_annotations: 1,
      countrycode: settings.countryBias?.toLowerCase(),
      language: settings.language,
    }),
  readAnswer,
}
