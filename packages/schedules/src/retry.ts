/**
 * What happens after a failed run: when to try again, and when to stop trying.
 * @module
 */
import { nextRunAt, type ScheduleSpec } from './schedule'
import { MINUTE_MS } from './time-zone'

/** Consecutive failed runs after which a schedule pauses itself until its owner resumes it. */
export const FAILURES_BEFORE_PAUSE = 5

/** Minutes to wait after the 1st, 2nd, 3rd … failure in a row; later failures wait the last. */
export const RETRY_DELAYS_MINUTES: readonly number[] = [1, 5, 15, 60]

/**
 * How long to wait before retrying after `consecutiveFailures` failed runs in a row: 1, 5, 15,
 * then 60 minutes for every later failure (the cap). No jitter: each schedule has its own
 * failure time, and retries go through the fair queue like any run. 0 for no failure.
 * @throws RangeError for a negative or fractional count
 * @example retryDelayMs(3) // 900000 (15 minutes)
 */
export function retryDelayMs(consecutiveFailures: number): number {
  if (!Number.isInteger(consecutiveFailures) || consecutiveFailures < 0) {
    throw new RangeError(`consecutiveFailures must be a whole number ≥ 0; got ${consecutiveFailures}`)
  }
  if (consecutiveFailures === 0) return 0
  const index = Math.min(consecutiveFailures, RETRY_DELAYS_MINUTES.length) - 1
  return (RETRY_DELAYS_MINUTES[index] ?? 60) * MINUTE_MS
}

/**
 * When to try again after the `consecutiveFailures`-th failure in a row at `failedAt`: after the
 * {@link retryDelayMs} backoff if that comes before the next regular run (a daily import retries
 * within minutes, not tomorrow), otherwise at the first regular run after the backoff (an import
 * every 5 minutes waits 15 minutes after its third failure, on its own grid).
 * @example nextAttemptAt({ frequency: 'every', intervalMinutes: 5, timeZone: 'UTC' }, new Date('2026-11-28T10:00:30Z'), 3) // 2026-11-28T10:20:00Z
 */
export function nextAttemptAt(spec: ScheduleSpec, failedAt: Date, consecutiveFailures: number): Date {
  const retryAt = failedAt.getTime() + retryDelayMs(consecutiveFailures)
  const regular = nextRunAt(spec, failedAt)
  if (retryAt < regular.getTime()) return new Date(retryAt)
  return nextRunAt(spec, new Date(retryAt - 1))
}
