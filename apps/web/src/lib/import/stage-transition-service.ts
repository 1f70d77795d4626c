/**
 * The stage transition service: moves an import job from one processing stage to another, but
 * only along the transitions the stage table allows, recording each move with its time and reason.
 * @module
 */
import { transitionStage, type StageTransitionResult } from '@chronotope/import-stages'
import type { Payload } from 'payload'

import { COLLECTION_NAMES } from '../../constants/collection-names'
import { PROCESSING_STAGE, type ProcessingStage } from '../../constants/processing-stage'
import { refreshImportFileStatus } from './import-file-status'
import { idOf, loadImportJob, type ImportJobDoc } from './import-documents'

/**
 * Moves an import job to another stage and saves any other changes with it.
 * @param patch - other fields to save in the same update (e.g. the detected schema)
 * @throws InvalidStageTransition when the table does not allow the move
 */
export async function moveImportJob(
  payload: Payload,
  jobOrId: ImportJobDoc | number,
  to: ProcessingStage,
  reason: string,
  patch: Record<string, unknown> = {},
): Promise<StageTransitionResult> {
  const job = typeof jobOrId === 'number' ? await loadImportJob(payload, jobOrId) : jobOrId
  const now = new Date()
  const result = transitionStage(job.stage, to, reason, now)
  const history = (job.stageHistory ?? []).map(({ stage, at, reason: why }) => ({ stage, at, reason: why }))
  const progress = (patch.progress as ImportJobDoc['progress']) ?? job.progress ?? { stages: {} }
  await payload.update({
    collection: COLLECTION_NAMES.IMPORT_JOBS,
    id: job.id,
    data: {
      ...patch,
      stage: to,
      status: result.status,
      heartbeatAt: now.toISOString(),
      stageHistory: [...history, { stage: to, at: result.at, reason }],
      ...(to === PROCESSING_STAGE.FAILED
        ? { failureReason: reason, progress: { ...progress, failedStage: job.stage } }
        : { failureReason: null }),
    },
    depth: 0,
    overrideAccess: true,
  })
  await refreshImportFileStatus(payload, idOf(job.importFile)!)
  return result
}

/**
 * Fails an import job with a reason a user can act on; a job already final is left alone.
 */
export async function failImportJob(payload: Payload, jobId: number, reason: string): Promise<void> {
  const job = await loadImportJob(payload, jobId)
  if (job.stage === PROCESSING_STAGE.FAILED || job.stage === PROCESSING_STAGE.COMPLETED) return
  await moveImportJob(payload, job, PROCESSING_STAGE.FAILED, reason)
}
