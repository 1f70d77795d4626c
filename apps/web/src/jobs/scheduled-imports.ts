import type { TaskConfig } from 'payload'

import { JOB_QUEUES, JOB_TYPES } from '../constants/job-types'
import { finishRun } from '../lib/scheduled-imports/finish-run'
import { downloadAndStartImport } from '../lib/scheduled-imports/run-download'
import { startDueScheduledImports } from '../lib/scheduled-imports/start-run'

/** Attempts after the first before a run's download job gives up and the run fails. */
export const RUN_RETRY_ATTEMPTS = 2

// The last error of each run's download job, for the run's failure once retries are spent.
const lastErrors = new Map<number, string>()

/**
 * The start-due-scheduled-imports job: every minute, starts a run of each enabled scheduled import
 * whose time has come and that has none in progress. Runs on the maintenance queue; the runs it
 * starts queue their downloads on the imports queue, where they take turns owner by owner.
 */
export const startDueScheduledImportsTask: TaskConfig<{ input: { now?: string }; output: { started: number } }> = {
  slug: JOB_TYPES.START_DUE_SCHEDULED_IMPORTS,
  label: 'Start due scheduled imports',
  schedule: [{ cron: '* * * * *', queue: JOB_QUEUES.MAINTENANCE }],
  inputSchema: [{ name: 'now', type: 'date' }],
  outputSchema: [{ name: 'started', type: 'number', required: true }],
  retries: 1,
  handler: async ({ input, req }) => {
    const started = await startDueScheduledImports(req.payload, input?.now ? new Date(input.now) : new Date())
    if (started > 0) req.payload.logger.info({ msg: 'Started scheduled imports', started })
    return { output: { started } }
  },
}

/**
 * The run-scheduled-import job: downloads one run's source and starts its import (or ends the run
 * as unchanged or failed). Network errors are retried with backoff; when the last attempt fails
 * the run fails, counting towards the schedule's pause.
 */
export const runScheduledImportTask: TaskConfig<{ input: { runId: number }; output: Record<string, never> }> = {
  slug: JOB_TYPES.RUN_SCHEDULED_IMPORT,
  label: 'Run scheduled import',
  inputSchema: [{ name: 'runId', type: 'number', required: true }],
  retries: { attempts: RUN_RETRY_ATTEMPTS, backoff: { type: 'exponential', delay: 2000 } },
  handler: async ({ input, req }) => {
    try {
      await downloadAndStartImport(req.payload, input.runId)
    } catch (error) {
      lastErrors.set(input.runId, error instanceof Error ? error.message : String(error))
      throw error
    }
    lastErrors.delete(input.runId)
    return { output: {} }
  },
  onFail: async ({ input, req, taskStatus }) => {
    const runId = (input as { runId?: number } | undefined)?.runId
    if (!runId || (taskStatus?.totalTried ?? 0) < RUN_RETRY_ATTEMPTS) return
    const lastError = lastErrors.get(runId) ?? 'see the job log'
    lastErrors.delete(runId)
    await finishRun(req.payload, runId, {
      outcome: 'failed',
      summary: 'Run failed',
      error: `The run failed ${RUN_RETRY_ATTEMPTS + 1} times; the last error was: ${lastError}`,
    })
  },
}
