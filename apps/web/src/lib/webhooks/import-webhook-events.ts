/**
 * The webhook events of a finished import: `import.completed` or `import.failed` with the counts
 * summed over its sheets, and `dataset.updated` for each dataset the completed import changed.
 * @module
 */
import type { Payload, PayloadRequest } from 'payload'

import { relationId } from '../../access/relation-id'
import { settings } from '../../config/settings'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { queueWebhookEvent } from './queue-webhook-event'
import { WEBHOOK_EVENTS, webhookLinks, type ImportCounts } from './webhook-events'

/** The import-job counts the payloads sum. */
interface JobCounts {
  readonly eventsCreated?: number | null
  readonly eventsUpdated?: number | null
  readonly eventsUnchanged?: number | null
  readonly eventsLeftAlone?: number | null
  readonly duplicatesSkipped?: number | null
  readonly rowErrors?: number | null
}

/**
 * Sums the counts of an import's jobs (one per sheet).
 * @example sumImportCounts([{ eventsCreated: 2, rowErrors: 1 }]) // { created: 2, updated: 0, unchanged: 0, skipped: 0, leftAlone: 0, errors: 1 }
 */
export function sumImportCounts(jobs: readonly (JobCounts | null | undefined)[]): ImportCounts {
  const sum = (key: keyof JobCounts) => jobs.reduce((total, counts) => total + (counts?.[key] ?? 0), 0)
  return {
    created: sum('eventsCreated'),
    updated: sum('eventsUpdated'),
    unchanged: sum('eventsUnchanged'),
    skipped: sum('duplicatesSkipped'),
    leftAlone: sum('eventsLeftAlone'),
    errors: sum('rowErrors'),
  }
}

/** Why the first failed sheet failed: an import file's own reason is only set for whole-file failures. */
function jobFailureReason(jobs: ReadonlyArray<{ status?: unknown; failureReason?: unknown }>): string | null {
  const reason = jobs.find((job) => job.status === 'failed' && typeof job.failureReason === 'string')?.failureReason
  return typeof reason === 'string' ? reason : null
}

/** The part of an import file the events read. */
export interface FinishedImportFile {
  readonly id: number | string
  readonly status?: string | null
  readonly filename?: string | null
  readonly catalog?: unknown
  readonly owner?: unknown
  readonly failureReason?: string | null
}

/**
 * Queues the events of an import that just completed or failed, for its owner's webhooks; returns
 * the deliveries queued. Imports without an owner, or in any other status, send nothing.
 * @example await queueImportWebhookEvents(payload, importFile, req)
 */
export async function queueImportWebhookEvents(
  payload: Payload,
  importFile: FinishedImportFile,
  req?: PayloadRequest,
): Promise<number[]> {
  const ownerId = relationId(importFile.owner)
  const status = importFile.status
  if (ownerId === undefined || (status !== 'completed' && status !== 'failed')) return []
  const importId = Number(importFile.id)
  const { docs: jobs } = await payload.find({
    collection: COLLECTION_NAMES.IMPORT_JOBS,
    where: { importFile: { equals: importId } },
    depth: 0,
    limit: 0,
    pagination: false,
    select: { dataset: true, counts: true, status: true, failureReason: true },
    overrideAccess: true,
    req,
  })
  const links = webhookLinks(settings.serverUrl)
  const datasetIds = [...new Set(jobs.map((job) => relationId(job.dataset)).filter((id) => id !== undefined))].map(
    Number,
  )
  const catalogId = relationId(importFile.catalog)
  const deliveries = await queueWebhookEvent(payload, {
    event: status === 'completed' ? WEBHOOK_EVENTS.IMPORT_COMPLETED : WEBHOOK_EVENTS.IMPORT_FAILED,
    ownerId,
    req,
    data: {
      importId,
      fileName: importFile.filename ?? null,
      status,
      catalogId: catalogId === undefined ? null : Number(catalogId),
      datasetIds,
      counts: sumImportCounts(jobs.map((job) => job.counts as JobCounts | null)),
      ...(status === 'failed' ? { failureReason: importFile.failureReason ?? jobFailureReason(jobs) } : {}),
      links: { status: links.importStatus(importId), api: links.importApi(importId) },
    },
  })
  if (status !== 'completed') return deliveries
  for (const datasetId of datasetIds) {
    const counts = sumImportCounts(
      jobs.filter((job) => Number(relationId(job.dataset)) === datasetId).map((job) => job.counts as JobCounts | null),
    )
    if (counts.created + counts.updated === 0) continue
    const dataset = await payload
      .findByID({ collection: COLLECTION_NAMES.DATASETS, id: datasetId, depth: 0, overrideAccess: true, req })
      .catch(() => null)
    deliveries.push(
      ...(await queueWebhookEvent(payload, {
        event: WEBHOOK_EVENTS.DATASET_UPDATED,
        ownerId: relationId(dataset?.owner) ?? ownerId,
        req,
        data: {
          datasetId,
          datasetName: typeof dataset?.name === 'string' ? dataset.name : null,
          importId,
          counts,
          links: {
            dataset: links.dataset(datasetId),
            events: links.datasetEvents(datasetId),
            api: links.datasetApi(datasetId),
          },
        },
      })),
    )
  }
  return deliveries
}
