/**
 * How often the progress view asks for an import's progress.
 * @module
 */
import type { ImportStatus } from '@chronotope/import-stages'

// The statuses after which nothing changes until the user acts (FINAL_IMPORT_STATUSES of
// @chronotope/import-stages); listed here so the browser bundle takes no package code.
const FINAL_STATUSES: ReadonlySet<ImportStatus> = new Set(['completed', 'failed', 'cancelled'])

/** How often a running import is polled, in milliseconds. */
export const POLL_RUNNING_MS = 700

/** How often an import waiting for an editor is polled, in milliseconds. */
export const POLL_WAITING_MS = 5000

/** The longest wait between polls after repeated failures, in milliseconds. */
export const POLL_MAX_BACKOFF_MS = 10_000

/**
 * Milliseconds until the next poll of an import with this status, or null to stop: fast while
 * it runs, slow while it waits for an editor, never once it is final.
 * @example pollDelayMs('processing', 0) // 700
 */
export function pollDelayMs(status: ImportStatus | undefined, failures: number): number | null {
  if (status && FINAL_STATUSES.has(status)) return null
  const base = status === 'awaiting-approval' ? POLL_WAITING_MS : POLL_RUNNING_MS
  return failures === 0 ? base : Math.min(POLL_MAX_BACKOFF_MS, base * 2 ** failures)
}

/**
 * Whether an import has reached a status after which it changes only when a user acts.
 * @example isFinalStatus('completed') // true
 */
export function isFinalStatus(status: ImportStatus): boolean {
  return FINAL_STATUSES.has(status)
}
