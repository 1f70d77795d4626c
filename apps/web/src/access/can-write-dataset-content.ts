import type { Access } from 'payload'

import { relationId } from './relation-id'
import { ownedDatasetIds } from './visible-datasets'

// Whether `data` moves the document into one of `ids` (undefined when it names no dataset).
function targetsOwnedDataset(data: unknown, ids: Array<number | string>): boolean | undefined {
  if (!data || typeof data !== 'object' || !('dataset' in data)) return undefined
  const target = relationId(data.dataset)
  return target !== undefined && ids.map(String).includes(String(target))
}

/**
 * Create access for documents that belong to a dataset (events, dataset schemas): editors and
 * admins anywhere, other users only in datasets they own.
 * @example access: { create: canCreateDatasetContent }
 */
export const canCreateDatasetContent: Access = async ({ req, data }) => {
  const ids = await ownedDatasetIds(req)
  if (ids === true) return true
  if (ids.length === 0) return false
  return targetsOwnedDataset(data, ids) ?? true
}

/**
 * Update and delete access for documents that belong to a dataset: editors and admins on all,
 * other users only on documents in datasets they own, and never moving one into a dataset they
 * do not own. Works for single and bulk operations alike.
 * @example access: { update: canChangeDatasetContent, delete: canChangeDatasetContent }
 */
export const canChangeDatasetContent: Access = async ({ req, data }) => {
  const ids = await ownedDatasetIds(req)
  if (ids === true) return true
  if (ids.length === 0) return false
  if (targetsOwnedDataset(data, ids) === false) return false
  return { dataset: { in: ids } }
}
