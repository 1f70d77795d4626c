/**
 * Background job configuration: the task types, who may queue and run them, and which queues the
 * web process runs itself (outside production) versus `npm run worker`.
 * @module
 */
import type { JobsConfig } from 'payload'

import { isAdminUser } from '../access/roles'
import { withOfflineJsonEditor } from '../lib/admin/offline-json-editor'
import { shouldRunJobsInWebProcess } from '../lib/jobs/job-runners'
import { settings } from '../config/settings'
import { JOB_QUEUES } from '../constants/job-types'
import { cleanupApprovalLocksTask } from './cleanup-approval-locks'
import { deliverWebhookTask } from './deliver-webhook'
import { analyzeDuplicatesTask } from './import/analyze-duplicates'
import { createEventsBatchTask } from './import/create-events-batch'
import { createSchemaVersionTask } from './import/create-schema-version'
import { datasetDetectionTask } from './import/dataset-detection'
import { geocodeBatchTask } from './import/geocode-batch'
import { schemaDetectionTask } from './import/schema-detection'
import { validateSchemaTask } from './import/validate-schema'
import { withFairImportRuns } from './fair-import-runs'
import { runScheduledImportTask, startDueScheduledImportsTask } from './scheduled-imports'
import { pruneAuditLogTask } from './prune-audit-log'

/** How often queued jobs are picked up when the web process runs them (Payload cron syntax, seconds first). */
export const JOB_POLL_CRON = '*/5 * * * * *'

/** The jobs configuration passed to Payload. */
export const jobs: JobsConfig = {
  // The import pipeline's seven stage jobs, in pipeline order, the maintenance jobs, the scheduled
  // imports' tick and runs, then webhook deliveries.
  tasks: [
    datasetDetectionTask,
    schemaDetectionTask,
    validateSchemaTask,
    createSchemaVersionTask,
    analyzeDuplicatesTask,
    geocodeBatchTask,
    createEventsBatchTask,
    cleanupApprovalLocksTask,
    startDueScheduledImportsTask,
    runScheduledImportTask,
    deliverWebhookTask,
    pruneAuditLogTask,
  ] as JobsConfig['tasks'],
  access: {
    queue: ({ req }) => isAdminUser(req.user),
    run: ({ req }) => isAdminUser(req.user),
    cancel: ({ req }) => isAdminUser(req.user),
  },
  jobsCollectionOverrides: ({ defaultJobsCollection }) =>
    withOfflineJsonEditor({
      ...defaultJobsCollection,
      admin: { ...defaultJobsCollection.admin, hidden: false, group: 'Imports' },
    }),
  autoRun: settings.runJobsInWeb
    ? withFairImportRuns(Object.values(JOB_QUEUES).map((queue) => ({ cron: JOB_POLL_CRON, queue, limit: 10 })))
    : [],
  // Also starts the web process's job-runner heartbeat, which the health check reads.
  shouldAutoRun: (payload) => shouldRunJobsInWebProcess(payload),
}
