/**
 * How the web process runs the import queue: fairly, through its own runner, instead of the
 * oldest-first cron Payload's autoRun gives every other queue.
 * @module
 */
import type { JobsConfig, Payload } from 'payload'

import { JOB_QUEUES } from '../constants/job-types'
import { startWebImportRunner } from '../lib/import/import-job-runner'

/** One of Payload's autoRun crons (Payload does not export the type by name). */
type AutorunCronConfig = Extract<NonNullable<JobsConfig['autoRun']>, readonly unknown[]>[number]

/**
 * Payload's `autoRun` for the web process: the given crons minus the import queue's, and, when
 * Payload starts them, the fair import runner in its place.
 * @example withFairImportRuns([{ cron: '* * * * * *', queue: 'imports' }, { queue: 'maintenance' }])
 * // (payload) => [{ queue: 'maintenance' }], after starting the import runner
 */
export function withFairImportRuns(crons: readonly AutorunCronConfig[]): (payload: Payload) => AutorunCronConfig[] {
  return (payload) => {
    startWebImportRunner(payload)
    return crons.filter((cron) => cron.queue !== JOB_QUEUES.IMPORTS)
  }
}
