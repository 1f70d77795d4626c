/**
 * Runs the import queue without polling delays: an upload or a finished stage asks for a run, and
 * the queue is drained at once, fairly across uploaders ({@link runImportRound}). Also takes over
 * stages whose worker died (no heartbeat within the lease), so a killed worker's import resumes
 * where its last committed batch ended.
 * @module
 */
import type { Payload } from 'payload'

import { settings } from '../../config/settings'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { IMPORT_STATUS } from '../../constants/import-status'
import { JOB_QUEUES } from '../../constants/job-types'
import type { ProcessingStage } from '../../constants/processing-stage'
import { shouldRunJobsInWebProcess } from '../jobs/job-runners'
import { runImportRound } from './fair-import-queue'
import { databasePool } from './progress-tracking'
import { queueStage } from './queue-stage'

/** How often a web process that runs jobs looks for import jobs nobody asked it to run. */
const IMPORT_POLL_MS = 5_000

let draining: Promise<void> | undefined
let runAgain = false

/**
 * Runs queued import jobs until none is left, one after another (sheets of one file share the
 * database and the CPU; running them side by side only makes each slower), choosing each next job
 * fairly, so another user's stage never waits for more than the job running now. Returns how many
 * ran. The web process calls it through {@link requestImportRun}.
 * @param waitForRetries - also wait for jobs backing off before a retry (tests use this)
 */
export async function drainImportQueue(payload: Payload, waitForRetries = false): Promise<number> {
  let total = 0
  for (;;) {
    const ran = await runImportRound(payload)
    total += ran
    if (ran > 0) continue
    if (!waitForRetries) return total
    const retryAt = await nextRetryTime(payload)
    if (!retryAt) return total
    await new Promise((resolve) => setTimeout(resolve, Math.max(50, retryAt.getTime() - Date.now())))
  }
}

/** When the next import job waiting out a retry backoff becomes runnable, if any is waiting. */
async function nextRetryTime(payload: Payload): Promise<Date | undefined> {
  const { rows } = await databasePool(payload).query<{ wait_until: Date | null }>(
    `select min(wait_until) as wait_until from payload_jobs
      where queue = $1 and completed_at is null and coalesce(has_error, false) = false and processing = false`,
    [JOB_QUEUES.IMPORTS],
  )
  return rows[0]?.wait_until ?? undefined
}

/**
 * Asks for the import queue to run now. In the web process (when it runs jobs) this drains the
 * queue in the background; a worker process drains it in its own loop, so this does nothing there.
 */
export function requestImportRun(payload: Payload): void {
  if (!shouldRunJobsInWebProcess(payload)) return
  watchForStaleImports(payload)
  if (draining) {
    runAgain = true
    return
  }
  draining = (async () => {
    try {
      do {
        runAgain = false
        await drainImportQueue(payload)
      } while (runAgain)
    } catch (error) {
      payload.logger.error({ err: error, msg: 'Running the import queue failed' })
    } finally {
      draining = undefined
    }
  })()
}

let polling: NodeJS.Timeout | undefined

/**
 * In a web process that runs jobs: drains the import queue now and every few seconds, for jobs
 * nobody asked a run for (retries after their backoff, imports queued before a restart). Payload's
 * autoRun cron would run them oldest first instead, so the web process does not use it for imports.
 */
export function startWebImportRunner(payload: Payload): void {
  // The same rule as Payload's cron for the other queues, which also starts the runner heartbeat.
  if (polling || !shouldRunJobsInWebProcess(payload)) return
  polling = setInterval(() => requestImportRun(payload), IMPORT_POLL_MS)
  polling.unref()
  requestImportRun(payload)
}

let watching: NodeJS.Timeout | undefined

/** In a web process that runs jobs, looks for imports to take over every half lease. */
function watchForStaleImports(payload: Payload): void {
  if (watching) return
  watching = setInterval(
    () => {
      takeOverStaleImports(payload).catch((error: unknown) =>
        payload.logger.error({ err: error, msg: 'Looking for stalled imports failed' }),
      )
    },
    (settings.jobLeaseSeconds * 1000) / 2,
  )
  watching.unref()
}

/**
 * Finds import jobs still marked processing whose stage has sent no heartbeat within the lease
 * (their worker died), and makes their queued stage job runnable again. Returns the import jobs
 * taken over.
 */
export async function takeOverStaleImports(
  payload: Payload,
  leaseSeconds: number = settings.jobLeaseSeconds,
  now: Date = new Date(),
): Promise<number[]> {
  const staleBefore = new Date(now.getTime() - leaseSeconds * 1000).toISOString()
  const { docs } = await payload.find({
    collection: COLLECTION_NAMES.IMPORT_JOBS,
    where: {
      and: [{ status: { equals: IMPORT_STATUS.PROCESSING } }, { heartbeatAt: { less_than: staleBefore } }],
    },
    depth: 0,
    limit: 100,
    select: { id: true, stage: true },
    overrideAccess: true,
  })
  const ids = docs.map((doc) => Number(doc.id))
  if (ids.length === 0) return []
  const pool = databasePool(payload)
  // Payload has no lease on running jobs: a job whose process died stays "processing" forever.
  await pool.query(
    `update payload_jobs set processing = false
       where processing = true and completed_at is null and queue = $1
         and (input->>'importJobId')::int = any($2::int[])`,
    [JOB_QUEUES.IMPORTS, ids],
  )
  await pool.query(`update import_jobs set heartbeat_at = now() where id = any($1::int[])`, [ids])
  // A worker that died between saving a stage and queueing the next left nothing to run: queue it.
  const { rows } = await pool.query<{ id: number }>(
    `select (input->>'importJobId')::int as id from payload_jobs
       where completed_at is null and coalesce(has_error, false) = false and queue = $1
         and (input->>'importJobId')::int = any($2::int[])`,
    [JOB_QUEUES.IMPORTS, ids],
  )
  const queued = new Set(rows.map((row) => Number(row.id)))
  for (const doc of docs) {
    if (!queued.has(Number(doc.id))) await queueStage(payload, Number(doc.id), doc.stage as ProcessingStage)
  }
  payload.logger.warn({ msg: 'Took over import jobs whose worker stopped answering', importJobs: ids })
  requestImportRun(payload)
  return ids
}
