/**
 * The 401 for a wrong, revoked or expired API key, in front of the REST and GraphQL routes: a
 * request that names a key (`Authorization: Bearer ctk_…`) is never served as anonymous. Here too
 * the key owner's quota of API requests per hour is metered: a request over it is answered 429
 * before any work, and every answer to a key carries the `RateLimit-*` headers.
 * @module
 */
import { getPayload, type Payload, type SanitizedConfig } from 'payload'

import { errorResponse } from '../api/api-error'
import { rateLimitHeaders, type MeterReading } from '../quotas/quota-limits'
import { meteredLimit, quotaExceeded } from '../quotas/quota-meters'
import { quotasOf, type QuotaHolder } from '../quotas/user-quotas'
import { recordAttempt } from '../rate-limits/attempt-limiter'
import { rateLimitPool } from '../rate-limits/rate-limit-pool'

import { bearerApiKey } from './key-format'
import { keyOwner, rememberKeyCheck } from './key-strategy'
import { verifyApiKey, type KeyCheck } from './verify-key'

/** The answer to a refused key: 401 with the reason, in the CMS's error shape. */
export function refusedKeyResponse(check: Extract<KeyCheck, { ok: false }>): Response {
  const code = `api-key-${check.refusal}`
  return Response.json(
    { error: check.message, code, errors: [{ message: check.message }] },
    {
      status: 401,
      headers: {
        'Cache-Control': 'no-store',
        // Header values are bytes: quotes and anything beyond printable ASCII are left out.
        'WWW-Authenticate': `Bearer error="invalid_token", error_description="${check.message.replace(/[^\x20-\x7e]|"/g, "'")}"`,
      },
    },
  )
}

type Metering = { readonly refused: Response } | { readonly reading: MeterReading | undefined }

/** Counts one request against the key owner's API requests per hour. */
async function meterKeyRequest(payload: Payload, owner: QuotaHolder): Promise<Metering> {
  const quotas = await quotasOf(payload, owner)
  const limit = meteredLimit('apiRequestsPerHour', owner.id, quotas)
  if (!limit) return { reading: undefined }
  const decision = await recordAttempt(rateLimitPool(payload), [limit])
  if (decision.allowed) return { reading: decision.readings[0] }
  const error = quotaExceeded(
    429,
    { quota: 'apiRequestsPerHour', level: quotas.level, limit: limit.limit.limit, figure: limit.limit.limit },
    { limit: limit.limit.limit, remaining: 0, resetSeconds: decision.retryAfterSeconds },
  )
  return { refused: errorResponse(error) }
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  try {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value)
    return response
  } catch {
    // Some responses (a fetch's, a redirect's) have immutable headers: copy them.
    const copy = new Response(response.body, response)
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value)
    return copy
  }
}

/**
 * Wraps a route handler so that a request with a bad API key is answered 401 before it, and one
 * over its owner's API request quota 429.
 * @example export const GET = refuseBadApiKeys(config, REST_GET(config))
 */
export function refuseBadApiKeys<Rest extends unknown[]>(
  config: Promise<SanitizedConfig> | SanitizedConfig,
  handler: (request: Request, ...rest: Rest) => Promise<Response>,
): (request: Request, ...rest: Rest) => Promise<Response> {
  return async (request, ...rest) => {
    const text = bearerApiKey(request.headers.get('authorization'))
    if (text) {
      const payload = await getPayload({ config })
      const check = await verifyApiKey(payload, text)
      if (!check.ok) return refusedKeyResponse(check)
      // Loaded once here for the quota and handed on: the auth strategy would load it again.
      const owner = await keyOwner(payload, check.key.owner)
      rememberKeyCheck(request, check, owner)
      const metering: Metering = owner ? await meterKeyRequest(payload, owner) : { reading: undefined }
      if ('refused' in metering) return metering.refused
      const response = await handler(request, ...rest)
      return metering.reading ? withHeaders(response, rateLimitHeaders(metering.reading)) : response
    }
    return handler(request, ...rest)
  }
}
