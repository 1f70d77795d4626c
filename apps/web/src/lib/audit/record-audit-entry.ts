/**
 * Writes entries to the audit log. The only way an entry is made: the collection refuses every
 * caller, so this writes with `overrideAccess`, in the request's transaction when there is one
 * (a change that is rolled back leaves no entry behind).
 * @module
 */
import type { Payload, PayloadRequest } from 'payload'

import { settings } from '../../config/settings'
import type { AuditAction } from '../../constants/audit-actions'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { clientAddress, UNKNOWN_ADDRESS } from '../http/client-address'
import { auditValue, type AuditChanges } from './audit-changes'

/** Who acted, as the entry keeps them: the id and the email address at the time. */
export interface AuditActor {
  readonly id: number | string
  readonly email?: string | null
}

/** What an entry says; who and from where come from the request unless given. */
export interface AuditEntryInput {
  readonly action: AuditAction
  /** The document acted on: its collection (or global) slug, id and a label to recognise it by. */
  readonly target?: {
    readonly collection: string
    readonly id?: number | string | null
    readonly label?: string | null
  }
  /** Changed fields, before → after (see `auditChanges`, which leaves secrets out). */
  readonly changes?: AuditChanges | null
  /** Anything else worth keeping, e.g. `{ eventsDeleted: 1200 }` or `{ reason: 'wrong-password' }`. */
  readonly details?: Record<string, unknown> | null
  /** Who acted, when it is not the request's user (e.g. the account that just signed in); `null`: nobody. */
  readonly actor?: AuditActor | null
  /** The client address, when the entry is written apart from the request it came with (see {@link auditAddress}). */
  readonly address?: string | null
}

function actorOf(req: PayloadRequest | null, entry: AuditEntryInput): AuditActor | null {
  if (entry.actor !== undefined) return entry.actor
  const user = req?.user as { id: number | string; email?: string | null; collection?: string } | null | undefined
  if (!user || (user.collection && user.collection !== COLLECTION_NAMES.USERS)) return null
  return { id: user.id, email: user.email ?? null }
}

/** The client address of a request as the log keeps it (through `CHRONOTOPE_TRUSTED_PROXIES`); `null` without one. */
export function auditAddress(req: Pick<PayloadRequest, 'headers'> | null | undefined): string | null {
  if (!req?.headers) return null
  const address = clientAddress(req.headers, settings.trustedProxies)
  return address === UNKNOWN_ADDRESS ? null : address
}

/** The audit log's row for an entry (the collection's fields). */
export function auditEntryData(req: PayloadRequest | null, entry: AuditEntryInput): Record<string, unknown> {
  const actor = actorOf(req, entry)
  const changes = entry.changes && Object.keys(entry.changes).length > 0 ? entry.changes : null
  return {
    action: entry.action,
    actorId: actor ? Number(actor.id) : null,
    actorEmail: actor?.email ?? null,
    actorAddress: entry.address !== undefined ? entry.address : auditAddress(req),
    targetCollection: entry.target?.collection ?? null,
    targetId: entry.target?.id === undefined || entry.target.id === null ? null : String(entry.target.id),
    targetLabel: entry.target?.label ?? null,
    changes,
    // Related documents as their ids, secrets left out, as in changes.
    details: entry.details ? auditValue(entry.details) : null,
  }
}

/**
 * Records one audit entry. Who acted and their client address (through
 * `CHRONOTOPE_TRUSTED_PROXIES`) come from `req`; server work without a request passes `null` and
 * is recorded as the system. Runs in `req`'s transaction, so the entry commits or rolls back
 * with the change it describes.
 * @example await recordAuditEntry(req.payload, req, { action: AUDIT_ACTIONS.SETTINGS_CHANGED, target: { collection: 'main-menu' } })
 */
export async function recordAuditEntry(
  payload: Payload,
  req: PayloadRequest | null,
  entry: AuditEntryInput,
): Promise<void> {
  await payload.create({
    collection: COLLECTION_NAMES.AUDIT_LOG,
    data: auditEntryData(req, entry),
    overrideAccess: true,
    depth: 0,
    ...(req ? { req } : {}),
  })
}
