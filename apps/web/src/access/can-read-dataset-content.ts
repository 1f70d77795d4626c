import type { Access } from 'payload'

import { NO_DOCUMENTS } from './no-documents'
import { visibleDatasetIds } from './visible-datasets'

/**
 * Read access for documents that belong to a dataset through a `dataset` relationship (events,
 * dataset schemas): readable exactly when their dataset is.
 * @example access: { read: canReadDatasetContent }
 */
export const canReadDatasetContent: Access = async ({ req }) => {
  const ids = await visibleDatasetIds(req)
  if (ids === true) return true
  if (ids.length === 0) return NO_DOCUMENTS
  return { dataset: { in: ids } }
}
