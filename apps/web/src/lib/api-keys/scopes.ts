/**
 * What an API key's scopes allow: the owner's access, narrowed. Pure.
 *
 * - `read`: read what the owner may read.
 * - `import`: also upload and run imports, and create or update catalogs, datasets, events,
 *   schemas, import files and scheduled imports (the owner's own, as their access has it).
 * - `admin` (admins' keys only): everything the owner may do, deletions included.
 *
 * Whatever the scopes, a key never writes users or API keys, never touches Payload's jobs,
 * preferences or document locks, and never opens the admin panel.
 * @module
 */

/** The scopes a key can have. */
export const API_KEY_SCOPES = ['read', 'import', 'admin'] as const

/** One scope. */
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number]

/** What a request authenticated by a key carries on its user: which key, with which scopes. */
export interface ApiKeyGrant {
  readonly id: number | string
  readonly scopes: readonly string[]
}

/** The operations Payload checks access for, on collections and globals. */
export type AccessOperation =
  'read' | 'readVersions' | 'readDrafts' | 'create' | 'update' | 'delete' | 'unlock' | 'admin'

/** Collections a key with `import` may create and update in. */
export const IMPORT_COLLECTIONS: ReadonlySet<string> = new Set([
  'catalogs',
  'datasets',
  'dataset-schemas',
  'events',
  'import-files',
  'import-jobs',
  'scheduled-imports',
])

/** Collections and globals no key may write (and, for Payload's own, not read either). */
const NEVER_WRITTEN: ReadonlySet<string> = new Set(['users', 'api-keys'])
const NEVER_TOUCHED: ReadonlySet<string> = new Set([
  'payload-jobs',
  'payload-jobs-stats',
  'payload-preferences',
  'payload-locked-documents',
  'payload-migrations',
  'payload-kv',
])

const READS: ReadonlySet<AccessOperation> = new Set(['read', 'readVersions', 'readDrafts'])

/**
 * Whether a key's scopes include a scope; each scope includes those below it
 * (`admin` ⊃ `import` ⊃ `read`).
 * @example keyHasScope(['import'], 'read') // true
 * @example keyHasScope(['read'], 'import') // false
 */
export function keyHasScope(scopes: readonly string[], scope: ApiKeyScope): boolean {
  const rank = API_KEY_SCOPES.indexOf(scope)
  return scopes.some((held) => API_KEY_SCOPES.indexOf(held as ApiKeyScope) >= rank)
}

/**
 * Whether a key's scopes let its owner's access apply to an operation on a collection or global;
 * `false` means refused whatever the owner may do.
 * @example keyAllows(['import'], 'datasets', 'update') // true
 * @example keyAllows(['admin'], 'users', 'update') // false
 */
export function keyAllows(scopes: readonly string[], slug: string, operation: AccessOperation): boolean {
  if (operation === 'admin' || NEVER_TOUCHED.has(slug)) return false
  if (READS.has(operation)) return keyHasScope(scopes, 'read')
  if (NEVER_WRITTEN.has(slug) || operation === 'unlock') return false
  if (operation === 'delete') return keyHasScope(scopes, 'admin')
  return IMPORT_COLLECTIONS.has(slug) ? keyHasScope(scopes, 'import') : keyHasScope(scopes, 'admin')
}

/**
 * The scopes a user of a role may give a key: `admin` only for admins.
 * @example scopesAllowedFor('user') // ['read', 'import']
 */
export function scopesAllowedFor(role: string | null | undefined): readonly ApiKeyScope[] {
  return role === 'admin' ? API_KEY_SCOPES : ['read', 'import']
}
