/**
 * Runs the import queue fairly: which queued stage jobs run next is decided by
 * {@link chooseFairJobs} (turn by turn across uploaders, then across their imports), not by age
 * alone, so a workbook of many sheets cannot make another user's one-row import wait behind all
 * of it. Works the same in the web process, in one worker and in several: the jobs running in
 * every process count, and each job is claimed with one conditional UPDATE, so two workers never
 * claim the same job.
 * @module
 */
import { chooseFairJobs, type QueuedStageJob } from '@chronotope/import-stages'
import type { Payload } from 'payload'

import { JOB_QUEUES } from '../../constants/job-types'
import { databasePool } from './progress-tracking'

/** The oldest runnable jobs looked at per owner: more than one round can choose. */
const CANDIDATES_PER_OWNER = 50

// When each owner last had a turn in this process (Date.now()); ties between owners with as many
// jobs running go to the one served longest ago. Other processes keep their own.
const lastTurnMs = new Map<string, number>()
const MAX_REMEMBERED_OWNERS = 10_000

// The owner and import of a stage job: through its import job, or (dataset detection) its file,
// or (a scheduled import's download) its run, so many schedules due at once take turns too.
const QUEUE_SQL = `
  select j.id, j.processing, extract(epoch from j.created_at) * 1000 as queued_at_ms,
         coalesce(ij.owner_id, f.owner_id, jf.owner_id, sr.owner_id)::text as owner,
         coalesce(ij.import_file_id::text, f.id::text, 'run-' || sr.id) as import_key
    from payload_jobs j
    left join import_jobs ij on ij.id = (j.input->>'importJobId')::int
    left join import_files jf on jf.id = ij.import_file_id
    left join import_files f on f.id = (j.input->>'importFileId')::int
    left join scheduled_import_runs sr on sr.id = (j.input->>'runId')::int
   where j.queue = $1 and j.completed_at is null and coalesce(j.has_error, false) = false`

interface QueueRow {
  readonly id: number
  readonly queued_at_ms: string | number
  readonly owner: string | null
  readonly import_key: string | null
}

/** What the queue holds now: runnable jobs (the oldest few per owner) and running jobs per owner. */
async function readImportQueue(
  payload: Payload,
): Promise<{ queued: QueuedStageJob[]; runningByOwner: Map<string, number> }> {
  const pool = databasePool(payload)
  const [waiting, running] = await Promise.all([
    pool.query<QueueRow>(
      `select id, queued_at_ms, owner, import_key from (
         select q.*, row_number() over (partition by q.owner order by q.queued_at_ms, q.id) as position
           from (${QUEUE_SQL}
                   and j.processing = false and (j.wait_until is null or j.wait_until < now())) q
       ) ranked where position <= $2`,
      [JOB_QUEUES.IMPORTS, CANDIDATES_PER_OWNER],
    ),
    pool.query<{ owner: string | null; running: string }>(
      `select owner, count(*) as running from (${QUEUE_SQL} and j.processing = true) q group by owner`,
      [JOB_QUEUES.IMPORTS],
    ),
  ])
  const queued = waiting.rows.map((row) => ({
    id: Number(row.id),
    owner: row.owner ?? 'unknown',
    importKey: row.import_key ?? `job-${row.id}`,
    queuedAtMs: Number(row.queued_at_ms),
  }))
  const runningByOwner = new Map(running.rows.map((row) => [row.owner ?? 'unknown', Number(row.running)]))
  return { queued, runningByOwner }
}

/**
 * Marks the chosen jobs as processing, but only those still runnable: a job another worker
 * claimed in between is left to it (PostgreSQL re-checks the condition after that worker's
 * update commits). Returns the ids claimed, in the order given.
 */
async function claimJobs(payload: Payload, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return []
  const { rows } = await databasePool(payload).query<{ id: number }>(
    `update payload_jobs set processing = true, updated_at = now()
      where id = any($1::int[]) and processing = false and completed_at is null
        and coalesce(has_error, false) = false
      returning id`,
    [ids],
  )
  const claimed = new Set(rows.map((row) => Number(row.id)))
  return ids.filter((id) => claimed.has(id))
}

function rememberTurns(chosen: readonly QueuedStageJob[], claimed: readonly number[]): void {
  const now = Date.now()
  for (const job of chosen) if (claimed.includes(job.id)) lastTurnMs.set(job.owner, now)
  if (lastTurnMs.size > MAX_REMEMBERED_OWNERS) {
    // Forget the owners served longest ago; they simply count as never served.
    const oldest = [...lastTurnMs].sort((a, b) => a[1] - b[1]).slice(0, lastTurnMs.size - MAX_REMEMBERED_OWNERS)
    for (const [owner] of oldest) lastTurnMs.delete(owner)
  }
}

/**
 * Chooses up to `limit` import jobs fairly, claims them and runs them, one after another or side
 * by side (`concurrent`). Returns how many ran (0: nothing runnable). The web process runs one job
 * per round, so a newcomer's next stage is considered after every job; workers run several.
 * @example await runImportRound(payload) // 1
 */
export async function runImportRound(
  payload: Payload,
  options: { readonly limit?: number; readonly concurrent?: boolean } = {},
): Promise<number> {
  const { queued, runningByOwner } = await readImportQueue(payload)
  const chosen = chooseFairJobs({ queued, runningByOwner, lastTurnMs, limit: options.limit ?? 1 })
  const claimed = await claimJobs(
    payload,
    chosen.map((job) => job.id),
  )
  rememberTurns(chosen, claimed)
  const run = (id: number) => payload.jobs.runByID({ id, overrideAccess: true })
  if (options.concurrent) await Promise.all(claimed.map(run))
  else for (const id of claimed) await run(id)
  return claimed.length
}

/**
 * One round of every queue, for a worker process: the import queue fairly (its jobs side by
 * side), then Payload's own order for the others (maintenance, schedules). Returns how many ran.
 */
export async function runQueuedJobs(payload: Payload, limit: number): Promise<number> {
  const imports = await runImportRound(payload, { limit, concurrent: true })
  const others = await payload.jobs.run({
    allQueues: true,
    limit,
    where: { queue: { not_equals: JOB_QUEUES.IMPORTS } },
  })
  return imports + Object.keys(others?.jobStatus ?? {}).length
}
