/**
 * An import file's status summarises its import jobs (one per sheet).
 * @module
 */
import type { Payload } from 'payload'

import { COLLECTION_NAMES } from '../../constants/collection-names'
import { IMPORT_STATUS, type ImportStatus } from '../../constants/import-status'

/**
 * The file's status from its jobs' statuses: waiting for approval or still working wins over
 * failed, failed over cancelled, and completed only when every job completed.
 * @example summarizeImportStatus(['completed', 'failed']) // 'failed'
 */
export function summarizeImportStatus(statuses: readonly ImportStatus[]): ImportStatus {
  if (statuses.length === 0) return IMPORT_STATUS.PENDING
  for (const status of [IMPORT_STATUS.AWAITING_APPROVAL, IMPORT_STATUS.PROCESSING, IMPORT_STATUS.PENDING] as const) {
    if (statuses.includes(status)) return status === IMPORT_STATUS.PENDING ? IMPORT_STATUS.PROCESSING : status
  }
  if (statuses.includes(IMPORT_STATUS.FAILED)) return IMPORT_STATUS.FAILED
  if (statuses.every((status) => status === IMPORT_STATUS.CANCELLED)) return IMPORT_STATUS.CANCELLED
  return IMPORT_STATUS.COMPLETED
}

/** Recomputes and saves an import file's status from its jobs. */
export async function refreshImportFileStatus(payload: Payload, importFileId: number): Promise<ImportStatus> {
  const { docs } = await payload.find({
    collection: COLLECTION_NAMES.IMPORT_JOBS,
    where: { importFile: { equals: importFileId } },
    depth: 0,
    limit: 1000,
    select: { status: true },
    overrideAccess: true,
    pagination: false,
  })
  const status = summarizeImportStatus(docs.map((doc) => doc.status as ImportStatus))
  await payload.update({
    collection: COLLECTION_NAMES.IMPORT_FILES,
    id: importFileId,
    data: { status },
    depth: 0,
    overrideAccess: true,
  })
  return status
}
