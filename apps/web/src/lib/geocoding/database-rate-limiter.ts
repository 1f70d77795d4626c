/**
 * A rate limiter for online geocoding providers that holds across every worker process: each
 * request reserves the provider's next free slot in PostgreSQL (one row lock, one update), then
 * waits for it. Nominatim's one request per second therefore stays one per second however many
 * imports and workers run.
 * @module
 */
import { setTimeout as sleep } from 'node:timers/promises'

import type { Pool } from 'pg'

/** Spaces the requests to each provider (the shape of the geocoding package's `RateLimiter`). */
export interface ProviderRateLimiter {
  acquire(provider: string, signal?: AbortSignal): Promise<void>
  backOff(provider: string, delayMs: number): Promise<void>
}

/** A provider's place in the limiter: its geocoding-providers row and its rate. */
export interface LimitedProvider {
  readonly id: number
  readonly requestsPerSecond: number
}

/**
 * Reserves the next slot of a provider and returns how long to wait for it, in milliseconds.
 * Slots are `1 / requestsPerSecond` apart; a free provider's slot is now.
 */
export async function reserveRequestSlot(pool: Pool, provider: LimitedProvider): Promise<number> {
  const spacingSeconds = 1 / provider.requestsPerSecond
  const { rows } = await pool.query<{ wait_ms: string }>(
    `with slot as (
       select greatest(coalesce(next_request_at, clock_timestamp()), clock_timestamp()) as at
       from geocoding_providers where id = $1 for update
     )
     update geocoding_providers g set next_request_at = slot.at + make_interval(secs => $2)
     from slot where g.id = $1
     returning greatest(0, extract(epoch from slot.at - clock_timestamp()) * 1000) as wait_ms`,
    [provider.id, spacingSeconds],
  )
  if (rows.length === 0)
    throw new Error(`Geocoding provider ${provider.id} does not exist; its rate limit cannot be kept`)
  return Number(rows[0]!.wait_ms)
}

/**
 * The rate limiter the import uses for online providers, keyed by provider name.
 * Providers without a positive rate are not limited.
 */
export function createDatabaseRateLimiter(
  pool: Pool,
  providers: ReadonlyMap<string, LimitedProvider>,
): ProviderRateLimiter {
  return {
    async acquire(name: string, signal?: AbortSignal) {
      const provider = providers.get(name)
      if (!provider || !(provider.requestsPerSecond > 0)) return
      const waitMs = await reserveRequestSlot(pool, provider)
      if (waitMs > 0) await sleep(waitMs, undefined, { signal })
    },
    // A 429 or 503 with Retry-After pushes every worker's next slot back, not only this one's.
    async backOff(name: string, delayMs: number) {
      const provider = providers.get(name)
      if (!provider) return
      await pool.query(
        `update geocoding_providers
            set next_request_at = greatest(coalesce(next_request_at, clock_timestamp()), clock_timestamp() + make_interval(secs => $2))
          where id = $1`,
        [provider.id, delayMs / 1000],
      )
    },
  }
}
