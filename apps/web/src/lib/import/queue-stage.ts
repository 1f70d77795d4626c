/**
 * Queues the job that runs an import job's stage, and asks for it to run at once.
 * @module
 */
import type { Payload } from 'payload'

import { JOB_QUEUES, JOB_TYPES, type JobType } from '../../constants/job-types'
import { PROCESSING_STAGE, type ProcessingStage } from '../../constants/processing-stage'
import { requestImportRun } from './import-job-runner'

/** The job type that runs each working stage. */
export const STAGE_JOB_TYPES: Readonly<Partial<Record<ProcessingStage, JobType>>> = {
  [PROCESSING_STAGE.DATASET_DETECTION]: JOB_TYPES.DATASET_DETECTION,
  [PROCESSING_STAGE.SCHEMA_DETECTION]: JOB_TYPES.SCHEMA_DETECTION,
  [PROCESSING_STAGE.VALIDATE_SCHEMA]: JOB_TYPES.VALIDATE_SCHEMA,
  [PROCESSING_STAGE.CREATE_SCHEMA_VERSION]: JOB_TYPES.CREATE_SCHEMA_VERSION,
  [PROCESSING_STAGE.ANALYZE_DUPLICATES]: JOB_TYPES.ANALYZE_DUPLICATES,
  [PROCESSING_STAGE.GEOCODE_BATCH]: JOB_TYPES.GEOCODE_BATCH,
  [PROCESSING_STAGE.CREATE_EVENTS]: JOB_TYPES.CREATE_EVENTS_BATCH,
}

/** Input of every stage job but dataset detection. */
export interface StageJobInput {
  readonly importJobId: number
}

/** Queues the job for an import job's stage (the stage must have one). */
export async function queueStage(payload: Payload, importJobId: number, stage: ProcessingStage): Promise<void> {
  const task = STAGE_JOB_TYPES[stage]
  if (!task || stage === PROCESSING_STAGE.DATASET_DETECTION) {
    throw new Error(`The ${stage} stage has no job to queue for import job ${importJobId}`)
  }
  await payload.jobs.queue({ task: task as never, input: { importJobId }, queue: JOB_QUEUES.IMPORTS })
  requestImportRun(payload)
}

/** Queues dataset detection for a freshly uploaded file. */
export async function queueDatasetDetection(payload: Payload, importFileId: number): Promise<void> {
  await payload.jobs.queue({
    task: JOB_TYPES.DATASET_DETECTION as never,
    input: { importFileId },
    queue: JOB_QUEUES.IMPORTS,
  })
  requestImportRun(payload)
}
