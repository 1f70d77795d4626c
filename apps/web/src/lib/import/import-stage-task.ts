/**
 * Turns a stage's work into a Payload job task: the same input, retries with backoff, a check
 * that the job is still in that stage, and a clear failure on the import job when it gives up.
 * @module
 */
import type { Payload, TaskConfig } from 'payload'

import type { JobType } from '../../constants/job-types'
import { IMPORT_STATUS } from '../../constants/import-status'
import type { ProcessingStage } from '../../constants/processing-stage'
import { loadImportJob, type ImportJobDoc } from './import-documents'
import { isPermanentImportError } from './import-failure'
import { failImportJob } from './stage-transition-service'

/** Attempts after the first before a stage gives up (1 s, 2 s, 4 s apart). */
export const STAGE_RETRY_ATTEMPTS = 3

// The last error of each import job's stage, for the failure reason once retries are spent
// (Payload's onFail is called right after the handler threw, in the same process).
const lastErrors = new Map<number, string>()

/** What a stage's work receives. */
export interface StageContext {
  readonly payload: Payload
  readonly job: ImportJobDoc
}

/** The task input every stage job takes. */
export type StageTaskIO = { input: { importJobId: number }; output: { skipped?: boolean } }

/**
 * A Payload task that runs `work` for one import job in `stage`. Work that fails with a permanent
 * error (a malformed file, an unusable mapping) fails the import job at once; other errors are
 * retried with backoff, and fail it after the last attempt.
 */
export function importStageTask(
  slug: JobType,
  stage: ProcessingStage,
  label: string,
  work: (context: StageContext) => Promise<void>,
): TaskConfig<StageTaskIO> {
  return {
    slug,
    label,
    inputSchema: [{ name: 'importJobId', type: 'number', required: true }],
    outputSchema: [{ name: 'skipped', type: 'checkbox' }],
    retries: { attempts: STAGE_RETRY_ATTEMPTS, backoff: { type: 'exponential', delay: 1000 } },
    handler: async ({ input, req }) => {
      const payload = req.payload
      const job = await loadImportJob(payload, input.importJobId)
      if (job.stage !== stage || job.status === IMPORT_STATUS.CANCELLED) {
        // A duplicate or outdated job (the import moved on, or was cancelled): nothing to do.
        payload.logger.info({
          msg: `Skipped ${slug}: import job is at ${job.stage} (${job.status})`,
          importJob: job.id,
        })
        return { output: { skipped: true } }
      }
      try {
        await work({ payload, job })
      } catch (error) {
        if (!isPermanentImportError(error)) {
          lastErrors.set(job.id, error instanceof Error ? error.message : String(error))
          throw error
        }
        await failImportJob(payload, job.id, (error as Error).message)
      }
      return { output: {} }
    },
    onFail: async ({ input, req, taskStatus }) => {
      const importJobId = (input as { importJobId?: number } | undefined)?.importJobId
      if (!importJobId || (taskStatus?.totalTried ?? 0) < STAGE_RETRY_ATTEMPTS) return
      const lastError = lastErrors.get(importJobId) ?? 'see the job log'
      lastErrors.delete(importJobId)
      await failImportJob(
        req.payload,
        importJobId,
        `The ${stage} stage failed ${STAGE_RETRY_ATTEMPTS + 1} times; the last error was: ${lastError}`,
      )
    },
  }
}
