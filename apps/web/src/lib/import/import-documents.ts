/**
 * Typed views of the import documents the pipeline reads and writes, and their loaders.
 * @module
 */
import path from 'node:path'

import type { FormatDetectionResult, SheetInfo } from '@chronotope/file-readers'
import type { GeocodingQuery, ResolutionStats } from '@chronotope/geocoding'
import type { ProgressInfo, StageProgressMap, WorkTimings } from '@chronotope/import-stages'
import type { DetectedSchema, EventMapping, RowError, SchemaComparison, SchemaField } from '@chronotope/schema'
import type { Payload } from 'payload'

import { relationId } from '../../access/relation-id'
import { settings } from '../../config/settings'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import type { ImportStatus } from '../../constants/import-status'
import type { ProcessingStage } from '../../constants/processing-stage'
import type { ImportOptions } from './import-options'
import type { HandEditConflict } from './keep-hand-edits'
import type { RememberedImportSettings } from './remembered-settings'

/** Folder where uploaded import files are kept (the import-files collection's static folder). */
export const IMPORT_FILES_DIR = path.join(settings.dataDir, 'uploads', 'import-files')

/** Folder for uploads still streaming in. */
export const UPLOAD_TEMP_DIR = path.join(settings.dataDir, 'uploads', 'incoming')

/** An import-files document as the pipeline uses it. */
export interface ImportFileDoc {
  readonly id: number
  readonly filename: string
  readonly filesize?: number
  readonly mimeType?: string
  readonly catalog?: number | { id: number } | null
  readonly datasetName?: string | null
  readonly status: ImportStatus
  readonly options?: ImportOptions | null
  readonly detection?: FormatDetectionResult | null
  readonly sheets?: SheetInfo[] | null
  readonly failureReason?: string | null
  readonly owner?: number | { id: number } | null
  readonly createdAt: string
}

/** How events get their unique id, resolved from the dataset and the upload's options. */
export interface ResolvedIdStrategy {
  readonly type: 'external' | 'content-hash'
  /** Column holding the external id (`external`). */
  readonly externalIdField?: string
  /** Columns hashed (`content-hash`); empty means every column. */
  readonly hashFields: readonly string[]
  /** What a duplicate does: leave the existing event alone, or update it. */
  readonly duplicateAction: DuplicateAction
}

/** Product type "duplicate action": what happens to a row whose event already exists. */
export type DuplicateAction = 'skip' | 'update'

/** Product type "duplicate info": one duplicate found by the analyze-duplicates job. */
export interface DuplicateInfo {
  readonly row: number
  readonly uniqueId: string
  /** The earlier row of the same file with this id, for duplicates inside the file. */
  readonly duplicateOfRow?: number
  /** Whether an event with this id already existed in the dataset. */
  readonly isExistingEvent: boolean
}

/** Product type "duplication summary": what the analyze-duplicates job found. */
export interface DuplicationSummary {
  readonly strategy: ResolvedIdStrategy
  readonly rowsAnalyzed: number
  readonly uniqueRows: number
  readonly duplicatesInFile: number
  readonly duplicatesOfExistingEvents: number
  readonly rowsWithoutId: number
  /** Events the dataset held before the import (absent in summaries of older imports). */
  readonly existingEvents?: number
  /** The first duplicates found, for a user to check. */
  readonly examples: readonly DuplicateInfo[]
}

/** An event a re-import did not update because the file contradicts what people changed by hand. */
export interface LeftAloneEvent {
  readonly eventId: number
  readonly uniqueId: string
  /** The row of the file that would have updated it. */
  readonly row: number | null
  readonly title: string | null
  /** The fields where the person's value and the file's new value differ. */
  readonly conflicts: readonly HandEditConflict[]
}

/** What an import into a dataset that had events did to people's hand edits. */
export interface ReimportReport {
  /** Events updated from the file with some hand edits kept (the file had not changed them). */
  readonly eventsWithHandEditsKept: number
  /** Events whose hand edits no longer hold: the file now agrees, or the import took its values. */
  readonly handEditsReleased: number
  /** The first events left alone (at most 100; the counts have them all). */
  readonly leftAlone: readonly LeftAloneEvent[]
}

/** What the schema stages stored: the detected schema and its comparison with the dataset's. */
export interface StoredSchemaDetection {
  readonly headers: readonly string[]
  readonly fields: readonly SchemaField[]
  readonly rowsSampled: number
  /** Rows read after the sample only to decide date columns' day/month order. */
  readonly rowsScannedForDates?: number
  /** How columns that could be read two ways are read (absent on imports before choices existed). */
  readonly choices?: DetectedSchema['choices']
  readonly warnings: DetectedSchema['warnings']
  readonly comparison?: SchemaComparison
}

/** The import job's `mapping`: how rows become events. */
export interface StoredMapping extends EventMapping {
  readonly idStrategy?: ResolvedIdStrategy
}

/** Where create-events has got to; saved in the same transaction as each batch of events. */
export interface EventCheckpoint {
  /** The last row whose outcome (event, duplicate or error) is committed. */
  readonly lastRow: number
  /** Rows up to there whose place the geocoder could not resolve. */
  readonly unplacedRows: number
  /** A scheduled run's transaction committed: its events and gone events are settled. */
  readonly scheduledRunSettled?: boolean
}

/** The import job's `progress`: per stage, plus the create-events checkpoint. */
export interface StoredProgress {
  readonly stages: StageProgressMap
  readonly checkpoint?: EventCheckpoint
  /** The stage a failed job failed in, where a retry resumes. */
  readonly failedStage?: ProcessingStage
  /** Retries of the current stage after errors. */
  readonly attempts?: number
  /** Where event creation spent its time, in milliseconds per part. */
  readonly timings?: WorkTimings
}

/** An import-jobs document as the pipeline uses it. */
export interface ImportJobDoc {
  readonly id: number
  readonly label?: string
  readonly importFile: number | { id: number }
  readonly dataset?: number | { id: number } | null
  readonly sheetIndex: number
  readonly sheetName?: string | null
  readonly status: ImportStatus
  readonly stage: ProcessingStage
  readonly counts?: {
    readonly rowsTotal?: number | null
    readonly rowsRead?: number | null
    readonly eventsCreated?: number | null
    readonly eventsUpdated?: number | null
    readonly eventsUnchanged?: number | null
    readonly eventsLeftAlone?: number | null
    readonly duplicatesSkipped?: number | null
    readonly rowErrors?: number | null
  }
  readonly progress?: StoredProgress | null
  readonly errors?: RowError[] | null
  readonly detectedSchema?: StoredSchemaDetection | null
  readonly mapping?: StoredMapping | null
  readonly duplicates?: DuplicationSummary | null
  readonly reimport?: ReimportReport | null
  readonly geocoding?: StoredGeocoding | null
  readonly stageHistory?: Array<{ stage: ProcessingStage; at: string; reason?: string | null }>
  readonly schema?: number | { id: number } | null
  readonly approval?: {
    readonly lockedBy?: number | { id: number } | null
    readonly lockExpiresAt?: string | null
    readonly decision?: 'approved' | 'rejected' | null
    readonly decidedBy?: number | { id: number } | null
    readonly decidedAt?: string | null
    readonly reason?: string | null
  } | null
  readonly failureReason?: string | null
  readonly owner?: number | { id: number } | null
  readonly heartbeatAt?: string | null
  readonly createdAt: string
  readonly updatedAt: string
}

/** The import job's `geocoding`: the distinct places of the sheet and how they resolved. */
export interface StoredGeocoding {
  /** Each distinct place once: its cache key and the query sent to the geocoder. */
  readonly places: ReadonlyArray<{
    readonly key: string
    readonly query: GeocodingQuery
    /** Whether the geocoder placed it (at or above the dataset's minimum confidence); set once geocoded. */
    readonly isPlaced?: boolean
  }>
  readonly stats?: ResolutionStats
  /** Rows whose place could not be resolved. */
  readonly unplacedRows?: number
  /** Places put on the map by hand since the import, newest last. */
  readonly corrections?: readonly StoredPlaceCorrection[]
}

/** A place of an import corrected by hand, as the import job records it. */
export interface StoredPlaceCorrection {
  readonly place: string
  readonly latitude: number
  readonly longitude: number
  readonly precision: string
  readonly label: string | null
  /** Whether it also became the location cache's answer (editors and admins). */
  readonly cached: boolean
  readonly eventsUpdated: number
  /** Events that had no place before the correction. */
  readonly eventsPlaced?: number
  /** Whether the geocoder had placed the place (a re-placement) or not (a place found by hand). */
  readonly wasPlaced?: boolean
  /** The user who made it. */
  readonly by: number
  /** In what role they made it; older corrections have none. */
  readonly role?: CorrectionRole
  readonly at: string
}

/** In what role a person corrected something: as the data's owner, or as an editor or admin. */
export type CorrectionRole = 'owner' | 'editor' | 'admin'

/** A dataset document as the pipeline uses it. */
export interface DatasetDoc {
  readonly id: number
  readonly name: string
  readonly catalog: number | { id: number }
  readonly owner?: number | { id: number } | null
  readonly currentSchema?: number | { id: number } | null
  readonly idStrategy?: {
    readonly type?: 'auto' | 'external' | 'content-hash' | null
    readonly externalIdField?: string | null
    readonly hashFields?: string[] | null
    readonly duplicateAction?: DuplicateAction | null
  }
  readonly schemaSettings?: { readonly autoApproveNonBreaking?: boolean | null; readonly locked?: boolean | null }
  readonly geocoding?: {
    readonly enabled?: boolean | null
    readonly countryBias?: string | null
    readonly unplacedRows?: 'event-without-location' | 'row-error' | null
    readonly providers?: ReadonlyArray<number | { readonly id: number }> | null
    readonly offlineFallback?: boolean | null
    readonly minimumConfidence?: number | null
  }
  /** How the last completed import read its file; the next import starts from it. */
  readonly importSettings?: RememberedImportSettings | null
}

/** Loads an import job with no access checks (the pipeline runs as the system). */
export async function loadImportJob(payload: Payload, id: number): Promise<ImportJobDoc> {
  return (await payload.findByID({
    collection: COLLECTION_NAMES.IMPORT_JOBS,
    id,
    depth: 0,
    overrideAccess: true,
  })) as unknown as ImportJobDoc
}

/** Loads an import file with no access checks. */
export async function loadImportFile(payload: Payload, id: number): Promise<ImportFileDoc> {
  return (await payload.findByID({
    collection: COLLECTION_NAMES.IMPORT_FILES,
    id,
    depth: 0,
    overrideAccess: true,
  })) as unknown as ImportFileDoc
}

/** Loads a dataset with no access checks. */
export async function loadDataset(payload: Payload, id: number): Promise<DatasetDoc> {
  return (await payload.findByID({
    collection: COLLECTION_NAMES.DATASETS,
    id,
    depth: 0,
    overrideAccess: true,
  })) as unknown as DatasetDoc
}

/** The stored file of an import file document. */
export function importFilePath(file: Pick<ImportFileDoc, 'filename'>): string {
  return path.join(IMPORT_FILES_DIR, path.basename(file.filename))
}

/**
 * A relationship's id as a number (Chronotope's ids are serial integers).
 * @example idOf({ id: 4 }) // 4
 */
export function idOf(value: unknown): number | undefined {
  const id = relationId(value)
  return id === undefined || id === null ? undefined : Number(id)
}

/** Progress info of one stage, if it started. */
export function stageProgress(job: ImportJobDoc, stage: ProcessingStage): ProgressInfo | undefined {
  return job.progress?.stages?.[stage]
}
