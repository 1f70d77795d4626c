/**
 * The overall status of an import job, as users see it.
 *
 * - `pending`: queued, not started
 * - `processing`: a stage is running
 * - `awaiting-approval`: paused until an editor or admin approves a breaking schema change
 * - `completed`, `failed`, `cancelled`: final
 * @example IMPORT_STATUS.AWAITING_APPROVAL // 'awaiting-approval'
 */
export const IMPORT_STATUS = {
  PENDING: 'pending',
  PROCESSING: 'processing',
  AWAITING_APPROVAL: 'awaiting-approval',
  COMPLETED: 'completed',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
} as const

/** One import status. */
export type ImportStatus = (typeof IMPORT_STATUS)[keyof typeof IMPORT_STATUS]

/** Statuses after which an import job never changes again. */
export const FINAL_IMPORT_STATUSES: readonly ImportStatus[] = [
  IMPORT_STATUS.COMPLETED,
  IMPORT_STATUS.FAILED,
  IMPORT_STATUS.CANCELLED,
]
