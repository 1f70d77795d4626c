/**
 * The background job types: the import pipeline's stages, the maintenance jobs, the scheduled
 * imports' and webhook deliveries. Each is a Payload job task whose slug is the value here.
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
  START_DUE_SCHEDULED_IMPORTS: 'start-due-scheduled-imports',
  RUN_SCHEDULED_IMPORT: 'run-scheduled-import',
  DELIVER_WEBHOOK: 'deliver-webhook',
  PRUNE_AUDIT_LOG: 'prune-audit-log',
} as const

/** One job type. */
export type JobType = (typeof JOB_TYPES)[keyof typeof JOB_TYPES]

/** Queues jobs run on: the import pipeline's, the scheduled maintenance jobs' and webhook deliveries'. */
export const JOB_QUEUES = {
  IMPORTS: 'imports',
  MAINTENANCE: 'maintenance',
  WEBHOOKS: 'webhooks',
} as const
