import type { CollectionBeforeDeleteHook } from 'payload'

import { COLLECTION_NAMES } from '../../../constants/collection-names'

/**
 * Deletes a dataset's events and schema versions before the dataset itself. Events and schemas
 * require their dataset, so without this the database refuses the delete. Events go in bulk:
 * a dataset may hold millions.
 */
export const deleteDatasetContent: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await req.payload.db.deleteMany({
    collection: COLLECTION_NAMES.EVENTS,
    where: { dataset: { equals: id } },
    req,
  })
  await req.payload.db.updateMany?.({
    collection: COLLECTION_NAMES.DATASETS,
    where: { id: { equals: id } },
    data: { currentSchema: null },
    req,
  })
  await req.payload.db.deleteMany({
    collection: COLLECTION_NAMES.DATASET_SCHEMAS,
    where: { dataset: { equals: id } },
    req,
  })
}
