/**
 * The second half of a scheduled run: when the import it started ends, the run ends with it.
 * Completed: the run's counts were saved in the run's own transaction (see
 * `scheduled-run-writer.ts`); here it gets its summary and the schedule its next run. Failed: the
 * run fails, and nothing of it was applied. Waiting for a schema change to be approved: the run,
 * and its schedule with it, waits too.
 * @module
 */
import type { Payload, PayloadRequest } from 'payload'

import { COLLECTION_NAMES } from '../../constants/collection-names'
import { IMPORT_STATUS, type ImportStatus } from '../../constants/import-status'
import { idOf, type ImportFileDoc } from '../import/import-documents'
import { finishRun } from './finish-run'
import { loadRun, updateRun } from './scheduled-import-documents'

/** A run's counts as its document keeps them. */
export interface RunCounts {
  readonly added?: number | null
  readonly updated?: number | null
  readonly unchanged?: number | null
  readonly gone?: number | null
  readonly removed?: number | null
  readonly restored?: number | null
  readonly leftAlone?: number | null
  readonly rowErrors?: number | null
}

/**
 * One line saying what a run did, for the run list and webhooks.
 * @example summarizeRunCounts({ added: 3, updated: 1, unchanged: 40, gone: 2, removed: 2 }, 'mark-removed')
 * // '3 added, 1 updated, 40 unchanged, 2 gone from the source (marked removed)'
 */
export function summarizeRunCounts(counts: RunCounts, goneAction: string): string {
  const n = (value: number | null | undefined) => Number(value ?? 0)
  const parts = [`${n(counts.added)} added`, `${n(counts.updated)} updated`, `${n(counts.unchanged)} unchanged`]
  if (n(counts.gone) > 0) {
    const what = n(counts.removed) === 0 ? 'kept' : goneAction === 'delete' ? 'deleted' : 'marked removed'
    parts.push(`${n(counts.gone)} gone from the source (${what})`)
  }
  if (n(counts.restored) > 0) parts.push(`${n(counts.restored)} back in the source`)
  if (n(counts.leftAlone) > 0) parts.push(`${n(counts.leftAlone)} left alone (edited by hand)`)
  if (n(counts.rowErrors) > 0) parts.push(`${n(counts.rowErrors)} rows with errors`)
  return parts.join(', ')
}

/** The dataset the import wrote into (a first run creates it), and why its job failed, if it did. */
async function importOutcome(
  payload: Payload,
  importFileId: number,
  req?: PayloadRequest,
): Promise<{ datasetId?: number; failureReason?: string }> {
  // In the transaction that changed the file's status: the job's failure reason is saved in it too.
  const { docs } = await payload.find({
    collection: COLLECTION_NAMES.IMPORT_JOBS,
    where: { importFile: { equals: importFileId } },
    depth: 0,
    limit: 1,
    overrideAccess: true,
    select: { dataset: true, failureReason: true },
    ...(req ? { req } : {}),
  })
  const reason = docs[0]?.failureReason
  return {
    ...(idOf(docs[0]?.dataset) !== undefined ? { datasetId: idOf(docs[0]?.dataset) } : {}),
    ...(typeof reason === 'string' && reason.trim() ? { failureReason: reason.trim() } : {}),
  }
}

/**
 * Ends, or holds, the scheduled run an import file belongs to, after the file's status changed.
 * Does nothing for uploads.
 * @param req - the request whose transaction changed the status, when there is one
 */
export async function settleRunOfImport(
  payload: Payload,
  file: ImportFileDoc,
  status: ImportStatus,
  req?: PayloadRequest,
): Promise<void> {
  const runId = file.options?.scheduledRun?.runId
  if (runId === undefined) return
  const run = await loadRun(payload, runId)
  if (!run || run.finishedAt) return
  if (status === IMPORT_STATUS.AWAITING_APPROVAL) {
    await updateRun(payload, runId, {
      status: 'awaiting-approval',
      summary: 'Waiting for a schema change to be approved; the schedule waits with it',
    })
    return
  }
  if (status === IMPORT_STATUS.PROCESSING && run.status === 'awaiting-approval') {
    await updateRun(payload, runId, { status: 'importing', summary: 'Importing' })
    return
  }
  const { datasetId, failureReason } = await importOutcome(payload, file.id, req)
  if (status === IMPORT_STATUS.COMPLETED) {
    const summary = summarizeRunCounts(run.counts ?? {}, file.options?.scheduledRun?.goneFromSource ?? 'keep')
    await finishRun(payload, runId, {
      outcome: 'completed',
      summary,
      validators: await validatorsOf(payload, runId),
      ...(datasetId !== undefined ? { datasetId } : {}),
    })
    return
  }
  if (status === IMPORT_STATUS.FAILED || status === IMPORT_STATUS.CANCELLED) {
    const reason =
      file.failureReason?.trim() ||
      failureReason ||
      (status === IMPORT_STATUS.CANCELLED ? 'The import was cancelled' : 'The import failed')
    await finishRun(payload, runId, {
      outcome: 'failed',
      summary: 'Import failed; nothing of this run was applied',
      error: reason,
      ...(datasetId !== undefined ? { datasetId } : {}),
    })
  }
}

// The validators the run's download saw, so the next run asks "changed since?".
async function validatorsOf(payload: Payload, runId: number) {
  const { docs } = await payload.find({
    collection: COLLECTION_NAMES.SCHEDULED_IMPORT_RUNS,
    where: { id: { equals: runId } },
    depth: 0,
    limit: 1,
    overrideAccess: true,
    select: { source: true },
  })
  const source = (docs[0]?.source ?? {}) as { etag?: string | null; lastModified?: string | null; hash?: string | null }
  return { etag: source.etag ?? null, lastModified: source.lastModified ?? null, hash: source.hash ?? null }
}
