/**
 * The life of a key's stored fields: made with a fresh secret on create, immutable but for its
 * name and (once) its revocation afterwards, scopes never widened.
 * @module
 */
import { ValidationError, type CollectionBeforeChangeHook, type FieldHook, type PayloadRequest } from 'payload'

import { effectiveRole } from '../../access/roles'
import { relationId } from '../../access/relation-id'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { generateApiKey } from '../../lib/api-keys/key-format'
import { API_KEY_SCOPES, scopesAllowedFor } from '../../lib/api-keys/scopes'

const CONTEXT_PREFIX = 'newApiKey:'

function invalid(path: string, message: string): ValidationError {
  return new ValidationError({ collection: COLLECTION_NAMES.API_KEYS, errors: [{ path, message }] })
}

function scopesOf(value: unknown): string[] {
  const values: unknown[] = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]
  return values.map((each) => (typeof each === 'string' ? each : JSON.stringify(each)))
}

async function ownerRole(req: PayloadRequest, ownerId: number | string): Promise<string | undefined> {
  if (req.user && String(req.user.id) === String(ownerId)) return effectiveRole(req.user)
  const owner = await req.payload.findByID({
    collection: COLLECTION_NAMES.USERS,
    id: ownerId,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const role: unknown = (owner as { role?: unknown }).role
  return typeof role === 'string' ? role : undefined
}

async function checkNewKey(data: Record<string, unknown>, req: PayloadRequest): Promise<void> {
  const owner = req.user ? req.user.id : relationId(data.owner)
  if (owner === undefined) throw invalid('owner', 'A key needs an owner: create it signed in')
  data.owner = owner
  const scopes = [...new Set(scopesOf(data.scopes))]
  if (scopes.length === 0) throw invalid('scopes', `Choose at least one scope: ${API_KEY_SCOPES.join(', ')}`)
  const allowed = scopesAllowedFor(await ownerRole(req, owner))
  const refused = scopes.filter((scope) => !(allowed as readonly string[]).includes(scope))
  if (refused.length > 0) {
    throw invalid('scopes', `Not a scope you may give a key: ${refused.join(', ')} (yours: ${allowed.join(', ')})`)
  }
  data.scopes = scopes
  if (data.expiresAt) {
    const expiry = new Date(data.expiresAt as string)
    if (Number.isNaN(expiry.getTime())) throw invalid('expiresAt', 'The expiry must be a date and time')
    if (expiry.getTime() <= Date.now()) throw invalid('expiresAt', 'The expiry must be in the future')
    data.expiresAt = expiry.toISOString()
  } else data.expiresAt = null
}

function keepStoredFields(data: Record<string, unknown>, original: Record<string, unknown>): void {
  const before = scopesOf(original.scopes)
  if (data.scopes !== undefined) {
    const after = [...new Set(scopesOf(data.scopes))]
    const added = after.filter((scope) => !before.includes(scope))
    if (added.length > 0) {
      throw invalid(
        'scopes',
        `A key's scopes cannot be widened (${added.join(', ')} added): create a new key with the scopes you need`,
      )
    }
    if (after.length === 0) throw invalid('scopes', 'A key keeps at least one scope; revoke it instead')
    data.scopes = after
  }
  for (const field of ['owner', 'prefix', 'secretHash', 'expiresAt', 'lastUsedAt', 'lastUsedFrom']) {
    data[field] = original[field] ?? null
  }
  // Revoking is for good: once set, the time stays; any value sent first means "now".
  if (original.revokedAt) data.revokedAt = original.revokedAt
  else data.revokedAt = data.revokedAt ? new Date().toISOString() : null
}

/** Makes a new key's secret and checks its scopes and expiry; guards a key's fields on update. */
export const issueOrGuardKey: CollectionBeforeChangeHook = async ({ data, operation, originalDoc, req }) => {
  if (operation === 'create') {
    await checkNewKey(data, req)
    const made = generateApiKey()
    data.prefix = made.prefix
    data.secretHash = made.secretHash
    data.revokedAt = null
    data.lastUsedAt = null
    data.lastUsedFrom = null
    req.context[`${CONTEXT_PREFIX}${made.prefix}`] = made.key
    return data
  }
  keepStoredFields(data, (originalDoc ?? {}) as Record<string, unknown>)
  return data
}

/** The `key` field's value: the full key in the answer to the request that made it, else nothing. */
export const keyShownOnce: FieldHook = ({ data, req }) => {
  const prefix = (data as { prefix?: string } | undefined)?.prefix
  const key = prefix ? req.context[`${CONTEXT_PREFIX}${prefix}`] : undefined
  return typeof key === 'string' ? key : null
}
