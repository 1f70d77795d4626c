/**
 * The OpenAPI document's ways to authenticate (the sign-in cookie, a JWT, an API key) and the API
 * key endpoint beside the CMS's REST routes of `api-keys` (revoking a key).
 * @module
 */
import { errorAnswer, jsonAnswer, pathParameter, type Schema } from './openapi-parts'

/** The names of the security schemes in `components.securitySchemes`. */
export const SECURITY = {
  COOKIE: 'sessionCookie',
  JWT: 'jwt',
  API_KEY: 'apiKey',
} as const

/** The security schemes: the admin's and the site's session cookie, a JWT, an API key. */
export const SECURITY_SCHEMES: Record<string, Schema> = {
  [SECURITY.COOKIE]: {
    type: 'apiKey',
    in: 'cookie',
    name: 'payload-token',
    description: 'The session cookie set by signing in on the site or in the admin (`POST /api/users/login`).',
  },
  [SECURITY.JWT]: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: 'The token of `POST /api/users/login`, sent as `Authorization: JWT <token>`.',
  },
  [SECURITY.API_KEY]: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'ctk_<8 characters>_<secret>',
    description:
      'An API key from the admin (Settings → API keys), sent as `Authorization: Bearer ctk_…`. It acts as its ' +
      'owner narrowed by its scopes: `read`, `import` (uploads, imports, catalogs and datasets) or `admin`. ' +
      'A wrong, revoked or expired key is a 401; a scope too narrow for the request a 403.',
  },
}

/** Any one of the schemes, signed in. */
export const SIGNED_IN_SECURITY = [{ [SECURITY.COOKIE]: [] }, { [SECURITY.JWT]: [] }, { [SECURITY.API_KEY]: [] }]

/** Anonymous, or any one of the schemes (answers depend on who asks). */
export const OPTIONAL_SECURITY = [{}, ...SIGNED_IN_SECURITY]

/**
 * Sets `security` on every operation of `paths` that does not have it: signed in when the
 * operation can answer 401, otherwise optional.
 */
export function withSecurity(paths: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item as Record<string, Record<string, unknown>>).map(([method, operation]) => {
          if ('security' in operation) return [method, operation]
          const responses = (operation.responses ?? {}) as Record<string, unknown>
          return [method, { ...operation, security: '401' in responses ? SIGNED_IN_SECURITY : OPTIONAL_SECURITY }]
        }),
      ),
    ]),
  )
}

/**
 * A document with the security schemes in its components, anonymous or signed-in callers allowed
 * by default, and each operation's own `security` (see {@link withSecurity}).
 * @example openApi = withSecuritySchemes({ openapi: '3.1.0', info, paths })
 */
export function withSecuritySchemes<T extends { paths: Record<string, unknown> }>(document: T): T {
  return {
    ...document,
    components: { ...((document as { components?: object }).components ?? {}), securitySchemes: SECURITY_SCHEMES },
    security: OPTIONAL_SECURITY,
    paths: withSecurity(document.paths),
  }
}

/** An API key as the REST routes answer it: never its secret or hash. */
const API_KEY: Schema = {
  type: 'object',
  required: ['id', 'name', 'prefix', 'scopes'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    prefix: { type: 'string', description: 'The start of the key, e.g. `ctk_ab12cd34`, to recognise it.' },
    key: {
      type: ['string', 'null'],
      description: 'The full key: only in the answer that creates it, `null` ever after.',
    },
    scopes: { type: 'array', items: { enum: ['read', 'import', 'admin'] } },
    expiresAt: { type: ['string', 'null'] },
    lastUsedAt: { type: ['string', 'null'] },
    lastUsedFrom: { type: ['string', 'null'], description: 'The client address of the last use.' },
    revokedAt: { type: ['string', 'null'] },
  },
}

/** The API key paths beside the CMS's `/api/api-keys` routes. */
export function apiKeyPaths(): Record<string, unknown> {
  return {
    '/api/api-keys/{id}/revoke': {
      post: {
        operationId: 'revokeApiKey',
        summary: 'Revoke an API key, for good',
        description:
          'Sets the key’s `revokedAt` to now; from then on every request with it is a 401. Revoking a revoked ' +
          'key keeps its first time. The key’s owner and admins, signed in with a password (a key cannot ' +
          'manage keys). Create, list and rename keys with the CMS routes `POST`/`GET`/`PATCH /api/api-keys`.',
        parameters: [pathParameter('id', 'The key’s id.')],
        responses: {
          '200': jsonAnswer('The revoked key', {
            type: 'object',
            required: ['doc', 'message'],
            properties: { doc: API_KEY, message: { type: 'string' } },
          }),
          '401': errorAnswer('Not signed in, or a wrong, revoked or expired API key.'),
          '403': errorAnswer('Signed in with an API key: keys are managed signed in with a password.'),
          '404': errorAnswer('No such key, or not one of yours: the same answer, so ids reveal nothing.'),
        },
      },
    },
  }
}
