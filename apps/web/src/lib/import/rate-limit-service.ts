/**
 * The rate limit service: how many uploads a user, and a client address, may make per window.
 * Every upload attempt is recorded (see `lib/rate-limits/attempt-limiter`): deleting an import
 * file gives no attempt back, parallel uploads never overshoot a limit, and the limits hold across
 * every web process and survive restarts.
 * @module
 */
import type { Pool } from 'pg'

import type { RateLimit } from '../../config/settings'
import { rateLimitSubject } from '../http/client-address'
import { ApiError } from '../api/api-error'
import { recordAttempt, type AttemptLimit } from '../rate-limits/attempt-limiter'
import type { MeterReading } from '../quotas/quota-limits'
import { meteredLimit, quotaExceeded } from '../quotas/quota-meters'
import type { UserQuotas } from '../quotas/user-quotas'

/** Product type "rate limits": the upload limits in force; null means no limit. */
export interface RateLimits {
  readonly perUser: RateLimit | null
  readonly perIp: RateLimit | null
}

/** Who is uploading. */
export interface Uploader {
  readonly userId: number | string
  /** The client address (see `lib/http/client-address`). */
  readonly ip: string
}

/** Scopes of the upload attempts in `rate_limit_attempts`. */
export const UPLOAD_SCOPES = { USER: 'upload-user', IP: 'upload-ip' } as const

/** The limits an upload attempt must stay within. */
export function uploadAttemptLimits(uploader: Uploader, limits: RateLimits): AttemptLimit[] {
  return [
    ...(limits.perUser ? [{ scope: UPLOAD_SCOPES.USER, subject: String(uploader.userId), limit: limits.perUser }] : []),
    ...(limits.perIp ? [{ scope: UPLOAD_SCOPES.IP, subject: rateLimitSubject(uploader.ip), limit: limits.perIp }] : []),
  ]
}

/**
 * Records an upload attempt, or throws a 429 with `Retry-After` when it is over a limit (then
 * nothing is recorded). With the uploader's quotas, their uploads per day count too, and the
 * answer is where that quota stands (for the `RateLimit-*` headers of the upload's answer).
 * @throws {@link ApiError} 429 naming the limit and when to retry
 */
export async function enforceUploadRateLimit(
  pool: Pool,
  uploader: Uploader,
  limits: RateLimits,
  quotas?: UserQuotas,
): Promise<MeterReading | undefined> {
  const daily = quotas ? meteredLimit('uploadsPerDay', uploader.userId, quotas) : null
  const attemptLimits = [...uploadAttemptLimits(uploader, limits), ...(daily ? [daily] : [])]
  const decision = await recordAttempt(pool, attemptLimits)
  if (decision.allowed) return daily ? decision.readings[attemptLimits.length - 1] : undefined
  const { scope, limit } = decision.refusedBy
  if (quotas && scope === daily?.scope) {
    throw quotaExceeded(
      429,
      { quota: 'uploadsPerDay', level: quotas.level, limit: limit.limit, figure: limit.limit },
      { limit: limit.limit, remaining: 0, resetSeconds: decision.retryAfterSeconds },
    )
  }
  const who = scope === UPLOAD_SCOPES.USER ? 'your account' : 'your network address'
  throw new ApiError(
    429,
    'rate-limited',
    `Too many uploads from ${who}: the limit is ${limit.limit} per ${limit.windowSeconds} seconds; ` +
      `try again in ${decision.retryAfterSeconds} seconds`,
    undefined,
    { 'Retry-After': String(decision.retryAfterSeconds) },
  )
}
