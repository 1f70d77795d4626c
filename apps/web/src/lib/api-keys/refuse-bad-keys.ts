/**
 * The 401 for a wrong, revoked or expired API key, in front of the REST and GraphQL routes: a
 * request that names a key (`Authorization: Bearer ctk_…`) is never served as anonymous.
 * @module
 */
import { getPayload, type SanitizedConfig } from 'payload'

import { bearerApiKey } from './key-format'
import { rememberKeyCheck } from './key-strategy'
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

/**
 * Wraps a route handler so that a request with a bad API key is answered 401 before it.
 * @example export const GET = refuseBadApiKeys(config, REST_GET(config))
 */
export function refuseBadApiKeys<Rest extends unknown[]>(
  config: Promise<SanitizedConfig> | SanitizedConfig,
  handler: (request: Request, ...rest: Rest) => Promise<Response>,
): (request: Request, ...rest: Rest) => Promise<Response> {
  return async (request, ...rest) => {
    const text = bearerApiKey(request.headers.get('authorization'))
    if (text) {
      const check = await verifyApiKey(await getPayload({ config }), text)
      if (!check.ok) return refusedKeyResponse(check)
      rememberKeyCheck(request, check)
    }
    return handler(request, ...rest)
  }
}
