/**
 * The background job types: the import pipeline's stages and the maintenance jobs. Each is a
 * Payload job task whose slug is the value here.
 * @example JOB_TYPES.GEOCODE_BATCH // 'geocode-batch'
 */
export const JOB_TYPES = {
  DATASET_DETECTION: 'dataset-detection',
  SCHEMA_DETECTION: 'schema-detection',
  VALIDATE_SCHEMA: 'validate-schema',
  CREATE_SCHEMA_VERSION: 'create-schema-version',
  ANALYZE_DUPLICATES: 'analyze-duplicates',
  GEOCODE_BATCH: 'geocode-batch',
  CREATE_EVENTS_BATCH: 'create-events-batch',
  CLEANUP_APPROVAL_LOCKS: 'cleanup-approval-locks',
  PRUNE_AUDIT_LOG: 'prune-audit-log',
} as const

/** One job type. */
export type JobType = (typeof JOB_TYPES)[keyof typeof JOB_TYPES]

/** Queues jobs run on: the import pipeline's and the scheduled maintenance jobs'. */
export const JOB_QUEUES = {
  IMPORTS: 'imports',
  MAINTENANCE: 'maintenance',
} as const
