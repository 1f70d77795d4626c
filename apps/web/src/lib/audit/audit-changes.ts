/**
 * The "before → after" of an audit entry: which fields of a document changed, with secrets left
 * out whatever collection they are in. Pure.
 * @module
 */

/** One changed field: its value before and after the change (`null` when it had none). */
export interface FieldChange {
  readonly before: unknown
  readonly after: unknown
}

/** The changed fields of a document, by field path. */
export type AuditChanges = Record<string, FieldChange>

// Words of a field name that mark a secret, whichever way it is written (`apiKey`, `api_key`,
// `key-hash`): such a field is never copied into the log, not even as before → after.
const SECRET_WORDS = new Set(['password', 'passwd', 'hash', 'salt', 'secret', 'token', 'credential', 'credentials'])
const SECRET_PAIRS = new Set(['api key', 'private key', 'key hash', 'access key', 'session id'])
// Fields every document has, which say nothing about what changed.
const BOOKKEEPING = new Set(['id', 'createdAt', 'updatedAt', 'sessions', 'loginAttempts', 'lockUntil'])

/** Longest text kept of one value; a longer one is cut, so one entry stays small. */
export const MAX_VALUE_CHARS = 500

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
}

/**
 * Whether a field name names a secret (password, hash, salt, secret, token, API key, key hash,
 * credential…), judged by its words so that `resetPasswordToken` and `api_key` are caught too.
 * @example isSecretFieldName('keyHash') // true
 * @example isSecretFieldName('isPublic') // false
 */
export function isSecretFieldName(name: string): boolean {
  const parts = words(name)
  if (parts.some((part) => SECRET_WORDS.has(part) || part === 'apikey' || part === 'keyhash')) return true
  return parts.some((part, index) => index > 0 && SECRET_PAIRS.has(`${parts[index - 1]} ${part}`))
}

/**
 * A value as the log keeps it: a related document as its id, secrets inside objects left out,
 * long texts cut to {@link MAX_VALUE_CHARS} and large objects summarised.
 * @example auditValue({ id: 3, name: 'x', updatedAt: '2026-11-28T10:00:00.000Z' }) // 3
 */
export function auditValue(value: unknown): unknown {
  if (value === undefined || value === null) return null
  if (typeof value === 'string') return value.length > MAX_VALUE_CHARS ? `${value.slice(0, MAX_VALUE_CHARS)}…` : value
  if (typeof value !== 'object') return value
  if (value instanceof Date) return value.toISOString()
  // A related document that was read with it (it has timestamps; an array row has an id only).
  if (!Array.isArray(value) && 'id' in value && 'updatedAt' in value) return value.id
  const cleaned = Array.isArray(value)
    ? value.map(auditValue)
    : Object.fromEntries(
        Object.entries(value)
          .filter(([key]) => !isSecretFieldName(key))
          .map(([key, inner]) => [key, auditValue(inner)]),
      )
  const text = JSON.stringify(cleaned)
  return text.length > MAX_VALUE_CHARS * 4 ? `[${text.length} characters of JSON]` : cleaned
}

function valueAt(document: Record<string, unknown> | null | undefined, path: string): unknown {
  let current: unknown = document
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<string, unknown>)[key]
  }
  return current
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/**
 * The fields that differ between `before` and `after` (either may be `null`: a document created
 * or deleted), as before → after. With `fields`, only those paths (`'isPublic'`,
 * `'rateLimit.requestsPerDay'`) are compared; without, every top-level field. Secret fields and
 * bookkeeping (`id`, `createdAt`, `updatedAt`, login counters) are never included.
 * @example auditChanges({ role: 'user' }, { role: 'editor' }) // { role: { before: 'user', after: 'editor' } }
 */
export function auditChanges(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
  fields?: readonly string[],
): AuditChanges {
  const paths = fields ?? [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
  const changes: AuditChanges = {}
  for (const path of paths) {
    if (BOOKKEEPING.has(path) || path.split('.').some(isSecretFieldName)) continue
    const old = auditValue(valueAt(before, path))
    const now = auditValue(valueAt(after, path))
    if (!sameValue(old, now)) changes[path] = { before: old, after: now }
  }
  return changes
}
