import { detectFileFormat, listSheets, type SheetInfo } from '@chronotope/file-readers'
import type { Payload, TaskConfig } from 'payload'

import { COLLECTION_NAMES } from '../../constants/collection-names'
import { IMPORT_STATUS } from '../../constants/import-status'
import { JOB_TYPES } from '../../constants/job-types'
import { PROCESSING_STAGE } from '../../constants/processing-stage'
import {
  importFilePath,
  idOf,
  loadImportFile,
  type ImportFileDoc,
  type ImportJobDoc,
} from '../../lib/import/import-documents'
import { isPermanentImportError } from '../../lib/import/import-failure'
import { STAGE_RETRY_ATTEMPTS } from '../../lib/import/import-stage-task'
import { queueStage } from '../../lib/import/queue-stage'
import { assertSheetLimit } from '../../lib/import/sheet-limit'
import { moveImportJob } from '../../lib/import/stage-transition-service'

function chooseSheets(file: ImportFileDoc, sheets: readonly SheetInfo[]): SheetInfo[] {
  const wanted = file.options?.sheet
  if (wanted === undefined) return [...sheets]
  const sheet = sheets.find((candidate) => candidate.index === wanted || candidate.name === wanted)
  if (!sheet) {
    const names = sheets.map((candidate) => `${candidate.index} "${candidate.name}"`).join(', ')
    throw Object.assign(new Error(`The file has no sheet ${JSON.stringify(wanted)}; its sheets are ${names}`), {
      name: 'SheetNotFound',
    })
  }
  return [sheet]
}

function baseName(filename: string): string {
  return (
    filename
      .replace(/\.[^.]+$/, '')
      .replace(/[-_]+/g, ' ')
      .trim() || filename
  )
}

async function datasetForSheet(
  payload: Payload,
  file: ImportFileDoc,
  sheet: SheetInfo,
  sheetCount: number,
): Promise<number> {
  const chosen = file.options?.datasetId
  if (chosen && sheetCount === 1) return chosen
  const name = file.datasetName?.trim() || baseName(file.filename)
  const dataset = await payload.create({
    collection: COLLECTION_NAMES.DATASETS,
    data: {
      name: sheetCount > 1 ? `${name} – ${sheet.name}` : name,
      catalog: idOf(file.catalog)!,
      owner: idOf(file.owner),
      isPublic: false,
    },
    depth: 0,
    overrideAccess: true,
  })
  return Number(dataset.id)
}

/** Finds the sheet's import job from an earlier, interrupted run, so a retry creates none twice. */
async function existingJob(payload: Payload, fileId: number, sheetIndex: number): Promise<ImportJobDoc | undefined> {
  const { docs } = await payload.find({
    collection: COLLECTION_NAMES.IMPORT_JOBS,
    where: { and: [{ importFile: { equals: fileId } }, { sheetIndex: { equals: sheetIndex } }] },
    depth: 0,
    limit: 1,
    overrideAccess: true,
  })
  return docs[0] as unknown as ImportJobDoc | undefined
}

async function detectDatasets(payload: Payload, importFileId: number): Promise<void> {
  const file = await loadImportFile(payload, importFileId)
  if (file.status === IMPORT_STATUS.CANCELLED) return
  const path = importFilePath(file)
  const detection = file.detection ?? (await detectFileFormat(path))
  const sheets = chooseSheets(file, await listSheets(path, detection))
  // Before any dataset or import job exists: one per sheet is what the limit bounds.
  assertSheetLimit(sheets)
  await payload.update({
    collection: COLLECTION_NAMES.IMPORT_FILES,
    id: file.id,
    data: { detection, sheets, status: IMPORT_STATUS.PROCESSING },
    depth: 0,
    overrideAccess: true,
  })
  for (const sheet of sheets) {
    let job = await existingJob(payload, file.id, sheet.index)
    if (!job) {
      const dataset = await datasetForSheet(payload, file, sheet, sheets.length)
      job = (await payload.create({
        collection: COLLECTION_NAMES.IMPORT_JOBS,
        data: {
          label: sheets.length > 1 ? `${file.filename} – ${sheet.name}` : file.filename,
          importFile: file.id,
          dataset,
          sheetIndex: sheet.index,
          sheetName: sheet.name,
          status: IMPORT_STATUS.PROCESSING,
          stage: PROCESSING_STAGE.DATASET_DETECTION,
          owner: idOf(file.owner),
          progress: { stages: {} },
          stageHistory: [
            { stage: PROCESSING_STAGE.DATASET_DETECTION, at: new Date().toISOString(), reason: 'File uploaded' },
          ],
          heartbeatAt: new Date().toISOString(),
        },
        depth: 0,
        overrideAccess: true,
      })) as unknown as ImportJobDoc
    }
    if (job.stage !== PROCESSING_STAGE.DATASET_DETECTION) continue
    const kind = detection.format.toUpperCase()
    await moveImportJob(payload, job, PROCESSING_STAGE.SCHEMA_DETECTION, `${kind} sheet "${sheet.name}" found`)
    await queueStage(payload, job.id, PROCESSING_STAGE.SCHEMA_DETECTION)
  }
}

/**
 * The dataset-detection job: reads an uploaded file's format and sheets, and creates one import
 * job per sheet, each with the dataset it fills (the chosen one, or a new one in the catalog).
 */
export const datasetDetectionTask: TaskConfig<{ input: { importFileId: number }; output: object }> = {
  slug: JOB_TYPES.DATASET_DETECTION,
  label: 'Dataset detection',
  inputSchema: [{ name: 'importFileId', type: 'number', required: true }],
  retries: { attempts: STAGE_RETRY_ATTEMPTS, backoff: { type: 'exponential', delay: 1000 } },
  handler: async ({ input, req }) => {
    try {
      await detectDatasets(req.payload, input.importFileId)
    } catch (error) {
      if (!isPermanentImportError(error)) {
        lastErrors.set(input.importFileId, error instanceof Error ? error.message : String(error))
        throw error
      }
      await failImportFile(req.payload, input.importFileId, (error as Error).message)
    }
    return { output: {} }
  },
  onFail: async ({ input, req, taskStatus }) => {
    const importFileId = (input as { importFileId?: number } | undefined)?.importFileId
    if (!importFileId || (taskStatus?.totalTried ?? 0) < STAGE_RETRY_ATTEMPTS) return
    const lastError = lastErrors.get(importFileId) ?? 'see the job log'
    lastErrors.delete(importFileId)
    await failImportFile(
      req.payload,
      importFileId,
      `Dataset detection failed ${STAGE_RETRY_ATTEMPTS + 1} times; the last error was: ${lastError}`,
    )
  },
}

// The last error per import file, for the failure reason once the retries are spent.
const lastErrors = new Map<number, string>()

async function failImportFile(payload: Payload, importFileId: number, reason: string): Promise<void> {
  await payload.update({
    collection: COLLECTION_NAMES.IMPORT_FILES,
    id: importFileId,
    data: { status: IMPORT_STATUS.FAILED, failureReason: reason },
    depth: 0,
    overrideAccess: true,
  })
}
