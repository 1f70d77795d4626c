import type { TaskConfig } from 'payload'

import { COLLECTION_NAMES } from '../constants/collection-names'
import { JOB_QUEUES, JOB_TYPES } from '../constants/job-types'

/**
 * The cleanup-approval-locks job: releases approval locks on import jobs whose expiry has passed,
 * so an editor who opened a schema review and walked away does not block it for others. Runs
 * every five minutes on the maintenance queue.
 */
export const cleanupApprovalLocksTask: TaskConfig<{ input: { now?: string }; output: { released: number } }> = {
  slug: JOB_TYPES.CLEANUP_APPROVAL_LOCKS,
  label: 'Cleanup approval locks',
  schedule: [{ cron: '*/5 * * * *', queue: JOB_QUEUES.MAINTENANCE }],
  inputSchema: [{ name: 'now', type: 'date' }],
  outputSchema: [{ name: 'released', type: 'number', required: true }],
  retries: 2,
  handler: async ({ input, req }) => {
    const now = input?.now ? new Date(input.now) : new Date()
    const { docs } = await req.payload.update({
      collection: COLLECTION_NAMES.IMPORT_JOBS,
      where: {
        and: [
          { 'approval.lockExpiresAt': { less_than: now.toISOString() } },
          { 'approval.lockedBy': { exists: true } },
        ],
      },
      data: { approval: { lockedBy: null, lockExpiresAt: null } },
      overrideAccess: true,
      depth: 0,
      req,
    })
    req.payload.logger.info({ msg: 'Released stale approval locks', released: docs.length })
    return { output: { released: docs.length } }
  },
}
