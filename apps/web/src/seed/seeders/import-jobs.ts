import { COLLECTION_NAMES } from '../../constants/collection-names'
import { IMPORT_STATUS } from '../../constants/import-status'
import { PROCESSING_STAGE } from '../../constants/processing-stage'
import { findIdBy, SeedDependencyMissing, type SeedContext, type SeederResult } from './context'
import { findSampleImportFile, SAMPLE_IMPORT_FILENAME, SAMPLE_IMPORT_ROWS } from './import-files'

const STAGES_OF_A_CLEAN_IMPORT = [
  PROCESSING_STAGE.DATASET_DETECTION,
  PROCESSING_STAGE.SCHEMA_DETECTION,
  PROCESSING_STAGE.VALIDATE_SCHEMA,
  PROCESSING_STAGE.CREATE_SCHEMA_VERSION,
  PROCESSING_STAGE.ANALYZE_DUPLICATES,
  PROCESSING_STAGE.GEOCODE_BATCH,
  PROCESSING_STAGE.CREATE_EVENTS,
  PROCESSING_STAGE.COMPLETED,
]

/** Seeds the completed import job of the sample upload, with its stage history and counts. */
export async function seedImportJobs({ payload }: SeedContext): Promise<SeederResult> {
  const importFile = await findSampleImportFile(payload)
  if (!importFile) throw new SeedDependencyMissing('import-jobs', SAMPLE_IMPORT_FILENAME, 'import-files')
  if (await findIdBy(payload, COLLECTION_NAMES.IMPORT_JOBS, 'importFile', importFile)) {
    return { created: 0, existing: 1 }
  }
  const dataset = await findIdBy(payload, COLLECTION_NAMES.DATASETS, 'slug', 'protest-events')
  const started = Date.now() - 60 * 60 * 1000
  await payload.create({
    collection: COLLECTION_NAMES.IMPORT_JOBS,
    data: {
      label: `${SAMPLE_IMPORT_FILENAME} (sheet 1)`,
      importFile,
      dataset: dataset ?? null,
      sheetIndex: 0,
      status: IMPORT_STATUS.COMPLETED,
      stage: PROCESSING_STAGE.COMPLETED,
      counts: { rowsRead: SAMPLE_IMPORT_ROWS, eventsCreated: SAMPLE_IMPORT_ROWS, duplicatesSkipped: 0, rowErrors: 0 },
      stageHistory: STAGES_OF_A_CLEAN_IMPORT.map((stage, index) => ({
        stage,
        at: new Date(started + index * 2_000).toISOString(),
        reason: index === 0 ? 'Upload received' : 'Previous stage finished',
      })),
    },
    overrideAccess: true,
  })
  return { created: 1, existing: 0 }
}

/** Deletes the sample upload's import jobs. */
export async function resetImportJobs({ payload }: SeedContext): Promise<void> {
  const importFile = await findSampleImportFile(payload)
  if (!importFile) return
  await payload.delete({
    collection: COLLECTION_NAMES.IMPORT_JOBS,
    where: { importFile: { equals: importFile } },
    overrideAccess: true,
  })
}
