/**
 * Access for the collections and globals Payload adds by itself. Payload builds them while it
 * sanitizes the configuration, after plugins ran and with no option to set their access, so they
 * are set here on the sanitized configuration, before anything serves a request:
 *
 * - `payload-locked-documents`: see {@link canReadDocumentLocks} and its siblings; its default
 *   lets any signed-in user lock, list and unlock anything in anyone's name.
 * - `payload-jobs-stats`: written by the job runner only; its default lets any signed-in user
 *   rewrite when scheduled jobs last ran (and so stop them). Admins may read it.
 * - `payload-migrations`: applied by the migration runner only; no API routes, closed anyway.
 * - `payload-preferences`: own only, as Payload has it; deleting a key the caller has none of
 *   answers 404 instead of Payload's 500 ({@link deleteOwnPreference}).
 *
 * Already closed by Payload and left as they are: `payload-jobs` (no access; admins run jobs
 * through `jobs.access`) and `payload-kv` (no access).
 * @module
 */
import type { SanitizedCollectionConfig, SanitizedConfig, SanitizedGlobalConfig } from 'payload'

import {
  canCreateDocumentLock,
  canDeleteDocumentLock,
  canReadDocumentLocks,
  canUpdateDocumentLock,
  DOCUMENT_LOCKS_SLUG,
} from '../access/document-locks'
import { isAdmin } from '../access/is-admin'
import { nobody } from '../access/nobody'
import { recordCallerAsLockHolder } from '../collections/payload-locked-documents/record-caller-as-holder'
import { deleteOwnPreference, PREFERENCES_SLUG } from '../collections/payload-preferences/delete-own-preference'

/** Payload's global of job statistics (when a task has a schedule). */
export const JOB_STATS_GLOBAL_SLUG = 'payload-jobs-stats'

/** Payload's collection of applied migrations. */
export const MIGRATIONS_SLUG = 'payload-migrations'

/** A collection Payload should have added is missing: a Payload upgrade changed its internals. */
export class PayloadInternalMissing extends Error {
  constructor(readonly slug: string) {
    super(
      `Payload no longer adds the "${slug}" collection this app sets access for; check src/config/payload-internals.ts against the installed Payload version`,
    )
    this.name = 'PayloadInternalMissing'
  }
}

function collection(config: SanitizedConfig, slug: string): SanitizedCollectionConfig {
  const found = config.collections.find((each) => each.slug === slug)
  if (!found) throw new PayloadInternalMissing(slug)
  return found
}

function global(config: SanitizedConfig, slug: string): SanitizedGlobalConfig | undefined {
  return config.globals.find((each) => each.slug === slug)
}

/**
 * Sets the access of Payload's own collections and globals on a sanitized configuration.
 * @throws {@link PayloadInternalMissing} when Payload did not add one of them
 * @example export default buildConfig({ ... }).then(securePayloadInternals)
 */
export function securePayloadInternals(config: SanitizedConfig): SanitizedConfig {
  const locks = collection(config, DOCUMENT_LOCKS_SLUG)
  locks.access = {
    ...locks.access,
    read: canReadDocumentLocks,
    create: canCreateDocumentLock,
    update: canUpdateDocumentLock,
    delete: canDeleteDocumentLock,
  }
  locks.hooks.beforeValidate = [...(locks.hooks.beforeValidate ?? []), recordCallerAsLockHolder]

  const migrations = collection(config, MIGRATIONS_SLUG)
  migrations.access = { ...migrations.access, read: nobody, create: nobody, update: nobody, delete: nobody }

  const preferences = collection(config, PREFERENCES_SLUG)
  if (Array.isArray(preferences.endpoints)) {
    preferences.endpoints = preferences.endpoints.map((endpoint) =>
      endpoint.method === 'delete' && endpoint.path === '/:key'
        ? { ...endpoint, handler: deleteOwnPreference(endpoint.handler) }
        : endpoint,
    )
  }

  const jobStats = global(config, JOB_STATS_GLOBAL_SLUG)
  if (jobStats) jobStats.access = { ...jobStats.access, read: isAdmin, update: nobody, readVersions: nobody }
  return config
}
