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
  type ReimportReport,
  type StoredGeocoding,
  type StoredPlaceCorrection,
} from './import-documents'
import { geocodingReportCounts, type GeocodingReportCounts } from './geocoding-report'

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
    /** Existing events whose values the file changed (duplicate action `update`). */
    readonly eventsUpdated: number
    /** Existing events the file gives the same values (duplicate action `update`): not written. */
    readonly eventsUnchanged: number
    /** Existing events not updated because the file changed values people had edited by hand. */
    readonly eventsLeftAlone: number
    /** Rows not written: repeats inside the file, or existing events under duplicate action `skip`. */
    readonly duplicatesSkipped: number
    readonly rowErrors: number
    /** Whether rows read = created + updated + unchanged + left alone + duplicates skipped + row errors. */
    readonly isBalanced: boolean
  }
  readonly duplicates: DuplicationSummary | null
  /**
   * For an import into a dataset that had events: hand edits kept and events left alone
   * ({@link ReimportReport}), and how many of the dataset's events the file did not have.
   */
  readonly reimport: (ReimportReport & { readonly eventsNotInFile: number | null }) | null
  readonly geocoding: {
    readonly places: number
    /** The places as they stand now, corrections included; null until geocoded. */
    readonly counts: GeocodingReportCounts | null
    /** How the geocoder resolved the places (before any correction). */
    readonly stats: ResolutionStats | null
    /** Rows whose event has no place, now (corrections placed some since the import). */
    readonly unplacedRows: number | null
    /** Each place's text as the file wrote it, by its key, for the places the report lists. */
    readonly placeTexts: Readonly<Record<string, string>>
    /** Places put on the map by hand (`POST /api/import/{importId}/correct-place`), with who did it. */
    readonly corrections: ReadonlyArray<StoredPlaceCorrection & { readonly byName: string | null }>
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

// Only imports into a dataset that had events have a re-import report.
function reimportOf(job: ImportJobDoc): ImportJobProgress['reimport'] {
  const existing = job.duplicates?.existingEvents
  if (!existing && !job.reimport?.leftAlone.length) return null
  const report = job.reimport ?? { eventsWithHandEditsKept: 0, handEditsReleased: 0, leftAlone: [] }
  const eventsNotInFile =
    existing === undefined ? null : Math.max(0, existing - (job.duplicates?.duplicatesOfExistingEvents ?? 0))
  return { ...report, eventsNotInFile }
}

/** The text a place was written as in the file (its query), for the places the report names. */
function placeTexts(geocoding: StoredGeocoding): Record<string, string> {
  const listed = new Set([
    ...(geocoding.stats?.notPlaced ?? []).map((place) => place.query),
    ...(geocoding.stats?.lowestConfidence ?? []).map((place) => place.query),
    ...(geocoding.corrections ?? []).map((correction) => correction.place),
  ])
  const texts: Record<string, string> = {}
  for (const place of geocoding.places) {
    if (!listed.has(place.key)) continue
    const { text, street, city, region, country, postalCode } = place.query
    const written = text ?? [street, city, postalCode, region, country].filter(Boolean).join(', ')
    if (written) texts[place.key] = written
  }
  return texts
}

/**
 * The progress of one import job, as the API answers it.
 * @param userNames - names of the users who corrected places, by id (none: only their role shows)
 */
export function describeImportJob(
  job: ImportJobDoc,
  datasetName: string | null,
  userNames: ReadonlyMap<number, string> = new Map(),
): ImportJobProgress {
  const counts = {
    rowsTotal: job.counts?.rowsTotal ?? null,
    rowsRead: job.counts?.rowsRead ?? 0,
    eventsCreated: job.counts?.eventsCreated ?? 0,
    eventsUpdated: job.counts?.eventsUpdated ?? 0,
    eventsUnchanged: job.counts?.eventsUnchanged ?? 0,
    eventsLeftAlone: job.counts?.eventsLeftAlone ?? 0,
    duplicatesSkipped: job.counts?.duplicatesSkipped ?? 0,
    rowErrors: job.counts?.rowErrors ?? 0,
  }
  const accounted =
    counts.eventsCreated +
    counts.eventsUpdated +
    counts.eventsUnchanged +
    counts.eventsLeftAlone +
    counts.duplicatesSkipped +
    counts.rowErrors
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
      isBalanced: counts.rowsRead === accounted,
    },
    duplicates: job.duplicates ?? null,
    reimport: reimportOf(job),
    geocoding: job.geocoding
      ? {
          places: job.geocoding.places.length,
          counts: geocodingReportCounts(job.geocoding),
          stats: job.geocoding.stats ?? null,
          unplacedRows: job.geocoding.unplacedRows ?? null,
          placeTexts: placeTexts(job.geocoding),
          corrections: (job.geocoding.corrections ?? []).map((correction) => ({
            ...correction,
            byName: userNames.get(correction.by) ?? null,
          })),
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
    exploreUrl:
      datasetId && counts.eventsCreated + counts.eventsUpdated + counts.eventsUnchanged + counts.eventsLeftAlone > 0
        ? `/explore?datasets=${datasetId}`
        : null,
  }
}

/** The names users gave themselves, of those who corrected places of these jobs (no e-mail addresses). */
async function correctorNames(payload: Payload, jobs: readonly ImportJobDoc[]): Promise<Map<number, string>> {
  const ids = [...new Set(jobs.flatMap((job) => (job.geocoding?.corrections ?? []).map((correction) => correction.by)))]
  if (ids.length === 0) return new Map()
  const { docs } = await payload.find({
    collection: COLLECTION_NAMES.USERS,
    where: { id: { in: ids } },
    depth: 0,
    limit: ids.length,
    pagination: false,
    overrideAccess: true,
    select: { name: true },
  })
  return new Map(
    docs
      .filter((user) => typeof user.name === 'string' && user.name.trim() !== '')
      .map((user) => [Number(user.id), String(user.name)]),
  )
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
  const userNames = await correctorNames(payload, docs as unknown as ImportJobDoc[])
  const jobs = docs.map((doc) => {
    const dataset = (doc as { dataset?: unknown }).dataset
    const name = dataset && typeof dataset === 'object' ? String((dataset as { name?: string }).name ?? '') : null
    return describeImportJob(doc as unknown as ImportJobDoc, name, userNames)
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
