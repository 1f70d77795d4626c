import { readHeaders, readRows } from '@chronotope/file-readers'
import { startProgress, finishProgress } from '@chronotope/import-stages'
import { createSchemaBuilder, type EventMapping } from '@chronotope/schema'

import { BATCH_SIZES } from '../../constants/batch-sizes'
import { JOB_TYPES } from '../../constants/job-types'
import { PROCESSING_STAGE } from '../../constants/processing-stage'
import {
  idOf,
  importFilePath,
  loadDataset,
  loadImportFile,
  type StoredMapping,
} from '../../lib/import/import-documents'
import { ImportFailure } from '../../lib/import/import-failure'
import { importStageTask } from '../../lib/import/import-stage-task'
import { optionsForSheet } from '../../lib/import/import-options'
import { applyMappingOverrides } from '../../lib/import/mapping-overrides'
import { queueStage } from '../../lib/import/queue-stage'
import { applyRememberedMapping } from '../../lib/import/remembered-settings'
import { moveImportJob } from '../../lib/import/stage-transition-service'

/**
 * The schema-detection job: reads a sample of the sheet (the first rows, up to the schema
 * detection batch size), detects each field's type and statistics and the event mapping (time,
 * title, location columns), and applies the user's overrides from the upload.
 */
export const schemaDetectionTask = importStageTask(
  JOB_TYPES.SCHEMA_DETECTION,
  PROCESSING_STAGE.SCHEMA_DETECTION,
  'Schema detection',
  async ({ payload, job }) => {
    const started = new Date()
    const file = await loadImportFile(payload, idOf(job.importFile)!)
    const path = importFilePath(file)
    const detection = file.detection!
    const readOptions = { sheet: job.sheetIndex, batchSize: 1000 }
    const headers = await readHeaders(path, detection, readOptions)
    if (headers.length === 0) throw new ImportFailure(`Sheet "${job.sheetName}" has no header row: it is empty`)
    const builder = createSchemaBuilder(headers)
    let sampled = 0
    for await (const rows of readRows(path, detection, readOptions)) {
      const take = rows.slice(0, BATCH_SIZES.SCHEMA_DETECTION_SAMPLE - sampled)
      builder.addRows(take.map((row) => row.values))
      sampled += take.length
      if (sampled >= BATCH_SIZES.SCHEMA_DETECTION_SAMPLE) break
    }
    if (sampled === 0) throw new ImportFailure(`Sheet "${job.sheetName}" has a header row but no data rows`)
    const schema = builder.build()
    const detected: EventMapping =
      detection.format === 'geojson'
        ? { ...schema.mapping, location: { kind: 'geometry', confidence: 1, reason: 'GeoJSON feature geometry' } }
        : schema.mapping
    // A dataset's last import tells how its files are read; the user's options for this one win.
    const dataset = await loadDataset(payload, idOf(job.dataset)!)
    const remembered = dataset.importSettings
      ? applyRememberedMapping(detected, dataset.importSettings, headers).mapping
      : detected
    const mapping: StoredMapping = applyMappingOverrides(
      remembered,
      optionsForSheet(file.options ?? {}, job.sheetIndex),
      headers,
    )
    const progress = {
      ...(job.progress ?? { stages: {} }),
      stages: {
        ...job.progress?.stages,
        [PROCESSING_STAGE.SCHEMA_DETECTION]: finishProgress(startProgress(sampled, started), sampled, new Date()),
      },
    }
    await moveImportJob(payload, job, PROCESSING_STAGE.VALIDATE_SCHEMA, `Schema detected from ${sampled} rows`, {
      detectedSchema: { headers, fields: schema.fields, rowsSampled: sampled, warnings: schema.warnings },
      mapping,
      progress,
    })
    await queueStage(payload, job.id, PROCESSING_STAGE.VALIDATE_SCHEMA)
  },
)
