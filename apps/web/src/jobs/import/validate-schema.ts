import { SCHEMA_STATUS } from '../../collections/dataset-schemas'
import { JOB_TYPES } from '../../constants/job-types'
import { PROCESSING_STAGE } from '../../constants/processing-stage'
import { idOf, loadDataset } from '../../lib/import/import-documents'
import { importStageTask } from '../../lib/import/import-stage-task'
import { queueStage } from '../../lib/import/queue-stage'
import { approvalNeeded, compareWithCurrent, createSchemaVersion } from '../../lib/import/schema-versioning'
import { moveImportJob } from '../../lib/import/stage-transition-service'

/**
 * The validate-schema job: compares the detected schema with the dataset's schema in force.
 * Non-breaking changes go on (when the dataset allows it); breaking ones, or any change to a
 * locked schema, pause the import job until an editor or admin approves or rejects them.
 */
export const validateSchemaTask = importStageTask(
  JOB_TYPES.VALIDATE_SCHEMA,
  PROCESSING_STAGE.VALIDATE_SCHEMA,
  'Validate schema',
  async ({ payload, job }) => {
    const dataset = await loadDataset(payload, idOf(job.dataset)!)
    const fields = job.detectedSchema?.fields ?? []
    const { comparison, current } = await compareWithCurrent(payload, dataset, fields)
    const detectedSchema = { ...job.detectedSchema!, comparison }
    const waitReason = approvalNeeded(dataset, comparison, Boolean(current))
    if (waitReason) {
      const pending = await createSchemaVersion(payload, {
        datasetId: dataset.id,
        fields,
        comparison,
        status: SCHEMA_STATUS.PENDING_APPROVAL,
        importJobId: job.id,
      })
      await moveImportJob(payload, job, PROCESSING_STAGE.AWAITING_APPROVAL, waitReason, {
        detectedSchema,
        schema: pending.id,
      })
      return
    }
    const reason = !current
      ? 'First schema of the dataset'
      : comparison.isIdentical
        ? 'Schema unchanged'
        : `Non-breaking changes applied automatically: ${comparison.summary}`
    await moveImportJob(payload, job, PROCESSING_STAGE.CREATE_SCHEMA_VERSION, reason, { detectedSchema })
    await queueStage(payload, job.id, PROCESSING_STAGE.CREATE_SCHEMA_VERSION)
  },
)
