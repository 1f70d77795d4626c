/**
 * The background jobs: one Payload task per import stage, in pipeline order, and the maintenance
 * job, with the jobs configuration (queues, who may queue and run them, how often they are polled).
 * The job types' names are in {@link constants}.
 * @module jobs
 */
export { jobs, JOB_POLL_CRON } from '../../web/src/jobs'
export { datasetDetectionTask } from '../../web/src/jobs/import/dataset-detection'
export { schemaDetectionTask } from '../../web/src/jobs/import/schema-detection'
export { validateSchemaTask } from '../../web/src/jobs/import/validate-schema'
export { createSchemaVersionTask } from '../../web/src/jobs/import/create-schema-version'
export { analyzeDuplicatesTask } from '../../web/src/jobs/import/analyze-duplicates'
export { geocodeBatchTask } from '../../web/src/jobs/import/geocode-batch'
export { createEventsBatchTask, STORED_ROW_ERRORS } from '../../web/src/jobs/import/create-events-batch'
export { cleanupApprovalLocksTask } from '../../web/src/jobs/cleanup-approval-locks'
export { withFairImportRuns } from '../../web/src/jobs/fair-import-runs'
