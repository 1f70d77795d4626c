import { APIError, type CollectionBeforeDeleteHook } from 'payload'

import { COLLECTION_NAMES } from '../../../constants/collection-names'
import { IMPORT_STATUS } from '../../../constants/import-status'

/** An import is still being processed: deleting it would pull the file from under its workers. */
export class ImportStillRunning extends APIError {
  constructor(importFileId: number | string) {
    super(`Import ${importFileId} is still being processed; cancel it first, then delete it.`, 409)
    this.name = 'ImportStillRunning'
  }
}

/**
 * Deletes an import file's import jobs (their progress, row errors and history) before the file:
 * a job requires its file, so without this the database refuses the delete (the admin's "unknown
 * error"). The events the import created stay in their datasets and only lose the link to the job.
 */
export const deleteImportJobs: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const { totalDocs: running } = await req.payload.count({
    collection: COLLECTION_NAMES.IMPORT_JOBS,
    where: { and: [{ importFile: { equals: id } }, { status: { equals: IMPORT_STATUS.PROCESSING } }] },
    overrideAccess: true,
    req,
  })
  if (running > 0) throw new ImportStillRunning(id)
  await req.payload.db.deleteMany({
    collection: COLLECTION_NAMES.IMPORT_JOBS,
    where: { importFile: { equals: id } },
    req,
  })
}
