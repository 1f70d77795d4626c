/**
 * Checks an API key a caller sent against the stored keys, and records its use.
 * @module
 */
import type { Payload } from 'payload'

import { settings } from '../../config/settings'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { AUDIT_ACTIONS } from '../../constants/audit-actions'
import { recordAuditEntry } from '../audit/record-audit-entry'
import { clientAddress } from '../http/client-address'
import { hashSecret, parseApiKey, secretMatches } from './key-format'

/** How long a key's recorded last use may lag behind, so that not every request writes. */
export const LAST_USE_INTERVAL_MS = 60_000

/** A stored key, as the check reads it. */
export interface StoredApiKey {
  readonly id: number
  readonly name: string
  readonly scopes: readonly string[]
  readonly owner: number
  readonly secretHash: string
  readonly expiresAt?: string | null
  readonly revokedAt?: string | null
  readonly lastUsedAt?: string | null
  readonly lastUsedFrom?: string | null
}

/** Why a key was refused: each is answered 401 with its own message. */
export type KeyRefusal = 'invalid' | 'revoked' | 'expired'

/** The outcome of {@link verifyApiKey}. */
export type KeyCheck =
  | { readonly ok: true; readonly key: StoredApiKey }
  | { readonly ok: false; readonly refusal: KeyRefusal; readonly message: string }

// Compared against when no key has the prefix, so an unknown prefix costs the same work.
const DECOY_HASH = hashSecret('no key has this prefix')

function relationNumber(value: unknown): number {
  return Number(typeof value === 'object' && value !== null ? (value as { id: unknown }).id : value)
}

/**
 * Checks a key: its shape, its secret against the stored hash (constant time), then revocation
 * and expiry. Revoked and expired keys are told apart only once the secret matched, so a prefix
 * alone tells nothing.
 */
export async function verifyApiKey(payload: Payload, text: string, now = new Date()): Promise<KeyCheck> {
  const invalid = {
    ok: false,
    refusal: 'invalid',
    message: 'The API key is not valid: check that it was copied whole',
  } as const
  const parts = parseApiKey(text)
  if (!parts) return invalid
  const { docs } = await payload.find({
    collection: COLLECTION_NAMES.API_KEYS,
    where: { prefix: { equals: parts.prefix } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
    showHiddenFields: true,
    pagination: false,
  })
  const found = docs[0] as Record<string, unknown> | undefined
  const matches = secretMatches(parts.secret, typeof found?.secretHash === 'string' ? found.secretHash : DECOY_HASH)
  if (!found || !matches) return invalid
  const key: StoredApiKey = {
    id: Number(found.id),
    name: typeof found.name === 'string' ? found.name : '',
    scopes: Array.isArray(found.scopes) ? (found.scopes as string[]) : [],
    owner: relationNumber(found.owner),
    secretHash: String(found.secretHash),
    expiresAt: (found.expiresAt as string | null | undefined) ?? null,
    revokedAt: (found.revokedAt as string | null | undefined) ?? null,
    lastUsedAt: (found.lastUsedAt as string | null | undefined) ?? null,
    lastUsedFrom: (found.lastUsedFrom as string | null | undefined) ?? null,
  }
  if (key.revokedAt) {
    return {
      ok: false,
      refusal: 'revoked',
      message: `The API key "${key.name}" was revoked; create a new one in the admin (Settings > API keys)`,
    }
  }
  if (key.expiresAt && new Date(key.expiresAt).getTime() <= now.getTime()) {
    return {
      ok: false,
      refusal: 'expired',
      message: `The API key "${key.name}" has expired; create a new one in the admin (Settings > API keys)`,
    }
  }
  return { ok: true, key }
}

/**
 * Records when and from where a key was used: at most once per {@link LAST_USE_INTERVAL_MS}, or
 * at once when the address changed. Written straight to the database: a use is no edit of the key.
 */
export async function recordKeyUse(
  payload: Payload,
  key: StoredApiKey,
  headers: Headers,
  now = new Date(),
  owner?: { readonly id: number; readonly email?: string | null },
) {
  const address = clientAddress(headers, settings.trustedProxies)
  const last = key.lastUsedAt ? new Date(key.lastUsedAt).getTime() : 0
  if (key.lastUsedFrom === address && now.getTime() - last < LAST_USE_INTERVAL_MS) return
  if (key.lastUsedFrom !== address) {
    // A key seen from an address it was not last used from (or used for the first time) is what
    // an owner checks after a leak: the audit log keeps each such first use.
    await recordAuditEntry(payload, null, {
      action: AUDIT_ACTIONS.API_KEY_NEW_ADDRESS,
      target: { collection: COLLECTION_NAMES.API_KEYS, id: key.id, label: key.name },
      actor: { id: key.owner, email: owner?.email ?? null },
      address,
      details: { previousAddress: key.lastUsedFrom ?? null },
    }).catch((error: unknown) => payload.logger.warn({ err: error, apiKey: key.id }, 'could not audit an API key use'))
  }
  try {
    await payload.db.updateOne({
      collection: COLLECTION_NAMES.API_KEYS,
      id: key.id,
      data: { lastUsedAt: now.toISOString(), lastUsedFrom: address },
      returning: false,
    })
  } catch (error) {
    payload.logger.warn({ err: error, apiKey: key.id }, 'could not record the use of an API key')
  }
}
