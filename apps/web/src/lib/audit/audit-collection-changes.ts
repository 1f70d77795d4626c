/**
 * Hooks that write a collection's creates, changes and deletes to the audit log.
 * @module
 */
import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionConfig,
  GlobalAfterChangeHook,
  PayloadRequest,
} from 'payload'

import type { AuditAction } from '../../constants/audit-actions'
import { auditChanges } from './audit-changes'
import { recordAuditEntry } from './record-audit-entry'

type Doc = Record<string, unknown>

/** Which actions a collection's hooks record, and of which fields. */
export interface AuditCollectionOptions {
  /** Recorded when a document is created, with the named fields as `null → value`. */
  readonly created?: AuditAction
  /**
   * Recorded when a document is changed and one of the named fields (all fields when none are
   * named) differs: `user.role-changed` with `fields: ['role']` is written for role changes only.
   */
  readonly changed?: AuditAction
  /** Recorded when a document is deleted, one entry per document, bulk deletes included. */
  readonly deleted?: AuditAction
  /** Field paths whose before → after is recorded (dotted for nested fields); secrets never are. */
  readonly fields?: readonly string[]
  /** More to say about a deleted document, e.g. how many events went with a dataset. */
  readonly deletedDetails?: (doc: Doc, req: PayloadRequest) => Record<string, unknown> | undefined
}

/** The hooks {@link auditCollectionChanges} makes, to add to a collection's `hooks`. */
export interface AuditCollectionHooks {
  readonly afterChange: CollectionAfterChangeHook
  readonly afterDelete: CollectionAfterDeleteHook
}

function labelOf(collection: Pick<CollectionConfig, 'admin'> | undefined, doc: Doc): string | null {
  const field = collection?.admin?.useAsTitle
  const value = field ? doc[field] : undefined
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null
}

// When one action stands for several operations (every settings change is `settings.changed`),
// the entry says which.
function operationDetails(options: AuditCollectionOptions, operation: 'created' | 'changed' | 'deleted') {
  const actions = [options.created, options.changed, options.deleted].filter(Boolean)
  return new Set(actions).size < actions.length ? { operation } : undefined
}

/**
 * Audit hooks for a collection: an entry for each create, change (of the named fields) and
 * delete, made through REST, GraphQL, the admin or server code, with who, from where and the
 * fields' before → after. Each entry is written in the change's transaction. Attach both hooks:
 * @example
 * const audit = auditCollectionChanges('webhooks', {
 *   created: AUDIT_ACTIONS.WEBHOOK_CREATED,
 *   changed: AUDIT_ACTIONS.WEBHOOK_CHANGED,
 *   deleted: AUDIT_ACTIONS.WEBHOOK_DELETED,
 *   fields: ['url', 'events', 'enabled'],
 * })
 * // in the collection config:
 * hooks: { afterChange: [audit.afterChange], afterDelete: [audit.afterDelete] }
 */
export function auditCollectionChanges(collectionSlug: string, options: AuditCollectionOptions): AuditCollectionHooks {
  const afterChange: CollectionAfterChangeHook = async ({ collection, doc, previousDoc, operation, req }) => {
    const after = doc as Doc
    const action = operation === 'create' ? options.created : options.changed
    if (!action) return after
    const changes = auditChanges(operation === 'create' ? null : (previousDoc as Doc), after, options.fields)
    if (operation === 'update' && Object.keys(changes).length === 0) return after
    await recordAuditEntry(req.payload, req, {
      action,
      target: { collection: collectionSlug, id: after.id as number, label: labelOf(collection, after) },
      changes,
      details: operationDetails(options, operation === 'create' ? 'created' : 'changed'),
    })
    return after
  }
  const afterDelete: CollectionAfterDeleteHook = async ({ collection, doc, id, req }) => {
    const before = doc as Doc
    if (!options.deleted) return before
    const details = { ...operationDetails(options, 'deleted'), ...options.deletedDetails?.(before, req) }
    await recordAuditEntry(req.payload, req, {
      action: options.deleted,
      target: { collection: collectionSlug, id, label: labelOf(collection, before) },
      details: Object.keys(details).length > 0 ? details : null,
    })
    return before
  }
  return { afterChange, afterDelete }
}

/**
 * An `afterChange` hook for a global (site settings such as the main menu): records
 * `action` with the changed fields' before → after whenever something changed.
 * @example hooks: { afterChange: [auditGlobalChanges('main-menu', AUDIT_ACTIONS.SETTINGS_CHANGED)] }
 */
export function auditGlobalChanges(globalSlug: string, action: AuditAction): GlobalAfterChangeHook {
  return async ({ doc, previousDoc, req, global }) => {
    const after = doc as Doc
    const changes = auditChanges(previousDoc as Doc, after)
    if (Object.keys(changes).length === 0) return after
    await recordAuditEntry(req.payload, req, {
      action,
      target: { collection: globalSlug, label: typeof global.label === 'string' ? global.label : globalSlug },
      changes,
    })
    return after
  }
}
