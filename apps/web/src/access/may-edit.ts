/**
 * Whether a caller may edit a document or a global, asked of the target's own update rule, so
 * anything that acts "on behalf of an editor" of a document (such as taking a lock on it) follows
 * exactly the rules of editing it.
 * @module
 */
import type { PayloadRequest, Where } from 'payload'

/** A document of a collection, or a global, that someone wants to act on. */
export type EditTarget = { readonly collection: string; readonly id: number | string } | { readonly global: string }

/**
 * The ids, among `ids`, of the documents of `collection` the request's user may update (or, with
 * `operation: 'delete'`, delete), by the collection's own access rule.
 * @example await editableDocumentIds(req, 'datasets', [3, 5]) // Set { '3' } for the owner of 3
 */
export async function editableDocumentIds(
  req: PayloadRequest,
  collection: string,
  ids: ReadonlyArray<number | string>,
  operation: 'update' | 'delete' = 'update',
): Promise<Set<string>> {
  const config = req.payload.collections[collection]?.config
  if (!config || ids.length === 0 || !req.user) return new Set()
  const rule = config.access[operation]
  const verdict = rule ? await rule({ req }) : true
  if (!verdict) return new Set()
  const where: Where = verdict === true ? { id: { in: [...ids] } } : { and: [{ id: { in: [...ids] } }, verdict] }
  const { docs } = await req.payload.find({
    collection: config.slug,
    where,
    depth: 0,
    limit: 0,
    pagination: false,
    select: {},
    overrideAccess: true,
    req,
  })
  return new Set(docs.map((doc) => String(doc.id)))
}

/**
 * Whether the request's user may delete a document, by its collection's own delete rule.
 * @example await mayDelete(req, { collection: 'datasets', id: 4 }) // true for its owner
 */
export async function mayDelete(
  req: PayloadRequest,
  target: { readonly collection: string; readonly id: number | string },
): Promise<boolean> {
  return (await editableDocumentIds(req, target.collection, [target.id], 'delete')).has(String(target.id))
}

/** Whether the request's user may update a global, by its own update rule. */
export async function mayEditGlobal(req: PayloadRequest, slug: string): Promise<boolean> {
  const config = req.payload.config.globals.find((global) => global.slug === slug)
  if (!config || !req.user) return false
  // A global is one document: only a plain yes counts (a query has nothing to narrow down).
  return (await config.access.update({ req })) === true
}

/**
 * Whether the request's user may edit a document or a global.
 * @example await mayEdit(req, { collection: 'pages', id: 4 }) // true for an editor
 */
export async function mayEdit(req: PayloadRequest, target: EditTarget): Promise<boolean> {
  if ('global' in target) return mayEditGlobal(req, target.global)
  return (await editableDocumentIds(req, target.collection, [target.id])).has(String(target.id))
}
