import type { TaskConfig } from 'payload'

import { settings } from '../config/settings'
import { JOB_QUEUES, JOB_TYPES } from '../constants/job-types'
import { databasePool } from '../lib/import/progress-tracking'
import { pruneAuditLog, pruneCutoff } from '../lib/audit/prune-audit-log'

/**
 * The prune-audit-log job: deletes audit log entries older than `CHRONOTOPE_AUDIT_RETENTION_DAYS`
 * (none when it is 0), the only delete the audit log's trigger lets through. Runs daily at 03:17
 * on the maintenance queue.
 */
export const pruneAuditLogTask: TaskConfig<{ input: { now?: string }; output: { deleted: number } }> = {
  slug: JOB_TYPES.PRUNE_AUDIT_LOG,
  label: 'Prune audit log',
  schedule: [{ cron: '17 3 * * *', queue: JOB_QUEUES.MAINTENANCE }],
  inputSchema: [{ name: 'now', type: 'date' }],
  outputSchema: [{ name: 'deleted', type: 'number', required: true }],
  retries: 2,
  handler: async ({ input, req }) => {
    const cutoff = pruneCutoff(input?.now ? new Date(input.now) : new Date(), settings.auditRetentionDays)
    const deleted = cutoff ? await pruneAuditLog(databasePool(req.payload), cutoff) : 0
    req.payload.logger.info({ msg: 'Pruned the audit log', deleted, before: cutoff?.toISOString() ?? null })
    return { output: { deleted } }
  },
}
