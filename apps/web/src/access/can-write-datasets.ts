import type { Access, PayloadRequest } from 'payload'

import { COLLECTION_NAMES } from '../constants/collection-names'
import { relationId } from './relation-id'
import { isEditorOrAdminUser } from './roles'

/** Whether `data` names no catalog, or one the request's user owns. */
async function catalogIsOwnedOrAbsent(req: PayloadRequest, data: unknown): Promise<boolean> {
  if (!data || typeof data !== 'object' || !('catalog' in data)) return true
  const catalog = relationId(data.catalog)
  if (catalog === undefined || !req.user) return false
  const { totalDocs } = await req.payload.count({
    collection: COLLECTION_NAMES.CATALOGS,
    where: { and: [{ id: { equals: catalog } }, { owner: { equals: req.user.id } }] },
    overrideAccess: true,
    req,
  })
  return totalDocs > 0
}

/**
 * Create access for datasets: editors and admins in any catalog; other signed-in users only in
 * catalogs they own, so nobody slips a dataset into someone else's catalog.
 * @example access: { create: canCreateDatasets }
 */
export const canCreateDatasets: Access = async ({ req, data }) => {
  if (isEditorOrAdminUser(req.user)) return true
  if (!req.user) return false
  return catalogIsOwnedOrAbsent(req, data)
}

/**
 * Update access for datasets: editors and admins on all; other users on their own datasets, and
 * only moving them into catalogs they own. Works for single and bulk updates alike.
 * @example access: { update: canUpdateDatasets }
 */
export const canUpdateDatasets: Access = async ({ req, data }) => {
  if (isEditorOrAdminUser(req.user)) return true
  if (!req.user) return false
  if (!(await catalogIsOwnedOrAbsent(req, data))) return false
  return { owner: { equals: req.user.id } }
}
