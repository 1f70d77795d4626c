/**
 * Job runners, the processes that run queued jobs (a worker, or a web process that runs jobs),
 * record in the database that they are alive, so the health check of any web process can tell
 * whether queued jobs will run. Each runner writes one row of `job_runners` every
 * {@link JOB_RUNNER_HEARTBEAT_MS}, and marks it stopped when it stops.
 * @module
 */
import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'

import type { Payload } from 'payload'

import { settings } from '../../config/settings'
import { databasePool } from '../import/progress-tracking'
import { isWorkerProcess } from '../runtime/process-role'

/** How often a job runner records that it is alive, in ms. */
export const JOB_RUNNER_HEARTBEAT_MS = 15_000

/** A runner not heard from for this long (seconds) is taken for gone: several heartbeats missed. */
export const JOB_RUNNER_GONE_AFTER_SECONDS = 120

/** Rows of runners not seen for this many days are deleted, so restarts do not grow the table. */
const FORGET_AFTER_DAYS = 7

/** What kind of process runs the jobs. */
export type JobRunnerKind = 'worker' | 'web'

/** A running {@link startJobRunnerHeartbeat}. */
export interface JobRunnerHeartbeat {
  /** The runner's row id: host, process id and a random part. */
  readonly id: string
  /** Stops the heartbeat and marks the runner stopped. */
  stop(): Promise<void>
}

/**
 * Records now, and every `intervalMs` until stopped, that this process runs jobs. A failed write
 * is logged and tried again at the next beat: the runner keeps running jobs.
 * @example const heartbeat = startJobRunnerHeartbeat(payload, 'worker') // later: await heartbeat.stop()
 */
export function startJobRunnerHeartbeat(
  payload: Payload,
  kind: JobRunnerKind,
  intervalMs: number = JOB_RUNNER_HEARTBEAT_MS,
): JobRunnerHeartbeat {
  const pool = databasePool(payload)
  const host = hostname()
  const id = `${host}:${process.pid}:${randomUUID().slice(0, 8)}`
  const beat = () =>
    pool
      .query(
        `insert into job_runners (id, kind, host, pid, started_at, last_seen_at) values ($1, $2, $3, $4, now(), now())
           on conflict (id) do update set last_seen_at = now(), stopped_at = null`,
        [id, kind, host, process.pid],
      )
      .catch((error: unknown) => payload.logger.warn({ err: error, msg: 'Recording the job runner heartbeat failed' }))
  let last = pool
    .query(`delete from job_runners where last_seen_at < now() - make_interval(days => $1)`, [FORGET_AFTER_DAYS])
    .catch((error: unknown) => payload.logger.warn({ err: error, msg: 'Forgetting old job runners failed' }))
    .then(beat)
  const timer = setInterval(() => {
    last = last.then(beat)
  }, intervalMs)
  timer.unref()
  return {
    id,
    stop: async () => {
      clearInterval(timer)
      await last
      await pool
        .query(`update job_runners set last_seen_at = now(), stopped_at = now() where id = $1`, [id])
        .catch((error: unknown) => payload.logger.warn({ err: error, msg: 'Marking the job runner stopped failed' }))
    },
  }
}

let webHeartbeat: JobRunnerHeartbeat | undefined

/**
 * Whether Payload's job cron runs jobs in this process: in a web process with
 * `CHRONOTOPE_RUN_JOBS_IN_WEB` on, never in a worker (which runs its own loop). Payload asks on
 * each tick of its cron, which only web processes start; the first yes starts the web process's
 * job-runner heartbeat.
 */
export function shouldRunJobsInWebProcess(payload: Payload): boolean {
  const runsJobs = settings.runJobsInWeb && !isWorkerProcess()
  if (runsJobs) webHeartbeat ??= startJobRunnerHeartbeat(payload, 'web')
  return runsJobs
}

/** What the database knows about the job runners. */
export interface JobRunnersSeen {
  /** Runners heard from within {@link JOB_RUNNER_GONE_AFTER_SECONDS} and not stopped. */
  readonly live: number
  /** When any runner was last heard from, or `null` when none ever was. */
  readonly lastSeenAt: Date | null
  /** Seconds since then, by the database's clock, or `null`. */
  readonly secondsSinceLastSeen: number | null
}

/**
 * Reads how many job runners are alive and when one was last seen, by the database's clock (so
 * the clocks of the machines do not matter).
 */
export async function readJobRunnersSeen(payload: Payload): Promise<JobRunnersSeen> {
  const { rows } = await databasePool(payload).query<{
    live: number
    last_seen_at: Date | null
    seconds_since: number | null
  }>(
    `select count(*) filter (where stopped_at is null and last_seen_at > now() - make_interval(secs => $1))::int as live,
            max(last_seen_at) as last_seen_at,
            extract(epoch from now() - max(last_seen_at))::float8 as seconds_since
       from job_runners`,
    [JOB_RUNNER_GONE_AFTER_SECONDS],
  )
  const row = rows[0]
  return {
    live: row?.live ?? 0,
    lastSeenAt: row?.last_seen_at ?? null,
    secondsSinceLastSeen: row?.seconds_since ?? null,
  }
}
