import type { CollectionAfterChangeHook, TypeWithID } from 'payload'

import { queueImportWebhookEvents, type FinishedImportFile } from '../../../lib/webhooks/import-webhook-events'

/**
 * When an import's status turns to completed or failed, queues its webhook events
 * (`import.completed` / `import.failed`, and `dataset.updated`). A webhook that cannot be queued
 * is logged, never fails the import.
 */
export const sendImportWebhooks: CollectionAfterChangeHook<FinishedImportFile & TypeWithID> = async ({
  doc,
  previousDoc,
  operation,
  req,
}) => {
  const status = doc.status
  if (operation !== 'update' || status === previousDoc?.status) return doc
  if (status !== 'completed' && status !== 'failed') return doc
  try {
    await queueImportWebhookEvents(req.payload, doc, req)
  } catch (error) {
    req.payload.logger.error({ err: error, msg: 'Queueing the webhooks of an import failed', importId: doc.id })
  }
  return doc
}
