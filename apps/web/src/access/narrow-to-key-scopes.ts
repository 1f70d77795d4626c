/**
 * An API key acts with its owner's access narrowed by its scopes, on every collection and global,
 * Payload's own included, whatever route reaches them (REST, GraphQL, versions, locks).
 * Applied to the sanitized configuration, after Payload added its collections, so none is missed.
 * @module
 */
import type { Access, SanitizedConfig } from 'payload'

import { apiKeyGrant } from '../lib/api-keys/key-strategy'
import { keyAllows, type AccessOperation } from '../lib/api-keys/scopes'

const OPERATIONS: readonly AccessOperation[] = [
  'read',
  'readVersions',
  'readDrafts',
  'create',
  'update',
  'delete',
  'unlock',
  'admin',
]

// Payload checks these on every collection, with its default (any signed-in user) when unset.
const ALWAYS_CHECKED: ReadonlySet<AccessOperation> = new Set(['read', 'create', 'update', 'delete', 'readVersions'])

function narrowed(slug: string, operation: AccessOperation, access: Access | undefined): Access {
  return (args) => {
    const grant = apiKeyGrant(args.req.user)
    if (grant && !keyAllows(grant.scopes, slug, operation)) return false
    return access ? access(args) : Boolean(args.req.user)
  }
}

/**
 * Wraps the access of every collection, global and job operation so a key-authenticated request
 * gets no more than its scopes allow.
 * @example export default buildConfig({ ... }).then(narrowAccessToKeyScopes)
 */
export function narrowAccessToKeyScopes(config: SanitizedConfig): SanitizedConfig {
  for (const collection of config.collections) {
    const access = collection.access as Record<string, Access | undefined>
    for (const operation of OPERATIONS) {
      if (access[operation] || ALWAYS_CHECKED.has(operation)) {
        access[operation] = narrowed(collection.slug, operation, access[operation])
      }
    }
  }
  for (const global of config.globals) {
    const access = global.access as Record<string, Access | undefined>
    for (const operation of ['read', 'update', 'readVersions', 'readDrafts'] as const) {
      if (access[operation] || operation === 'read' || operation === 'update') {
        access[operation] = narrowed(global.slug, operation, access[operation])
      }
    }
  }
  const jobs = config.jobs.access as Record<string, ((args: { req: { user: unknown } }) => unknown) | undefined>
  if (jobs) {
    for (const name of Object.keys(jobs)) {
      const original = jobs[name]!
      jobs[name] = (args) => (apiKeyGrant(args.req.user) ? false : original(args))
    }
  }
  return config
}
