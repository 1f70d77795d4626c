/**
 * The per-address limit on sign-in attempts, on top of Payload's per-account lockout (10 wrong
 * passwords lock an account for 10 minutes): logins, forgotten-password and reset-password
 * requests over REST and GraphQL share one count per client address, kept in the database so
 * every web process counts the same attempts. A successful login gives its attempt back, so
 * colleagues behind one office address are not held up by each other.
 * @module
 */
import { APIError, type PayloadRequest } from 'payload'

import type { RateLimit } from '../../config/settings'
import { clientAddress, rateLimitSubject, type AddressRange } from '../http/client-address'
import { rateLimitPool } from '../rate-limits/rate-limit-pool'
import { forgetAttempts, recordAttempt } from '../rate-limits/attempt-limiter'

/** Scope of sign-in attempts in `rate_limit_attempts`. */
export const SIGN_IN_SCOPE = 'sign-in-ip'

/** The Payload operations that count as sign-in attempts. */
export const SIGN_IN_OPERATIONS: ReadonlySet<string> = new Set(['login', 'forgotPassword', 'resetPassword'])

const CONTEXT_KEY = 'chronotopeSignInAttempts'

/** A client address made too many sign-in attempts; answered with 429 and `Retry-After`. */
export class SignInRateLimited extends APIError {
  constructor(
    readonly limit: RateLimit,
    readonly retryAfterSeconds: number,
  ) {
    super(
      `Too many sign-in attempts from your network address: the limit is ${limit.limit} per ${limit.windowSeconds} seconds; try again in ${retryAfterSeconds} seconds`,
      429,
      { retryAfterSeconds },
      true,
    )
    this.name = 'SignInRateLimited'
  }
}

/**
 * Records a sign-in attempt from the request's client address, or refuses it.
 * @throws {@link SignInRateLimited} over the limit, with `Retry-After` set on the response
 */
export async function recordSignInAttempt(
  req: PayloadRequest,
  limit: RateLimit,
  trustedProxies: readonly AddressRange[],
): Promise<void> {
  const subject = rateLimitSubject(clientAddress(req.headers, trustedProxies))
  const decision = await recordAttempt(rateLimitPool(req.payload), [{ scope: SIGN_IN_SCOPE, subject, limit }])
  if (!decision.allowed) {
    const headers = req.responseHeaders ?? new Headers()
    headers.set('Retry-After', String(decision.retryAfterSeconds))
    req.responseHeaders = headers
    throw new SignInRateLimited(limit, decision.retryAfterSeconds)
  }
  req.context[CONTEXT_KEY] = decision.attemptIds
}

/** Gives back the attempt of a request whose login succeeded. */
export async function forgetSignInAttempt(req: PayloadRequest): Promise<void> {
  const ids = req.context[CONTEXT_KEY] as readonly string[] | undefined
  if (!ids) return
  delete req.context[CONTEXT_KEY]
  await forgetAttempts(rateLimitPool(req.payload), ids)
}
