import { startProgress, finishProgress } from '@chronotope/import-stages'
import { applyImportAnswers, unansweredChoices, type EventMapping } from '@chronotope/schema'

import { JOB_TYPES } from '../../constants/job-types'
import { PROCESSING_STAGE } from '../../constants/processing-stage'
import { detectSheetSchema } from '../../lib/import/detect-sheet-schema'
import { answersOf, describeUnanswered } from '../../lib/import/import-choices'
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
import { applyRememberedMapping, withRememberedAnswers } from '../../lib/import/remembered-settings'
import { moveImportJob } from '../../lib/import/stage-transition-service'

/**
 * The schema-detection job: reads a sample of the sheet (the first rows, up to the schema
 * detection batch size, and further for the day/month order of date columns the sample leaves
 * undecided), detects each field's type and statistics, the event mapping (time, title, location
 * columns) and the import choices, and applies the user's overrides and answers from the upload.
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
    const found = await detectSheetSchema(path, detection, { sheet: job.sheetIndex })
    const { headers } = found
    if (headers.length === 0) throw new ImportFailure(`Sheet "${job.sheetName}" has no header row: it is empty`)
    const sampled = found.rowsSampled
    if (sampled === 0) throw new ImportFailure(`Sheet "${job.sheetName}" has a header row but no data rows`)
    // A dataset's last import tells how its files are read; the user's options for this one win.
    const dataset = await loadDataset(payload, idOf(job.dataset)!)
    const answers = answersOf(withRememberedAnswers(file.options ?? {}, dataset.importSettings, found.schema.choices))
    // The upload and start refused unanswered choices already; a file changed since would land here.
    const problem = describeUnanswered(
      unansweredChoices(found.schema.choices, answers).map((choice) => ({ sheet: job.sheetName ?? '', choice })),
      false,
    )
    if (problem !== undefined) throw new ImportFailure(problem)
    const schema = applyImportAnswers(found.schema, answers)
    // A GeoJSON sheet is located by its geometries already (see detectSheetSchema).
    const detected: EventMapping = schema.mapping
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
      detectedSchema: {
        headers,
        fields: schema.fields,
        rowsSampled: sampled,
        rowsScannedForDates: found.rowsScannedForDates,
        choices: schema.choices,
        warnings: schema.warnings,
      },
      mapping,
      progress,
    })
    await queueStage(payload, job.id, PROCESSING_STAGE.VALIDATE_SCHEMA)
  },
)
