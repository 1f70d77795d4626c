/**
 * What happens after a failed run: when to try again, and when to stop trying.
 * @module
 */
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
