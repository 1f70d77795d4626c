import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { createDatabaseRateLimiter } from '../../../src/lib/geocoding/database-rate-limiter'
import { testPayload } from '../../helpers/api-client'

describe('the geocoding rate limit shared through the database', () => {
  // Two pools stand for two worker processes: each has its own connections.
  const pools = [
    new pg.Pool({ connectionString: inject('databaseUrl'), max: 3 }),
    new pg.Pool({ connectionString: inject('databaseUrl'), max: 3 }),
  ]
  let providerId: number

  beforeAll(async () => {
    const payload = await testPayload()
    const provider = await payload.create({
      collection: 'geocoding-providers',
      data: { name: 'Rate test', type: 'nominatim', enabled: false, rateLimit: { requestsPerSecond: 5 } },
    })
    providerId = Number(provider.id)
  })

  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()))
  })

  it(
    "spaces requests from every process to the provider's rate, with backoff shared too",
    { timeout: 30_000 },
    async () => {
      const providers = new Map([['Rate test', { id: providerId, requestsPerSecond: 5 }]])
      const limiters = pools.map((pool) => createDatabaseRateLimiter(pool, providers))
      const grantedAt: number[] = []
      await Promise.all(
        Array.from({ length: 10 }, async (_, index) => {
          await limiters[index % 2]!.acquire('Rate test')
          grantedAt.push(performance.now())
        }),
      )
      grantedAt.sort((a, b) => a - b)
      // 5 per second: any six grants in a row span a second (less the slack of a busy machine's timers
      // and round trips: without the limiter they would span a few milliseconds), and the ten take
      // 1.8 s; one late wake-up may shorten a single gap, never the rate.
      for (let i = 0; i + 5 < grantedAt.length; i++) expect(grantedAt[i + 5]! - grantedAt[i]!).toBeGreaterThan(900)
      expect(grantedAt.at(-1)! - grantedAt[0]!).toBeGreaterThan(9 * 200 - 50)

      // A 429 with Retry-After pushes the next request of every process back.
      await limiters[0]!.backOff('Rate test', 1500)
      const before = performance.now()
      await limiters[1]!.acquire('Rate test')
      expect(performance.now() - before).toBeGreaterThan(1400)
    },
  )

  it('does not limit providers it was not told about (the offline provider)', async () => {
    const limiter = createDatabaseRateLimiter(pools[0]!, new Map())
    const started = performance.now()
    for (let i = 0; i < 20; i++) await limiter.acquire('offline')
    expect(performance.now() - started).toBeLessThan(1000)
  })
})
