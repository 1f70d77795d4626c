import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { geocodeWithProviders } from '../provider-chain'
import { DEFAULT_GEOCODING_SETTINGS } from '../types'
import { createOnlineProvider } from './create-online-provider'
import type { OnlineProviderConfig, OnlineProviderType } from './create-online-provider'
import { MissingProviderSetting } from './provider-errors'
import { LOCAL_SERVER_ALLOW_LIST, startLocalApiServer } from './testing/local-api-server'
import type { LocalAnswer, LocalApiServer } from './testing/local-api-server'
import {
  GOOGLE_DAYTON,
  NOMINATIM_DAYTON,
  OPENCAGE_DAYTON,
  PELIAS_DAYTON,
  PHOTON_DAYTON,
} from './testing/sample-answers'

const API_KEY = 'sk-secret-4242'
let server: LocalApiServer

beforeAll(async () => {
  server = await startLocalApiServer()
})
afterAll(async () => {
  await server.close()
})
beforeEach(() => {
  server.requests.length = 0
})

const json = (body: unknown, status = 200, headers: Record<string, string> = {}): LocalAnswer => ({
  status,
  headers,
  body: JSON.stringify(body),
})

function provider(type: OnlineProviderType, config: OnlineProviderConfig = {}) {
  return createOnlineProvider(type, {
    baseUrl: server.baseUrl,
    apiKey: API_KEY,
    timeoutMs: 300,
    allowList: LOCAL_SERVER_ALLOW_LIST,
    ...config,
  })
}

describe('createOnlineProvider reads each API’s real answer', () => {
  it.each([
    [
      'nominatim',
      { city: 'Dayton', region: 'Ohio', countryBias: 'us' },
      NOMINATIM_DAYTON,
      '/search',
      { city: 'Dayton', state: 'Ohio', countrycodes: 'us', format: 'jsonv2' },
      {
        label: 'Dayton, Montgomery County, Ohio, United States',
        precision: 'city',
        confidence: 0.785,
        countryCode: 'US',
        region: 'Ohio',
        sourceId: 'osm:relation/182813',
      },
    ],
    [
      'locationiq',
      { text: 'Dayton, OH' },
      NOMINATIM_DAYTON,
      '/v1/search',
      { q: 'Dayton, OH', key: API_KEY },
      { precision: 'city', countryCode: 'US' },
    ],
    [
      'photon',
      { text: 'Dayton', countryBias: 'US' },
      PHOTON_DAYTON,
      '/api',
      { q: 'Dayton', limit: '5' },
      { label: 'Dayton, Ohio, United States', precision: 'city', confidence: 0.75, countryCode: 'US', region: 'Ohio' },
    ],
    [
      'opencage',
      { text: 'Dayton, OH', countryBias: 'US' },
      OPENCAGE_DAYTON,
      '/geocode/v1/json',
      { q: 'Dayton, OH', key: API_KEY, countrycode: 'us' },
      {
        label: 'Dayton, OH, United States of America',
        precision: 'city',
        confidence: 0.5,
        countryCode: 'US',
        region: 'Ohio',
      },
    ],
    [
      'google',
      { text: 'Dayton, OH', countryBias: 'US' },
      GOOGLE_DAYTON,
      '/maps/api/geocode/json',
      { address: 'Dayton, OH', components: 'country:US', key: API_KEY },
      { label: 'Dayton, OH, USA', precision: 'city', confidence: 0.75, countryCode: 'US', region: 'Ohio' },
    ],
    [
      'pelias',
      { city: 'Dayton', region: 'OH', countryBias: 'US' },
      PELIAS_DAYTON,
      '/v1/search/structured',
      { locality: 'Dayton', region: 'OH', 'boundary.country': 'US', api_key: API_KEY },
      { label: 'Dayton, OH, USA', precision: 'city', confidence: 1, countryCode: 'US', region: 'Ohio' },
    ],
  ] as const)('%s: %j', async (type, query, body, path, params, expected) => {
    server.answerWith(() => json(body))
    const result = await provider(type).geocode(query)
    expect(result.status).toBe('resolved')
    expect(result.provider).toBe(type)
    expect(result.best).toMatchObject({ latitude: 39.7589478, longitude: -84.1916069, provider: type, ...expected })
    expect(result.candidates[0]).toEqual(result.best)
    const request = server.requests[0]
    expect(request?.url.pathname).toBe(path)
    for (const [name, value] of Object.entries(params)) expect(request?.url.searchParams.get(name)).toBe(value)
    expect(request?.headers['user-agent']).toMatch(/^Chronotope/)
  })

  it('ranks Photon results outside the bias country lower', async () => {
    server.answerWith(() => json(PHOTON_DAYTON))
    const result = await provider('photon').geocode({ text: 'Dayton', countryBias: 'US' })
    expect(result.candidates.map((candidate) => [candidate.countryCode, candidate.confidence])).toEqual([
      ['US', 0.75],
      ['CA', 0.39],
    ])
  })

  it.each([
    ['nominatim', json([])],
    ['locationiq', json({ error: 'Unable to geocode' }, 404)],
    ['photon', json({ type: 'FeatureCollection', features: [] })],
    ['opencage', json({ ...OPENCAGE_DAYTON, results: [], total_results: 0 })],
    ['google', json({ results: [], status: 'ZERO_RESULTS' })],
    ['pelias', json({ ...PELIAS_DAYTON, features: [] })],
  ] as const)('%s: an empty answer is not-found', async (type, answer) => {
    server.answerWith(() => answer)
    const result = await provider(type).geocode({ text: 'Nowhere at all' })
    expect(result).toMatchObject({ status: 'not-found', candidates: [], provider: type })
  })
})

describe('createOnlineProvider turns provider problems into failed results', () => {
  it.each([
    [
      'nominatim',
      json({ error: { code: 400, message: 'Nothing to search for.' } }, 400),
      /HTTP 400: Nothing to search for/,
      1,
    ],
    ['locationiq', json({ error: `Invalid key ${API_KEY}` }, 401), /HTTP 401: Invalid key \*\*\*/, 1],
    [
      'opencage',
      json({ status: { code: 402, message: 'quota exceeded' }, results: [] }, 402),
      /HTTP 402: quota exceeded/,
      1,
    ],
    ['opencage', json({ status: { code: 403, message: 'disabled' }, results: [] }, 403), /HTTP 403: disabled/, 1],
    [
      'google',
      json({ results: [], status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.' }),
      /status REQUEST_DENIED: The provided API key is invalid/,
      1,
    ],
    [
      'google',
      json({ results: [], status: 'OVER_QUERY_LIMIT' }, 200, { 'Retry-After': '0' }),
      /refused for now.*OVER_QUERY_LIMIT/,
      3,
    ],
    [
      'pelias',
      json(
        {
          geocoding: { errors: ["invalid param 'text': text length, must be >0"] },
          type: 'FeatureCollection',
          features: [],
        },
        400,
      ),
      /HTTP 400: invalid param 'text'/,
      1,
    ],
    ['photon', { status: 200, body: '<html>Bad gateway</html>' }, /invalid JSON: "<html>Bad gateway<\/html>"/, 1],
    ['photon', { status: 500, body: '{"message":"internal error"}' }, /HTTP 500: internal error/, 1],
    ['nominatim', json({}, 503, { 'Retry-After': '0' }), /HTTP 503 \(unavailable\)/, 3],
    ['google', json({}, 429, { 'Retry-After': '0' }), /HTTP 429 \(rate limited\)/, 3],
  ] as const)('%s answering %j fails with %s after %i request(s)', async (type, answer, error, requests) => {
    server.answerWith(() => answer)
    const result = await provider(type).geocode({ text: 'Dayton, OH' })
    expect(result.status).toBe('failed')
    expect(result.error).toMatch(error)
    expect(result.error).not.toContain(API_KEY)
    expect(server.requests).toHaveLength(requests)
  })

  it('fails after a timeout, once per try, when the server never answers', async () => {
    server.answerWith(() => 'hang')
    const result = await provider('opencage', { timeoutMs: 100, maxRetries: 1 }).geocode({ text: 'Dayton' })
    expect(result.status).toBe('failed')
    expect(result.error).toMatch(/no answer from http:\/\/127\.0\.0\.1:\d+\/geocode\/v1\/json within 100 ms/)
    expect(result.error).not.toContain(API_KEY)
    expect(server.requests).toHaveLength(2)
  })

  it('waits for Retry-After on 429 and then resolves', async () => {
    server.answerWith((_request, index) =>
      index === 0 ? json({}, 429, { 'Retry-After': '1' }) : json(NOMINATIM_DAYTON),
    )
    const result = await provider('nominatim').geocode({ city: 'Dayton' })
    expect(result.status).toBe('resolved')
    const [first, second] = server.requests
    expect((second?.arrivedAtMs ?? 0) - (first?.arrivedAtMs ?? 0)).toBeGreaterThanOrEqual(990)
  })

  it('rejects only when the caller aborts', async () => {
    server.answerWith(() => 'hang')
    const controller = new AbortController()
    const pending = provider('photon', { timeoutMs: 5_000 }).geocode({ text: 'Dayton' }, { signal: controller.signal })
    setTimeout(() => controller.abort(new Error('import cancelled')), 20)
    await expect(pending).rejects.toThrow('import cancelled')
  })
})

describe('createOnlineProvider checks its settings', () => {
  it.each([
    ['opencage', {}, 'apiKey'],
    ['google', { apiKey: ' ' }, 'apiKey'],
    ['locationiq', {}, 'apiKey'],
    ['pelias', {}, 'baseUrl'],
  ] as const)('%s with %j throws MissingProviderSetting naming %s', (type, config, setting) => {
    expect(() => createOnlineProvider(type, config)).toThrow(MissingProviderSetting)
    expect(() => createOnlineProvider(type, config)).toThrow(`"${type}" needs the setting ${setting}`)
  })

  it.each([
    ['nominatim', 'nominatim'],
    ['photon', 'photon'],
  ] as const)('%s needs no key and is online under its type name', (type, name) => {
    const created = createOnlineProvider(type, {})
    expect([created.name, created.isOnline]).toEqual([name, true])
  })
})

describe('where an online provider may send requests', () => {
  it.each([
    ['the local server, not allow-listed', () => server.baseUrl, '127.0.0.1 is a loopback address'],
    ['a cloud metadata address', () => 'http://169.254.169.254/latest', '169.254.169.254 is a link-local address'],
    ['a decimal spelling of 127.0.0.1', () => 'http://2130706433:5432', '127.0.0.1 is a loopback address'],
    ['a file: URL', () => 'file:///etc/passwd', 'only http and https'],
    ['a gopher: URL', () => 'gopher://127.0.0.1:70', 'only http and https'],
  ])('sends nothing to %s, and fails naming why', async (_case, baseUrl, reason) => {
    server.answerWith(() => json(NOMINATIM_DAYTON))
    const geocoder = createOnlineProvider('nominatim', { baseUrl: baseUrl(), timeoutMs: 300 })
    const result = await geocoder.geocode({ city: 'Dayton' })
    expect(result.status).toBe('failed')
    expect(result.error).toContain(reason)
    expect(server.requests).toHaveLength(0)
  })
})

describe('online providers in geocodeWithProviders', () => {
  it.each([
    ['a failing first provider', json({ status: { code: 401, message: 'invalid API key' }, results: [] }, 401)],
    [
      'a low-confidence first provider',
      json({ ...OPENCAGE_DAYTON, results: [{ ...OPENCAGE_DAYTON.results[0], confidence: 2 }] }),
    ],
  ])('falls back to the next provider after %s', async (_case, firstAnswer) => {
    server.answerWith((request) => (request.url.pathname.startsWith('/geocode') ? firstAnswer : json(GOOGLE_DAYTON)))
    const result = await geocodeWithProviders(
      { text: 'Dayton, OH' },
      [provider('opencage'), provider('google')],
      DEFAULT_GEOCODING_SETTINGS,
    )
    expect([result.status, result.provider, result.best?.label]).toEqual(['resolved', 'google', 'Dayton, OH, USA'])
    expect(server.requests.map((request) => request.url.pathname)).toEqual([
      '/geocode/v1/json',
      '/maps/api/geocode/json',
    ])
  })
})
