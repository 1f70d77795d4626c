/**
 * The import progress a user watches: the file's status and, per sheet, the current stage,
 * each stage's rows done/total, rate and ETA, the counts that must add up, duplicates,
 * geocoding results, row errors and schema changes awaiting approval.
 * @module
 */
import { overallPercent, ROW_STAGES, type ProgressInfo } from '@chronotope/import-stages'
import type { ResolutionStats } from '@chronotope/geocoding'
import type { ImportChoice, RowError, SchemaChange } from '@chronotope/schema'
import type { Payload } from 'payload'

import { COLLECTION_NAMES } from '../../constants/collection-names'
import type { ImportStatus } from '../../constants/import-status'
import { PROCESSING_STAGE, PROCESSING_STAGE_ORDER, type ProcessingStage } from '../../constants/processing-stage'
import {
  idOf,
  type DuplicationSummary,
  type ImportFileDoc,
  type ImportJobDoc,
  type StoredPlaceCorrection,
} from './import-documents'

/** Row errors included in a progress answer; all of them download as CSV. */
export const PROGRESS_ROW_ERRORS = 100

/** One stage as the progress bar shows it. */
export interface StageProgressView {
  readonly stage: ProcessingStage
  readonly state: 'done' | 'running' | 'waiting' | 'skipped' | 'failed'
  readonly rowsDone: number | null
  readonly rowsTotal: number | null
  readonly rowsPerSecond: number | null
  readonly etaSeconds: number | null
  readonly startedAt: string | null
  readonly finishedAt: string | null
}

/** The progress of one sheet's import job. */
export interface ImportJobProgress {
  readonly jobId: number
  readonly sheetName: string | null
  readonly datasetId: number | null
  readonly datasetName: string | null
  readonly status: ImportStatus
  readonly stage: ProcessingStage
  readonly percent: number
  readonly stages: readonly StageProgressView[]
  readonly counts: {
    readonly rowsTotal: number | null
    readonly rowsRead: number
    readonly eventsCreated: number
    readonly duplicatesSkipped: number
    readonly rowErrors: number
    /** Whether rows read = events created + duplicates skipped + row errors. */
    readonly isBalanced: boolean
  }
  readonly duplicates: DuplicationSummary | null
  readonly geocoding: {
    readonly places: number
    readonly stats: ResolutionStats | null
    readonly unplacedRows: number | null
    /** Places put on the map by hand (`POST /api/import/{importId}/correct-place`). */
    readonly corrections: readonly StoredPlaceCorrection[]
  } | null
  readonly errors: readonly RowError[]
  readonly errorsUrl: string
  readonly schema: {
    readonly warnings: ReadonlyArray<{ code: string; field?: string; message: string }>
    /** The choices the import applied: each date column's order, who decided it and why. */
    readonly choices: readonly ImportChoice[]
    readonly changes: readonly SchemaChange[]
    readonly isBreaking: boolean
    readonly isAwaitingApproval: boolean
    readonly schemaVersionId: number | null
    readonly approvalLock: { readonly lockedBy: number | null; readonly expiresAt: string | null } | null
  }
  readonly failureReason: string | null
  readonly history: ReadonlyArray<{
    readonly stage: ProcessingStage
    readonly at: string
    readonly reason: string | null
  }>
  readonly exploreUrl: string | null
}

/** Response type "import progress": `GET /api/import/{importId}`. */
export interface ImportProgressResponse {
  readonly importId: number
  readonly fileName: string
  readonly format: string | null
  readonly encoding: string | null
  readonly status: ImportStatus
  readonly isStarted: boolean
  readonly failureReason: string | null
  readonly createdAt: string
  readonly jobs: readonly ImportJobProgress[]
}

function stageView(job: ImportJobDoc, stage: ProcessingStage): StageProgressView {
  const info: ProgressInfo | undefined = job.progress?.stages?.[stage]
  const currentIndex = PROCESSING_STAGE_ORDER.indexOf(job.stage)
  const index = PROCESSING_STAGE_ORDER.indexOf(stage)
  const failedAt = job.stage === PROCESSING_STAGE.FAILED ? job.progress?.failedStage : undefined
  let state: StageProgressView['state']
  if (failedAt === stage) state = 'failed'
  else if (info?.finishedAt) state = 'done'
  else if (job.stage === stage) state = 'running'
  else if (job.stage === PROCESSING_STAGE.COMPLETED || (index < currentIndex && !failedAt))
    state = info ? 'done' : 'skipped'
  else state = 'waiting'
  return {
    stage,
    state,
    rowsDone: info?.rowsDone ?? null,
    rowsTotal: info?.rowsTotal ?? null,
    rowsPerSecond: info?.rowsPerSecond ?? null,
    etaSeconds: info?.etaSeconds ?? null,
    startedAt: info?.startedAt ?? null,
    finishedAt: info?.finishedAt ?? null,
  }
}

/** The progress of one import job, as the API answers it. */
export function describeImportJob(job: ImportJobDoc, datasetName: string | null): ImportJobProgress {
  const counts = {
    rowsTotal: job.counts?.rowsTotal ?? null,
    rowsRead: job.counts?.rowsRead ?? 0,
    eventsCreated: job.counts?.eventsCreated ?? 0,
    duplicatesSkipped: job.counts?.duplicatesSkipped ?? 0,
    rowErrors: job.counts?.rowErrors ?? 0,
  }
  const datasetId = idOf(job.dataset) ?? null
  const comparison = job.detectedSchema?.comparison
  const awaiting = job.stage === PROCESSING_STAGE.AWAITING_APPROVAL
  return {
    jobId: job.id,
    sheetName: job.sheetName ?? null,
    datasetId,
    datasetName,
    status: job.status,
    stage: job.stage,
    percent: overallPercent(job.progress?.stages ?? {}, job.stage),
    stages: ROW_STAGES.map((stage) => stageView(job, stage)),
    counts: {
      ...counts,
      isBalanced: counts.rowsRead === counts.eventsCreated + counts.duplicatesSkipped + counts.rowErrors,
    },
    duplicates: job.duplicates ?? null,
    geocoding: job.geocoding
      ? {
          places: job.geocoding.places.length,
          stats: job.geocoding.stats ?? null,
          unplacedRows: job.geocoding.unplacedRows ?? null,
          corrections: job.geocoding.corrections ?? [],
        }
      : null,
    errors: (job.errors ?? []).slice(0, PROGRESS_ROW_ERRORS),
    errorsUrl: `/api/import/${idOf(job.importFile)}/errors.csv?job=${job.id}`,
    schema: {
      warnings: job.detectedSchema?.warnings ?? [],
      choices: job.detectedSchema?.choices ?? [],
      changes: comparison?.changes ?? [],
      isBreaking: comparison?.isBreaking ?? false,
      isAwaitingApproval: awaiting,
      schemaVersionId: idOf(job.schema) ?? null,
      approvalLock: job.approval?.lockedBy
        ? { lockedBy: idOf(job.approval.lockedBy) ?? null, expiresAt: job.approval.lockExpiresAt ?? null }
        : null,
    },
    failureReason: job.failureReason ?? null,
    history: (job.stageHistory ?? []).map(({ stage, at, reason }) => ({ stage, at, reason: reason ?? null })),
    exploreUrl: datasetId && counts.eventsCreated > 0 ? `/explore?datasets=${datasetId}` : null,
  }
}

/** The progress of an import (a file and its jobs). */
export async function describeImport(payload: Payload, file: ImportFileDoc): Promise<ImportProgressResponse> {
  const { docs } = await payload.find({
    collection: COLLECTION_NAMES.IMPORT_JOBS,
    where: { importFile: { equals: file.id } },
    sort: 'sheetIndex',
    depth: 1,
    limit: 1000,
    pagination: false,
    overrideAccess: true,
  })
  const jobs = docs.map((doc) => {
    const dataset = (doc as { dataset?: unknown }).dataset
    const name = dataset && typeof dataset === 'object' ? String((dataset as { name?: string }).name ?? '') : null
    return describeImportJob(doc as unknown as ImportJobDoc, name)
  })
  return {
    importId: file.id,
    fileName: file.filename,
    format: file.detection?.format ?? null,
    encoding: file.detection?.encoding ?? null,
    status: file.status,
    isStarted: file.status !== 'pending' || jobs.length > 0,
    failureReason: file.failureReason ?? null,
    createdAt: file.createdAt,
    jobs,
  }
}
