import type { Access } from 'payload'

import { ownedDatasetIds } from './visible-datasets'

function relationId(value: unknown): number | string | undefined {
  if (typeof value === 'number' || typeof value === 'string') return value
  if (value && typeof value === 'object' && 'id' in value) return (value as { id: number | string }).id
  return undefined
}

/**
 * Write access for documents that belong to a dataset (events, dataset schemas): editors and
 * admins everywhere, other users only in datasets they own. On create the target dataset is
 * checked; on update and delete the documents are filtered.
 * @example access: { create: canWriteDatasetContent, update: canWriteDatasetContent }
 */
export const canWriteDatasetContent: Access = async ({ req, data }) => {
  const ids = await ownedDatasetIds(req)
  if (ids === true) return true
  if (ids.length === 0) return false
  if (data && 'dataset' in data) {
    const target = relationId(data.dataset)
    return target !== undefined && ids.map(String).includes(String(target))
  }
  return { dataset: { in: ids } }
}
