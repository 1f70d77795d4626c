import { InvalidCountryBias } from '../errors'
import type { GeocodeOptions, GeocodingProvider, GeocodingQuery, GeocodingResult } from '../types'
import { GOOGLE_API } from './google'
import { createGuardedFetch } from './guarded-fetch'
import { LOCATIONIQ_API, NOMINATIM_API } from './nominatim'
import type { OnlineApi, OnlineApiSettings } from './online-api'
import { OPENCAGE_API } from './opencage'
import { checkOutboundUrl, parseAllowedHosts, type OutboundAllowList } from './outbound-policy'
import { PELIAS_API } from './pelias'
import { PHOTON_API } from './photon'
import { MissingProviderSetting, ProviderRequestFailed, redactSecrets } from './provider-errors'
import type { RateLimiter } from './rate-limiter'
import { requestJson } from './request-json'

/** The online geocoding services Chronotope speaks; LocationIQ uses Nominatim's API shape. */
export type OnlineProviderType = 'nominatim' | 'locationiq' | 'photon' | 'opencage' | 'google' | 'pelias'

/** Every {@link OnlineProviderType}, for validation and admin choices. */
export const ONLINE_PROVIDER_TYPES: readonly OnlineProviderType[] = [
  'nominatim',
  'locationiq',
  'photon',
  'opencage',
  'google',
  'pelias',
]

/** Settings of one online provider, as stored in a `geocoding-providers` document. */
export interface OnlineProviderConfig {
  /** Name on candidates, results and cache entries; defaults to the type, e.g. `"nominatim"`. */
  name?: string
  /** Base URL of the service; defaults to the public one. Pelias has none and requires it. */
  baseUrl?: string
  /** API key; required for OpenCage, Google and LocationIQ (and most Pelias hosts). Never appears in errors. */
  apiKey?: string
  /** ISO 3166-1 alpha-2 code to prefer, sent the way each API takes it; a query's own `countryBias` wins. */
  countryBias?: string
  /** Preferred language of labels, e.g. `"en"`. */
  language?: string
  /** User-Agent sent with every request; Nominatim's usage policy requires an identifying one. */
  userAgent?: string
  /** Time to wait for each answer, ms; default 10,000. */
  timeoutMs?: number
  /** Retries after 429, 503 or a timeout, honouring Retry-After (capped at 60 s); default 2. */
  maxRetries?: number
  /** Awaited before every request, retries included. */
  rateLimiter?: RateLimiter
  /**
   * Hosts and ranges requests may go to although they are not public (a self-hosted geocoder on a
   * private network); default none. Every other loopback, private, link-local or metadata address
   * is refused, before and after DNS resolution and on redirects.
   */
  allowList?: OutboundAllowList
  /**
   * The fetch to use; defaults to one that enforces `allowList` down to the connected address
   * ({@link createGuardedFetch}). A fetch given here still gets each URL checked, but does its own
   * DNS: pass one only in tests.
   */
  fetch?: typeof fetch
}

/** The User-Agent sent when the configuration names none. */
export const DEFAULT_USER_AGENT = 'Chronotope (https://github.com/chronotope/chronotope)'

const DEFAULT_TIMEOUT_MS = 10_000
const DEFAULT_MAX_RETRIES = 2
const MAX_CANDIDATES = 5

const APIS: Readonly<Record<OnlineProviderType, OnlineApi>> = {
  nominatim: NOMINATIM_API,
  locationiq: LOCATIONIQ_API,
  photon: PHOTON_API,
  opencage: OPENCAGE_API,
  google: GOOGLE_API,
  pelias: PELIAS_API,
}

const NO_EXCEPTIONS = parseAllowedHosts([])

// One guarded fetch (one connection pool) per allow-list, shared by every provider created with it.
const guardedFetches = new WeakMap<OutboundAllowList, typeof fetch>()

function guardedFetchFor(allowList: OutboundAllowList): typeof fetch {
  let guarded = guardedFetches.get(allowList)
  if (guarded === undefined) {
    guarded = createGuardedFetch({ allowList })
    guardedFetches.set(allowList, guarded)
  }
  return guarded
}

/** Thrown when `createOnlineProvider` is given a type it does not know. */
export class UnknownProviderType extends Error {
  override readonly name = 'UnknownProviderType'
  /** @param value - the type received */
  constructor(readonly value: unknown) {
    super(`online provider type must be one of ${ONLINE_PROVIDER_TYPES.join(', ')}; got ${JSON.stringify(value)}`)
  }
}

function checkedSettings(type: OnlineProviderType, config: OnlineProviderConfig): OnlineApiSettings {
  const api = APIS[type]
  const baseUrl = (config.baseUrl?.trim() || api.defaultBaseUrl)?.replace(/\/+$/, '')
  if (baseUrl === undefined) throw new MissingProviderSetting(type, 'baseUrl')
  if (api.requiresApiKey && (config.apiKey === undefined || config.apiKey.trim() === '')) {
    throw new MissingProviderSetting(type, 'apiKey')
  }
  const bias = config.countryBias?.trim()
  if (bias !== undefined && bias !== '' && !/^[A-Za-z]{2}$/.test(bias)) throw new InvalidCountryBias(bias)
  const settings: OnlineApiSettings = { name: config.name?.trim() || type, baseUrl }
  if (config.apiKey !== undefined && config.apiKey.trim() !== '') settings.apiKey = config.apiKey.trim()
  if (bias !== undefined && bias !== '') settings.countryBias = bias.toUpperCase()
  if (config.language !== undefined && config.language.trim() !== '') settings.language = config.language.trim()
  return settings
}

/**
 * Creates an online geocoder (`isOnline: true`) that speaks one service's real API. It never throws
 * for a provider-side problem: HTTP errors, timeouts, invalid JSON and quota refusals become
 * `'failed'` results after the retries; an empty answer is `'not-found'`. Only an abort rejects.
 * Requests to a non-public address that `allowList` does not name are never sent: they fail.
 * @throws {@link MissingProviderSetting} when the service needs an `apiKey` (OpenCage, Google,
 *   LocationIQ) or a `baseUrl` (Pelias) that is missing
 * @throws {@link InvalidCountryBias} when `countryBias` is not a two-letter code
 * @example await createOnlineProvider('nominatim', { rateLimiter: createIntervalRateLimiter(1) }).geocode({ city: 'Dayton', region: 'Ohio' }) // resolved: Dayton, Montgomery County, Ohio, United States (city)
 */
export function createOnlineProvider(type: OnlineProviderType, config: OnlineProviderConfig): GeocodingProvider {
  const api = APIS[type]
  if (api === undefined) throw new UnknownProviderType(type)
  const settings = checkedSettings(type, config)
  const allowList = config.allowList ?? NO_EXCEPTIONS
  const fetchImpl = config.fetch ?? guardedFetchFor(allowList)
  const headers = { 'User-Agent': config.userAgent?.trim() || DEFAULT_USER_AGENT, Accept: 'application/json' }
  const name = settings.name
  return {
    name,
    isOnline: true,
    async geocode(query: GeocodingQuery, options: GeocodeOptions = {}): Promise<GeocodingResult> {
      options.signal?.throwIfAborted()
      const bias = query.countryBias?.trim()
      if (bias !== undefined && bias !== '' && !/^[A-Za-z]{2}$/.test(bias)) {
        return { status: 'failed', candidates: [], provider: name, error: new InvalidCountryBias(bias).message }
      }
      const requestSettings = bias ? { ...settings, countryBias: bias.toUpperCase() } : settings
      try {
        const url = checkOutboundUrl(api.buildUrl(query, requestSettings), allowList)
        const answer = await requestJson(url, {
          provider: name,
          fetch: fetchImpl,
          headers,
          timeoutMs: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
          maxRetries: config.maxRetries ?? DEFAULT_MAX_RETRIES,
          rateLimiter: config.rateLimiter,
          secrets: [settings.apiKey],
          signal: options.signal,
          isRetryableAnswer: api.isRetryableAnswer,
        })
        // Stable sort: equal confidences keep the service's own ranking.
        const candidates = api
          .readAnswer(answer, requestSettings)
          .sort((a, b) => b.confidence - a.confidence)
          .slice(0, MAX_CANDIDATES)
        const best = candidates[0]
        if (best === undefined) {
          return { status: 'not-found', candidates: [], provider: name, error: `${name} found no place for this query` }
        }
        return { status: 'resolved', best, candidates, provider: name }
      } catch (error) {
        if (options.signal?.aborted === true) throw error
        const message =
          error instanceof ProviderRequestFailed
            ? error.message
            : `${name}: ${error instanceof Error ? error.message : String(error)}`
        return { status: 'failed', candidates: [], provider: name, error: redactSecrets(message, [settings.apiKey]) }
      }
    },
  }
}
