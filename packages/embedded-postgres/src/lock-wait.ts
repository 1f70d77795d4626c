/**
 * Waiting for the session lock, with a warning, an optional time limit, and a way out when the
 * holder's transaction can be shared (see shared-transaction.ts). One connection holding a
 * transaction open blocks every other one; when application code inside that transaction waits
 * for a query on a second connection, nothing moves again unless that query can share it.
 */
import type { Logger } from './logger'
import type { SessionLock } from './session-lock'

/**
 * How long a client waits before the wait is logged as a warning, in milliseconds.
 * @example LOCK_WAIT_WARNING_MS // 5000
 */
export const LOCK_WAIT_WARNING_MS = 5_000
/** How often a waiting client checks whether it may share the holder's transaction, in milliseconds. */
const SHARE_POLL_MS = 5

/**
 * How a wait ended.
 * @example { outcome: 'timeout', waitedMs: 30001, holder: 4 }
 */
export interface LockWaitOutcome {
  /** `lock`: the client holds the lock; `share`: it may share the holder's transaction instead;
   * `timeout`: it waited `waitedMs` in vain; `cancelled`: it disconnected. */
  readonly outcome: 'lock' | 'share' | 'timeout' | 'cancelled'
  /** How long the client waited, in milliseconds. */
  readonly waitedMs: number
  /** The client holding the lock when the wait ended. */
  readonly holder: number | null
}

/**
 * How to wait.
 * @example { timeoutMs: 0, canShare: () => false, logger: silentLogger }
 */
export interface LockWaitOptions {
  /** Give up after this many milliseconds; 0 waits forever. */
  readonly timeoutMs: number
  /** Polled while waiting; when it returns true the wait ends with `share`. */
  readonly canShare?: () => boolean
  readonly logger: Logger
}

/**
 * Waits for the lock; the client leaves the queue on timeout, on `share`, or when cancelled.
 * @example await waitForLock(lock, 3, { timeoutMs: 30_000, logger }) // { outcome: 'lock', waitedMs: 12, holder: 3 }
 */
export async function waitForLock(
  lock: SessionLock,
  clientId: number,
  options: LockWaitOptions,
): Promise<LockWaitOutcome> {
  const startedMs = Date.now()
  let ended: 'share' | 'timeout' | undefined
  const timers: NodeJS.Timeout[] = []
  const leaveQueue = (reason: 'share' | 'timeout'): void => {
    if (ended === undefined && lock.cancel(clientId)) ended = reason
  }
  timers.push(
    setTimeout(() => {
      options.logger.warn(
        `client #${clientId} has waited ${Date.now() - startedMs} ms for the database session held by client #${lock.holder}`,
        {
          client: clientId,
          holder: lock.holder,
          hint: 'a transaction may be waiting for a statement on another connection that cannot share it (e.g. BEGIN)',
        },
      )
    }, LOCK_WAIT_WARNING_MS),
  )
  if (options.timeoutMs > 0) timers.push(setTimeout(() => leaveQueue('timeout'), options.timeoutMs))
  const { canShare } = options
  if (canShare !== undefined) timers.push(setInterval(() => canShare() && leaveQueue('share'), SHARE_POLL_MS))
  for (const timer of timers) timer.unref()
  const granted = await lock.acquire(clientId)
  for (const timer of timers) clearTimeout(timer)
  return { outcome: granted ? 'lock' : (ended ?? 'cancelled'), waitedMs: Date.now() - startedMs, holder: lock.holder }
}
