/**
 * The stages an import job moves through, in order. The stage transition service decides which
 * moves between them are allowed.
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
