/**
 * Which datasets a caller may see: the single rule behind the access of datasets, their schemas
 * and their events, so the REST API, GraphQL, the custom API routes and exports all agree.
 * @module
 */
import type { PayloadRequest, Where } from 'payload'

import { COLLECTION_NAMES } from '../constants/collection-names'
import { isEditorOrAdminUser } from './roles'

const CONTEXT_KEY = 'chronotopeVisibleDatasetIds'
const OWNED_CONTEXT_KEY = 'chronotopeOwnedDatasetIds'

/**
 * The `where` that selects the datasets a user may read, or `true` for editors and admins.
 *
 * A dataset is public when it and its catalog are both public. Owners see their own datasets and
 * every dataset in catalogs they own.
 * @example datasetVisibilityWhere(null) // { and: [{ isPublic: ... }, { 'catalog.isPublic': ... }] }
 */
export function datasetVisibilityWhere(user: PayloadRequest['user']): true | Where {
  if (isEditorOrAdminUser(user)) return true
  const isPublic: Where = {
    and: [{ isPublic: { equals: true } }, { 'catalog.isPublic': { equals: true } }],
  }
  if (!user) return isPublic
  return {
    or: [isPublic, { owner: { equals: user.id } }, { 'catalog.owner': { equals: user.id } }],
  }
}

/**
 * The `where` that selects the datasets a user may change (and add events or schemas to), or
 * `true` for editors and admins: their own datasets and those in catalogs they own.
 * @example datasetOwnershipWhere({ id: 7, role: 'user' }) // { or: [{ owner: ... }, ...] }
 */
export function datasetOwnershipWhere(user: PayloadRequest['user']): true | false | Where {
  if (isEditorOrAdminUser(user)) return true
  if (!user) return false
  return { or: [{ owner: { equals: user.id } }, { 'catalog.owner': { equals: user.id } }] }
}

/**
 * The ids of the datasets the request's user may read, or `true` when they may read all. Computed
 * once per request (datasets are few; events are many, so events are filtered by these ids).
 */
export async function visibleDatasetIds(req: PayloadRequest): Promise<true | Array<number | string>> {
  return datasetIdsMatching(req, datasetVisibilityWhere(req.user), CONTEXT_KEY)
}

/**
 * The ids of the datasets the request's user may change, or `true` when they may change all.
 */
export async function ownedDatasetIds(req: PayloadRequest): Promise<true | Array<number | string>> {
  const where = datasetOwnershipWhere(req.user)
  if (where === false) return []
  return datasetIdsMatching(req, where, OWNED_CONTEXT_KEY)
}

async function datasetIdsMatching(
  req: PayloadRequest,
  where: true | Where,
  contextKey: string,
): Promise<true | Array<number | string>> {
  if (where === true) return true
  const cached = req.context[contextKey] as Array<number | string> | undefined
  if (cached) return cached
  const { docs } = await req.payload.find({
    collection: COLLECTION_NAMES.DATASETS,
    where,
    depth: 0,
    limit: 0,
    pagination: false,
    overrideAccess: true,
    select: {},
    req,
  })
  const ids = docs.map((dataset) => dataset.id)
  req.context[contextKey] = ids
  return ids
}
