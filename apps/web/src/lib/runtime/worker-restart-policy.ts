/**
 * When the launcher restarts a worker process that exited on its own, and when it gives up. A
 * worker that keeps crashing right after it starts (a bad setting, an unreachable database) is
 * not restarted for ever: the launcher stops and says so, rather than leave imports waiting.
 * @module
 */

/** How the launcher treats a crashed worker. */
export interface WorkerRestartPolicy {
  /** Wait before the first restart, in ms; it doubles with each crash in a row. */
  readonly firstDelayMs: number
  /** Longest wait before a restart, in ms. */
  readonly maxDelayMs: number
  /** A worker that ran at least this long (ms) before it crashed starts a new count of crashes. */
  readonly healthyRunMs: number
  /** Crashes in a row, each soon after its start, after which the launcher gives up. */
  readonly maxCrashesInARow: number
}

/** The launcher's policy: 1 s, 2 s, 4 s, 8 s, then give up after the fifth quick crash. */
export const WORKER_RESTART_POLICY: WorkerRestartPolicy = {
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
  healthyRunMs: 60_000,
  maxCrashesInARow: 5,
}

/** What to do after a worker crashed. */
export type WorkerRestartDecision =
  | { readonly action: 'restart'; readonly delayMs: number; readonly crashesInARow: number }
  | { readonly action: 'give-up'; readonly crashesInARow: number }

/**
 * Decides what to do after a worker crashed.
 * @param previousCrashesInARow - quick crashes of this worker before this one
 * @param ranMs - how long the worker ran before this crash, in ms
 * @example decideWorkerRestart(0, 500) // { action: 'restart', delayMs: 1000, crashesInARow: 1 }
 * @example decideWorkerRestart(3, 120_000) // { action: 'restart', delayMs: 1000, crashesInARow: 1 }
 * @example decideWorkerRestart(4, 500) // { action: 'give-up', crashesInARow: 5 }
 */
export function decideWorkerRestart(
  previousCrashesInARow: number,
  ranMs: number,
  policy: WorkerRestartPolicy = WORKER_RESTART_POLICY,
): WorkerRestartDecision {
  const crashesInARow = ranMs >= policy.healthyRunMs ? 1 : previousCrashesInARow + 1
  if (crashesInARow >= policy.maxCrashesInARow) return { action: 'give-up', crashesInARow }
  const delayMs = Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (crashesInARow - 1))
  return { action: 'restart', delayMs, crashesInARow }
}
