import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createOnlineProvider } from './create-online-provider'
import { createIntervalRateLimiter, InvalidRequestRate } from './rate-limiter'
import type { RateLimiterClock } from './rate-limiter'
import { parseRetryAfterMs } from './retry-after'
import { LOCAL_SERVER_ALLOW_LIST, startLocalApiServer } from './testing/local-api-server'
import type { LocalApiServer } from './testing/local-api-server'
import { NOMINATIM_DAYTON } from './testing/sample-answers'

/** A clock standing still at 1 s whose sleeps resolve at once and are recorded. */
function fakeClock(): RateLimiterClock & { sleeps: number[] } {
  const sleeps: number[] = []
  return {
    sleeps,
    now: () => 1_000,
    sleep: (ms) => {
      sleeps.push(ms)
      return Promise.resolve()
    },
  }
}

describe('createIntervalRateLimiter', () => {
  it.each([
    [1, 3, [1000, 2000]],
    [5, 4, [200, 400, 600]],
    [2, 1, []],
  ])('at %i/s, %i concurrent acquires sleep %j ms', async (rate, count, sleeps) => {
    const clock = fakeClock()
    const limiter = createIntervalRateLimiter(rate, clock)
    const pending = Array.from({ length: count }, () => limiter.acquire('nominatim'))
    await Promise.all(pending)
    expect(clock.sleeps).toEqual(sleeps)
  })

  it('spaces each provider on its own', async () => {
    const clock = fakeClock()
    const limiter = createIntervalRateLimiter(1, clock)
    await Promise.all([limiter.acquire('nominatim'), limiter.acquire('photon')])
    expect(clock.sleeps).toEqual([])
  })

  it('pushes the next slot back after a backOff', async () => {
    const clock = fakeClock()
    const limiter = createIntervalRateLimiter(1, clock)
    await limiter.acquire('nominatim')
    await limiter.backOff?.('nominatim', 5_000)
    await limiter.acquire('nominatim')
    await limiter.acquire('nominatim')
    expect(clock.sleeps).toEqual([5_000, 6_000])
  })

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('refuses %d requests per second', (rate) => {
    expect(() => createIntervalRateLimiter(rate)).toThrow(InvalidRequestRate)
  })

  it('rejects with the reason when aborted while waiting', async () => {
    const limiter = createIntervalRateLimiter(0.1)
    await limiter.acquire('nominatim')
    const controller = new AbortController()
    const waiting = limiter.acquire('nominatim', controller.signal)
    controller.abort(new Error('import cancelled'))
    await expect(waiting).rejects.toThrow('import cancelled')
  })
})

describe('parseRetryAfterMs', () => {
  const now = Date.parse('Sat, 21 Nov 2026 03:00:00 GMT')
  it.each([
    ['2', 2_000],
    ['0', 0],
    ['1.5', 1_500],
    ['3600', 60_000],
    ['Sat, 21 Nov 2026 03:00:05 GMT', 5_000],
    ['Sat, 21 Nov 2026 02:59:00 GMT', 0],
    ['soon', undefined],
    ['', undefined],
    [null, undefined],
  ])('reads %j as %j ms', (header, expected) => {
    expect(parseRetryAfterMs(header, now)).toBe(expected)
  })
})

describe('an online provider behind createIntervalRateLimiter(5)', () => {
  let server: LocalApiServer
  beforeAll(async () => {
    server = await startLocalApiServer()
    server.answerWith(() => ({ status: 200, body: JSON.stringify(NOMINATIM_DAYTON) }))
  })
  afterAll(async () => {
    await server.close()
  })

  it('lets 10 concurrent geocodes reach the server no faster than 5 per second', async () => {
    const nominatim = createOnlineProvider('nominatim', {
      baseUrl: server.baseUrl,
      allowList: LOCAL_SERVER_ALLOW_LIST,
      rateLimiter: createIntervalRateLimiter(5),
    })
    // The process's first fetch loads its HTTP client and opens a connection (tens of ms); that
    // one-off delay would shorten the first measured gap without any request being early.
    await createOnlineProvider('nominatim', { baseUrl: server.baseUrl, allowList: LOCAL_SERVER_ALLOW_LIST }).geocode({
      city: 'Dayton',
    })
    server.requests.length = 0
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => nominatim.geocode({ city: `Dayton ${i}` })))
    expect(results.map((result) => result.status)).toEqual(Array(10).fill('resolved'))
    const arrivals = server.requests.map((request) => request.arrivedAtMs)
    expect(arrivals).toHaveLength(10)
    // Requests leave 200 ms apart; on a loaded machine one may arrive late and the next on time, so
    // a single gap can shrink. What the server must never see is a sixth request within the second
    // of five others: any six in a row span a second, less a little timer and socket jitter.
    for (let i = 0; i + 5 < arrivals.length; i++) expect(arrivals[i + 5]! - arrivals[i]!).toBeGreaterThanOrEqual(970)
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThanOrEqual(9 * 200 - 50)
  })
})
