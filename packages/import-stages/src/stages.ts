/**
 * The processing stages and import statuses, as plain values. The app's constants re-export these
 * so the collections, jobs and this package share one list.
 * @module
 */

/**
 * The stages an import job moves through, in pipeline order.
 * @example PROCESSING_STAGE.GEOCODE_BATCH // 'geocode-batch'
 */
export const PROCESSING_STAGE = {
  DATASET_DETECTION: 'dataset-detection',
  SCHEMA_DETECTION: 'schema-detection',
  VALIDATE_SCHEMA: 'validate-schema',
  AWAITING_APPROVAL: 'awaiting-approval',
  CREATE_SCHEMA_VERSION: 'create-schema-version',
  ANALYZE_DUPLICATES: 'analyze-duplicates',
  GEOCODE_BATCH: 'geocode-batch',
  CREATE_EVENTS: 'create-events',
  COMPLETED: 'completed',
  FAILED: 'failed',
} as const

/** One processing stage. */
export type ProcessingStage = (typeof PROCESSING_STAGE)[keyof typeof PROCESSING_STAGE]

/** The stages in pipeline order, for progress bars and select options. */
export const PROCESSING_STAGE_ORDER: readonly ProcessingStage[] = Object.values(PROCESSING_STAGE)

/** Stages that do work on rows and report rows done/total (the others are instant bookkeeping). */
export const ROW_STAGES: readonly ProcessingStage[] = [
  PROCESSING_STAGE.SCHEMA_DETECTION,
  PROCESSING_STAGE.ANALYZE_DUPLICATES,
  PROCESSING_STAGE.GEOCODE_BATCH,
  PROCESSING_STAGE.CREATE_EVENTS,
]

/**
 * The overall status of an import job, as users see it.
 *
 * - `pending`: queued, not started
 * - `processing`: a stage is running
 * - `awaiting-approval`: paused until an editor or admin approves a breaking schema change
 * - `completed`, `failed`, `cancelled`: final (a failed job can be retried)
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

/** Statuses after which an import job changes only when a user retries it. */
export const FINAL_IMPORT_STATUSES: readonly ImportStatus[] = [
  IMPORT_STATUS.COMPLETED,
  IMPORT_STATUS.FAILED,
  IMPORT_STATUS.CANCELLED,
]
