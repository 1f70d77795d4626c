import type { GeocodingCandidate, GeocodingQuery } from '../types'
import type { JsonAnswer } from './request-json'

/** The settings an online API builds its request from, with defaults applied. */
export interface OnlineApiSettings {
  /** Provider name put on every candidate. */
  name: string
  /** Base URL without trailing slash, e.g. `https://nominatim.openstreetmap.org`. */
  baseUrl: string
  apiKey?: string
  /** ISO alpha-2 country to prefer or restrict to, upper case. */
  countryBias?: string
  language?: string
}

/** One online geocoding API: how to ask it and how to read its answer. */
export interface OnlineApi {
  /** The public service's base URL; undefined when the API has none (Pelias). */
  defaultBaseUrl?: string
  /** Whether a request without an API key cannot succeed. */
  requiresApiKey: boolean
  /** Builds the request URL for a query. */
  buildUrl(query: GeocodingQuery, settings: OnlineApiSettings): URL
  /**
   * Reads an answer into candidates, best first (empty: not found).
   * @throws {@link ProviderRequestFailed} for an error answer (HTTP or API status)
   */
  readAnswer(answer: JsonAnswer, settings: OnlineApiSettings): GeocodingCandidate[]
  /** Whether an answer is a temporary refusal to retry after a pause (Google's OVER_QUERY_LIMIT in an HTTP 200). */
  isRetryableAnswer?: (answer: JsonAnswer) => boolean
}

/**
 * Sets URL search parameters, skipping empty values.
 * @example setParams(new URL('https://x/search'), { q: 'Berlin', limit: 5, key: undefined }).search // '?q=Berlin&limit=5'
 */
export function setParams(url: URL, params: Record<string, string | number | undefined>): URL {
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && String(value).trim() !== '') url.searchParams.set(key, String(value).trim())
  }
  return url
}

/**
 * The query as one line of free text: street, postal code and city, region, country.
 * @example queryAsText({ city: 'Dayton', region: 'OH' }) // 'Dayton, OH'
 */
export function queryAsText(query: GeocodingQuery): string {
  const parts = [query.street, [query.postalCode, query.city].filter(Boolean).join(' '), query.region, query.country]
  const structured = parts.filter((part) => part !== undefined && part.trim() !== '').join(', ')
  return query.city !== undefined ||
    query.street !== undefined ||
    query.postalCode !== undefined ||
    query.text === undefined
    ? structured
    : [query.text, query.region, query.country].filter((part) => part !== undefined && part.trim() !== '').join(', ')
}

/** Whether the query has structured parts an API's structured search can take. */
export function hasStructuredParts(query: GeocodingQuery): boolean {
  return [query.city, query.street, query.postalCode].some((part) => part !== undefined && part.trim() !== '')
}

/** A value as an object, or an empty one: API answers are untrusted JSON. */
export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

/** A value as an array, or an empty one. */
export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}

/** A value as a string, or undefined. */
export function asString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** A value (number or numeric string) as a finite number, or undefined. */
export function asNumber(value: unknown): number | undefined {
  const number = typeof value === 'string' ? Number(value) : value
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined
}

/** Whether a point is a valid WGS 84 coordinate. */
export function isValidPoint(latitude: number | undefined, longitude: number | undefined): boolean {
  return latitude !== undefined && longitude !== undefined && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180
}
