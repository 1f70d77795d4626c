/**
 * The rate limit service: how many uploads a user, and a client address, may make per window.
 * Counted from the stored import files themselves, so the limits hold across every web process
 * and survive restarts.
 * @module
 */
import type { Payload, Where } from 'payload'

import type { RateLimit } from '../../config/settings'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { ApiError } from '../api/api-error'

/** Product type "rate limits": the upload limits in force; null means no limit. */
export interface RateLimits {
  readonly perUser: RateLimit | null
  readonly perIp: RateLimit | null
}

/** Who is uploading. */
export interface Uploader {
  readonly userId: number | string
  readonly ip: string
}

/** The verdict for one upload. */
export type RateLimitDecision =
  | { readonly allowed: true }
  | {
      readonly allowed: false
      readonly scope: 'user' | 'ip'
      readonly limit: RateLimit
      readonly retryAfterSeconds: number
    }

/**
 * Decides from the upload times inside the window whether one more is allowed. Pure.
 * @param recentCount - uploads inside the window
 * @param oldest - the oldest of them, which leaves the window first
 * @example decideRateLimit([new Date(0)], { limit: 1, windowSeconds: 60 }, new Date(30_000)) // retry after 30 s
 */
export function decideRateLimit(
  recentCount: number,
  oldest: Date | undefined,
  limit: RateLimit,
  now: Date,
): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
  if (recentCount < limit.limit) return { allowed: true }
  const freesAt = (oldest?.getTime() ?? now.getTime()) + limit.windowSeconds * 1000
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)) }
}

async function check(payload: Payload, where: Where, limit: RateLimit, now: Date) {
  const since = new Date(now.getTime() - limit.windowSeconds * 1000).toISOString()
  const { docs, totalDocs } = await payload.find({
    collection: COLLECTION_NAMES.IMPORT_FILES,
    where: { and: [where, { createdAt: { greater_than: since } }] },
    sort: 'createdAt',
    limit: 1,
    depth: 0,
    select: { createdAt: true },
    overrideAccess: true,
  })
  const oldest = docs[0]?.createdAt ? new Date(String(docs[0].createdAt)) : undefined
  return decideRateLimit(totalDocs, oldest, limit, now)
}

/** Checks both the per-user and the per-address upload limits. */
export async function checkUploadRateLimit(
  payload: Payload,
  uploader: Uploader,
  limits: RateLimits,
  now: Date = new Date(),
): Promise<RateLimitDecision> {
  if (limits.perUser) {
    const decision = await check(payload, { owner: { equals: uploader.userId } }, limits.perUser, now)
    if (!decision.allowed) return { ...decision, scope: 'user', limit: limits.perUser }
  }
  if (limits.perIp) {
    const decision = await check(payload, { uploaderIp: { equals: uploader.ip } }, limits.perIp, now)
    if (!decision.allowed) return { ...decision, scope: 'ip', limit: limits.perIp }
  }
  return { allowed: true }
}

/**
 * Throws a 429 with `Retry-After` when an upload is over the limit.
 * @throws {@link ApiError} 429 naming the limit and when to retry
 */
export async function enforceUploadRateLimit(payload: Payload, uploader: Uploader, limits: RateLimits): Promise<void> {
  const decision = await checkUploadRateLimit(payload, uploader, limits)
  if (decision.allowed) return
  const who = decision.scope === 'user' ? 'your account' : 'your network address'
  throw new ApiError(
    429,
    'rate-limited',
    `Too many uploads from ${who}: the limit is ${decision.limit.limit} per ${decision.limit.windowSeconds} seconds; ` +
      `try again in ${decision.retryAfterSeconds} seconds`,
    undefined,
    { 'Retry-After': String(decision.retryAfterSeconds) },
  )
}

/**
 * The client's address: the first `X-Forwarded-For` hop (set by Next and by reverse proxies),
 * else `X-Real-IP`, else `unknown`.
 * @example clientAddress(new Headers({ 'x-forwarded-for': '203.0.113.5, 10.0.0.1' })) // '203.0.113.5'
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim()
  return forwarded || headers.get('x-real-ip')?.trim() || 'unknown'
}
