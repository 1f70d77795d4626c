import type { GeocodingCandidate } from '../types'
import { asArray, asNumber, asRecord, asString, isValidPoint, queryAsText, setParams } from './online-api'
import type { OnlineApi, OnlineApiSettings } from './online-api'
import { clampConfidence, precisionOfPlaceTypes } from './place-types'
import { ProviderRequestFailed } from './provider-errors'
import type { JsonAnswer } from './request-json'

/** Languages Photon's public server answers in; others are left out rather than refused. */
const PHOTON_LANGUAGES = new Set(['default', 'en', 'de', 'fr'])
/** Photon gives no score: the first result gets this, each later one less. */
const FIRST_RESULT_CONFIDENCE = 0.75
const RANK_STEP = 0.1
/** Photon cannot filter by country, so results outside the bias country count this much less. */
const OUTSIDE_BIAS_FACTOR = 0.6

function readFeature(value: unknown, rank: number, settings: OnlineApiSettings): GeocodingCandidate | undefined {
  const feature = asRecord(value)
  const coordinates = asArray(asRecord(feature.geometry).coordinates)
  const longitude = asNumber(coordinates[0])
  const latitude = asNumber(coordinates[1])
  if (latitude === undefined || longitude === undefined || !isValidPoint(latitude, longitude)) return undefined
  const properties = asRecord(feature.properties)
  const countryCode = asString(properties.countrycode)?.toUpperCase()
  const street = [asString(properties.street), asString(properties.housenumber)].filter(Boolean).join(' ')
  const label = [
    asString(properties.name) ?? street,
    asString(properties.city),
    asString(properties.state),
    asString(properties.country),
  ]
    .filter((part, index, all) => part !== undefined && part !== '' && all.indexOf(part) === index)
    .join(', ')
  const isOutsideBias =
    settings.countryBias !== undefined && countryCode !== undefined && countryCode !== settings.countryBias
  const candidate: GeocodingCandidate = {
    latitude,
    longitude,
    label: label === '' ? `${latitude}, ${longitude}` : label,
    precision:
      precisionOfPlaceTypes([asString(properties.type), asString(properties.osm_value)]) ??
      (asString(properties.housenumber) !== undefined ? 'rooftop' : 'city'),
    confidence: clampConfidence(
      (FIRST_RESULT_CONFIDENCE - RANK_STEP * rank) * (isOutsideBias ? OUTSIDE_BIAS_FACTOR : 1),
    ),
    provider: settings.name,
  }
  if (countryCode !== undefined) candidate.countryCode = countryCode
  const region = asString(properties.state)
  if (region !== undefined) candidate.region = region
  const osmType = asString(properties.osm_type)
  const osmId = asNumber(properties.osm_id)
  if (osmType !== undefined && osmId !== undefined) candidate.sourceId = `osm:${osmType}/${osmId}`
  return candidate
}

function readAnswer(answer: JsonAnswer, settings: OnlineApiSettings): GeocodingCandidate[] {
  const body = asRecord(answer.body)
  if (answer.status !== 200 || !Array.isArray(body.features)) {
    const message = asString(body.message) ?? asString(body.error) ?? 'expected a GeoJSON FeatureCollection'
    throw new ProviderRequestFailed(settings.name, `HTTP ${answer.status}: ${message}`, answer.status)
  }
  return body.features
    .map((feature, rank) => readFeature(feature, rank, settings))
    .filter((candidate) => candidate !== undefined)
    .sort((a, b) => b.confidence - a.confidence)
}

/** Photon (komoot, OpenStreetMap data), `/api`: free-text search only, GeoJSON answers. */
export const PHOTON_API: OnlineApi = {
  defaultBaseUrl: 'https://photon.komoot.io',
  requiresApiKey: false,
  buildUrl: (query, settings) =>
    setParams(new URL(`${settings.baseUrl}/api`), {
      q: queryAsText(query),
      limit: 5,
      lang: settings.language !== undefined && PHOTON_LANGUAGES.has(settings.language) ? settings.language : undefined,
    }),
  readAnswer,
}
