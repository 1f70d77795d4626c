import type { CollectionBeforeDeleteHook, PayloadRequest } from 'payload'

import { COLLECTION_NAMES } from '../../../constants/collection-names'
import { importFilesFeedingOnly } from '../../../lib/deletion/deletion-impact'
import { pauseSchedulesOf } from '../../../lib/scheduled-imports/pause-orphaned-schedules'

const deletedEventsKey = (id: number | string) => `chronotopeDeletedEvents:${id}`

/** How many events {@link deleteDatasetContent} deleted with the dataset `id` in this request (for its audit entry). */
export function deletedEventCount(req: PayloadRequest, id: number | string): number | null {
  const count = req.context[deletedEventsKey(id)]
  return typeof count === 'number' ? count : null
}

/**
 * Deletes a dataset's events, schema versions and import jobs before the dataset itself, and the
 * uploaded files that fed only this dataset (as the confirmation says, see `datasetDeletionImpact`).
 * Events and schemas require their dataset, so without this the database refuses the delete.
 * Events go in bulk: a dataset may hold millions. Scheduled imports into it pause, saying why.
 */
export const deleteDatasetContent: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await pauseSchedulesOf(req, { field: 'dataset', id })
  const files = await importFilesFeedingOnly(req.payload, id, req)
  const { totalDocs } = await req.payload.count({
    collection: COLLECTION_NAMES.EVENTS,
    where: { dataset: { equals: id } },
    overrideAccess: true,
    req,
  })
  req.context[deletedEventsKey(id)] = totalDocs
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
  await req.payload.db.deleteMany({
    collection: COLLECTION_NAMES.IMPORT_JOBS,
    where: { dataset: { equals: id } },
    req,
  })
  // Through the CMS, so the stored files leave the disk too; their jobs are gone already.
  if (files.length > 0) {
    await req.payload.delete({
      collection: COLLECTION_NAMES.IMPORT_FILES,
      where: { id: { in: files } },
      overrideAccess: true,
      req,
    })
  }
}
