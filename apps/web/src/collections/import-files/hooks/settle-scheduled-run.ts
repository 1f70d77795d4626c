import type { CollectionAfterChangeHook } from 'payload'

import type { ImportFileDoc } from '../../../lib/import/import-documents'
import { settleRunOfImport } from '../../../lib/scheduled-imports/settle-run'

/**
 * Ends (or holds) a scheduled run when its import's status changes: completed, failed, cancelled
 * or waiting for approval. Uploads are left alone.
 */
export const settleScheduledRun: CollectionAfterChangeHook<ImportFileDoc & { [key: string]: unknown }> = async ({
  doc,
  previousDoc,
  req,
  operation,
}) => {
  if (operation !== 'update' || doc.status === previousDoc?.status || !doc.options?.scheduledRun) return doc
  await settleRunOfImport(req.payload, doc, doc.status, req)
  return doc
}
