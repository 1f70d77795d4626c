import { SCHEMA_STATUS } from '../../collections/dataset-schemas'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { JOB_TYPES } from '../../constants/job-types'
import { PROCESSING_STAGE } from '../../constants/processing-stage'
import { idOf, loadDataset } from '../../lib/import/import-documents'
import { importStageTask } from '../../lib/import/import-stage-task'
import { queueStage } from '../../lib/import/queue-stage'
import { compareWithCurrent, createSchemaVersion } from '../../lib/import/schema-versioning'
import { moveImportJob } from '../../lib/import/stage-transition-service'

/**
 * The create-schema-version job: makes the import's schema the dataset's version in force: the
 * version an editor approved, a new version for automatic changes, or the current one unchanged.
 */
export const createSchemaVersionTask = importStageTask(
  JOB_TYPES.CREATE_SCHEMA_VERSION,
  PROCESSING_STAGE.CREATE_SCHEMA_VERSION,
  'Create schema version',
  async ({ payload, job }) => {
    const dataset = await loadDataset(payload, idOf(job.dataset)!)
    let schemaId = idOf(job.schema)
    let reason: string
    if (schemaId) {
      // The version an editor approved while the job waited.
      await payload.update({
        collection: COLLECTION_NAMES.DATASET_SCHEMAS,
        id: schemaId,
        data: { status: SCHEMA_STATUS.APPROVED },
        depth: 0,
        overrideAccess: true,
      })
      reason = 'Approved schema version in force'
    } else {
      const fields = job.detectedSchema?.fields ?? []
      const { comparison, current } = await compareWithCurrent(payload, dataset, fields)
      if (current && comparison.isIdentical) {
        schemaId = current.id
        reason = `Schema unchanged (version ${current.version})`
      } else {
        const created = await createSchemaVersion(payload, {
          datasetId: dataset.id,
          fields,
          comparison,
          status: SCHEMA_STATUS.APPROVED,
          importJobId: job.id,
        })
        schemaId = created.id
        reason = `Schema version ${created.version} created`
      }
    }
    await payload.update({
      collection: COLLECTION_NAMES.DATASETS,
      id: dataset.id,
      data: { currentSchema: schemaId },
      depth: 0,
      overrideAccess: true,
    })
    await moveImportJob(payload, job, PROCESSING_STAGE.ANALYZE_DUPLICATES, reason, { schema: schemaId })
    await queueStage(payload, job.id, PROCESSING_STAGE.ANALYZE_DUPLICATES)
  },
)
