/**
 * Judges the job queue for the health check: work waiting to run with no job runner alive to run
 * it is a warning (an upload would sit at "Importing…" for ever); jobs waiting for a later time
 * (a scheduled job's next slot, a retry's backoff) are counted apart and are no cause for alarm.
 * @module
 */
import type { HealthCheckResult } from './types'

/** The jobs in the queue, by state. */
export interface JobCounts {
  /** Due now: waiting for a runner to pick them up. */
  readonly queued: number
  /** Waiting for a later time: a scheduled job's next slot, or a retry's backoff. */
  readonly scheduled: number
  /** Being run now. */
  readonly running: number
  /** Given up on after their retries. */
  readonly failed: number
}

/** The job runners (workers, or web processes that run jobs) as the database knows them. */
export interface RunnersSeen {
  /** Runners alive now (heard from recently, not stopped). */
  readonly live: number
  /** When a runner was last heard from, or `null` when none ever was. */
  readonly lastSeenAt: Date | null
  /** Seconds since then, or `null`. */
  readonly secondsSinceLastSeen: number | null
}

const UNITS: ReadonlyArray<readonly [string, number]> = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
]

/**
 * Says how long a number of seconds is, rounded down to its largest whole unit.
 * @example describeDuration(150) // '2 minutes'
 * @example describeDuration(45) // '45 seconds'
 */
export function describeDuration(seconds: number): string {
  for (const [unit, size] of UNITS) {
    const count = Math.floor(seconds / size)
    if (count >= 1) return `${count} ${unit}${count === 1 ? '' : 's'}`
  }
  const count = Math.max(0, Math.floor(seconds))
  return `${count} second${count === 1 ? '' : 's'}`
}

/**
 * The job queue component of the health check.
 * @example assessJobQueue({ queued: 3, scheduled: 1, running: 0, failed: 0 }, { live: 0, lastSeenAt: null, secondsSinceLastSeen: null }).status // 'warning'
 */
export function assessJobQueue(counts: JobCounts, runners: RunnersSeen): HealthCheckResult['jobQueue'] {
  const result = {
    ...counts,
    runners: runners.live,
    lastRunnerSeenAt: runners.lastSeenAt?.toISOString() ?? null,
  }
  if (counts.queued === 0 || runners.live > 0) return { status: 'ok', ...result }
  const seen =
    runners.secondsSinceLastSeen === null
      ? 'no worker has ever been seen'
      : `no worker has been seen for ${describeDuration(runners.secondsSinceLastSeen)}`
  return {
    status: 'warning',
    ...result,
    message: `${counts.queued} job(s) are queued but ${seen}; start npm run worker (or set CHRONOTOPE_WORKERS for npm run serve)`,
  }
}
