/**
 * The quotas counted per window (uploads per day, API requests per hour), kept in the shared
 * `rate_limit_attempts` table like every other rate limit, and the errors a reached quota answers
 * with.
 * @module
 */
import type { Pool } from 'pg'

import { ApiError } from '../api/api-error'
import type { AttemptLimit } from '../rate-limits/attempt-limiter'
import { quotaMessage, rateLimitHeaders, type MeterReading, type QuotaRefusal } from './quota-limits'
import type { UserQuotas } from './user-quotas'
import { countAttempts } from '../rate-limits/attempt-limiter'

/** Scopes of the metered quotas in `rate_limit_attempts`. */
export const QUOTA_SCOPES = { UPLOADS_PER_DAY: 'quota-uploads-day', API_REQUESTS: 'quota-api-hour' } as const

/** The window of each metered quota, in seconds. */
export const QUOTA_WINDOWS = { uploadsPerDay: 86_400, apiRequestsPerHour: 3_600 } as const

const SCOPE_OF = { uploadsPerDay: QUOTA_SCOPES.UPLOADS_PER_DAY, apiRequestsPerHour: QUOTA_SCOPES.API_REQUESTS } as const

/** A quota counted per window. */
export type MeteredQuota = keyof typeof QUOTA_WINDOWS

/**
 * The attempt limit a metered quota sets for a user, or none when their level has no such limit.
 * @example meteredLimit('apiRequestsPerHour', 7, quotas) // { scope: 'quota-api-hour', subject: '7', limit: { limit: 1000, windowSeconds: 3600 } }
 */
export function meteredLimit(quota: MeteredQuota, userId: number | string, quotas: UserQuotas): AttemptLimit | null {
  const limit = quotas.limits[quota]
  if (limit === null) return null
  return { scope: SCOPE_OF[quota], subject: String(userId), limit: { limit, windowSeconds: QUOTA_WINDOWS[quota] } }
}

/**
 * The error a reached quota answers with: the status given (429 for a quota that frees up with
 * time, 422 for one that does not), the sentence naming limit and figure, the figures in the body
 * and, for metered quotas, the `RateLimit-*` headers and `Retry-After`.
 */
export function quotaExceeded(status: 422 | 429, refusal: QuotaRefusal, reading?: MeterReading): ApiError {
  return new ApiError(
    status,
    'quota-exceeded',
    quotaMessage(refusal),
    undefined,
    reading
      ? { ...rateLimitHeaders(reading), 'Retry-After': String(Math.max(1, Math.ceil(reading.resetSeconds))) }
      : {},
    { name: refusal.quota, level: refusal.level, limit: refusal.limit, figure: refusal.figure },
  )
}

/**
 * The figure a metered quota stands at for a user now (uploads in the last 24 hours, key requests
 * in the last hour).
 */
export function meteredUsage(pool: Pool, quota: MeteredQuota, userId: number | string): Promise<number> {
  return countAttempts(pool, SCOPE_OF[quota], String(userId), QUOTA_WINDOWS[quota])
}
