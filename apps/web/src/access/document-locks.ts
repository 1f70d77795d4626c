/**
 * Access to Payload's document locks (`payload-locked-documents`), the records behind the admin's
 * "X is editing" notice; a lock held by someone else makes saving the document fail with 423.
 * A lock is always its holder's own, only someone who may edit a document may lock it or take a
 * lock on it over, everyone sees their own locks plus the locks on documents they may edit (so the
 * admin can tell them someone else is editing), and only the holder removes a lock.
 * @module
 */
import type { Access, PayloadRequest, Where } from 'payload'

import { editableDocumentIds, mayEdit, mayEditGlobal, type EditTarget } from './may-edit'

/** Payload's slug of the lock collection. */
export const DOCUMENT_LOCKS_SLUG = 'payload-locked-documents'

interface LockData {
  readonly document?: { readonly relationTo?: unknown; readonly value?: unknown } | null
  readonly globalSlug?: unknown
}

/**
 * What a lock's data points at: exactly one document or one global, or `undefined` when it names
 * neither, both, or something malformed.
 * @example lockTarget({ document: { relationTo: 'pages', value: 4 } }) // { collection: 'pages', id: 4 }
 */
export function lockTarget(data: unknown): EditTarget | undefined {
  if (!data || typeof data !== 'object') return undefined
  const { document, globalSlug } = data as LockData
  const hasGlobal = typeof globalSlug === 'string' && globalSlug !== ''
  const value = document?.value
  const id = value && typeof value === 'object' && 'id' in value ? value.id : value
  const hasDocument =
    typeof document?.relationTo === 'string' && (typeof id === 'number' || (typeof id === 'string' && id !== ''))
  if (hasGlobal === hasDocument) return undefined
  return hasGlobal ? { global: globalSlug } : { collection: document!.relationTo as string, id: id as number | string }
}

/** Whether lock data touches what the lock points at (a create always does; an update may not). */
function changesTarget(data: unknown): boolean {
  return Boolean(data && typeof data === 'object' && ('document' in data || 'globalSlug' in data))
}

function heldBy(user: NonNullable<PayloadRequest['user']>): Where {
  return { and: [{ 'user.value': { equals: user.id } }, { 'user.relationTo': { equals: user.collection } }] }
}

/** The ids of the locks held by others on documents and globals the request's user may edit. */
async function othersLocksOnEditableTargets(req: PayloadRequest): Promise<Array<number | string>> {
  const user = req.user!
  const { docs } = await req.payload.find({
    collection: DOCUMENT_LOCKS_SLUG,
    depth: 0,
    limit: 0,
    pagination: false,
    overrideAccess: true,
    req,
  })
  const byCollection = new Map<string, Array<{ lock: number | string; id: number | string }>>()
  const onGlobals: Array<{ lock: number | string; global: string }> = []
  for (const doc of docs as unknown as Array<LockData & { id: number | string; user?: { value?: unknown } }>) {
    if (String(doc.user?.value) === String(user.id)) continue
    const target = lockTarget(doc)
    if (!target) continue
    if ('global' in target) onGlobals.push({ lock: doc.id, global: target.global })
    else
      byCollection.set(target.collection, [
        ...(byCollection.get(target.collection) ?? []),
        { lock: doc.id, id: target.id },
      ])
  }
  const visible: Array<number | string> = []
  for (const [collection, locks] of byCollection) {
    const editable = await editableDocumentIds(
      req,
      collection,
      locks.map((lock) => lock.id),
    )
    visible.push(...locks.filter((lock) => editable.has(String(lock.id))).map((lock) => lock.lock))
  }
  for (const lock of onGlobals) if (await mayEditGlobal(req, lock.global)) visible.push(lock.lock)
  return visible
}

/**
 * Read access to locks: the caller's own, and others' locks on what the caller may edit.
 * @example access: { read: canReadDocumentLocks }
 */
export const canReadDocumentLocks: Access = async ({ req }) => {
  if (!req.user) return false
  const others = await othersLocksOnEditableTargets(req)
  return others.length === 0 ? heldBy(req.user) : { or: [heldBy(req.user), { id: { in: others } }] }
}

/**
 * Create access to locks: signed-in callers, on a document or global they may edit.
 * @example access: { create: canCreateDocumentLock }
 */
export const canCreateDocumentLock: Access = async ({ req, data }) => {
  if (!req.user) return false
  const target = lockTarget(data)
  return target !== undefined && (await mayEdit(req, target))
}

/**
 * Update access to locks (the admin's "take over"): the locks the caller may read, never pointed
 * at something the caller may not edit. The holder becomes the caller (see the collection's hook).
 * @example access: { update: canUpdateDocumentLock }
 */
export const canUpdateDocumentLock: Access = async ({ req, data }) => {
  if (!req.user) return false
  if (changesTarget(data)) {
    const target = lockTarget(data)
    if (!target || !(await mayEdit(req, target))) return false
  }
  return canReadDocumentLocks({ req })
}

/**
 * Delete access to locks: only the holder's own.
 * @example access: { delete: canDeleteDocumentLock }
 */
export const canDeleteDocumentLock: Access = ({ req }) => (req.user ? heldBy(req.user) : false)
