/**
 * Signing in with an API key: a Payload auth strategy on the users collection that reads
 * `Authorization: Bearer ctk_…` and answers the key's owner, with the key's scopes attached as
 * `user.apiKey`. Access rules narrow the owner's access by those scopes
 * (src/access/narrow-to-key-scopes.ts and the role checks in src/access/roles.ts).
 *
 * Payload's strategies cannot refuse a request, only decline it, so a wrong key would pass as
 * anonymous; {@link refuseBadApiKeys} answers 401 in front of the routes first, and hands its
 * check to the strategy through {@link rememberKeyCheck}.
 * @module
 */
import type { AuthStrategy, Payload } from 'payload'

import { COLLECTION_NAMES } from '../../constants/collection-names'
import { bearerApiKey } from './key-format'
import type { ApiKeyGrant } from './scopes'
import { recordKeyUse, verifyApiKey, type KeyCheck } from './verify-key'

/** The strategy's name, which Payload puts on the user as `_strategy`. */
export const API_KEY_STRATEGY = 'api-key'

type KeyOwner = Awaited<ReturnType<typeof keyOwner>>

const checks = new WeakMap<object, { readonly check: KeyCheck; readonly owner?: KeyOwner }>()

/**
 * Keeps the outcome of a check, and the key's owner when already loaded, for the strategy that
 * runs later on the same request: a key request then reads neither twice.
 */
export function rememberKeyCheck(request: object, check: KeyCheck, owner?: KeyOwner): void {
  checks.set(request, { check, ...(owner !== undefined ? { owner } : {}) })
}

/** The key grant of a request's user, when an API key authenticated it. */
export function apiKeyGrant(user: unknown): ApiKeyGrant | undefined {
  const grant = (user as { apiKey?: ApiKeyGrant } | null | undefined)?.apiKey
  return grant ?? undefined
}

/** The user an API key belongs to; null when the account is gone. */
export async function keyOwner(payload: Payload, id: number) {
  try {
    return await payload.findByID({ collection: COLLECTION_NAMES.USERS, id, depth: 0, overrideAccess: true })
  } catch {
    return null
  }
}

/** The users collection's `auth.strategies` entry for API keys. */
export const apiKeyStrategy: AuthStrategy = {
  name: API_KEY_STRATEGY,
  authenticate: async ({ headers, payload, req }) => {
    const text = bearerApiKey(headers.get('authorization'))
    if (!text) return { user: null }
    const remembered = req ? checks.get(req) : undefined
    const check = remembered?.check ?? (await verifyApiKey(payload, text))
    if (!check.ok) return { user: null }
    const owner = remembered?.owner !== undefined ? remembered.owner : await keyOwner(payload, check.key.owner)
    if (!owner) return { user: null }
    await recordKeyUse(payload, check.key, headers, new Date(), {
      id: check.key.owner,
      email: typeof owner.email === 'string' ? owner.email : null,
    })
    const apiKey: ApiKeyGrant & { name: string } = { id: check.key.id, name: check.key.name, scopes: check.key.scopes }
    return {
      user: { ...owner, collection: COLLECTION_NAMES.USERS, _strategy: API_KEY_STRATEGY, apiKey },
    }
  },
}
