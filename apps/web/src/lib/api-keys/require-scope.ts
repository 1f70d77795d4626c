/**
 * Scope checks for Chronotope's own endpoints, which Payload's collection access does not cover.
 * @module
 */
import type { PayloadRequest } from 'payload'

import { ApiError } from '../api/api-error'
import { apiKeyGrant } from './key-strategy'
import { keyHasScope, type ApiKeyScope } from './scopes'

/**
 * Refuses a request authenticated by an API key without `scope` (403 naming the scope needed);
 * requests signed in otherwise, and anonymous ones, pass (their own checks follow).
 * @throws {@link ApiError} 403 `insufficient-scope`
 * @example requireScope(req, 'import')
 */
export function requireScope(req: Pick<PayloadRequest, 'user'>, scope: ApiKeyScope): void {
  const grant = apiKeyGrant(req.user)
  if (grant && !keyHasScope(grant.scopes, scope)) {
    throw new ApiError(
      403,
      'insufficient-scope',
      `This API key lacks the "${scope}" scope this request needs; it has ${grant.scopes.map((held) => `"${held}"`).join(', ') || 'none'}`,
      'Authorization',
    )
  }
}
