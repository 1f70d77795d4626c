/**
 * Counts what a delete takes with it, read before the delete (for the confirmation) and used by the
 * delete hooks themselves, so what the person was told is what happens.
 * @module
 */
import type { Payload, PayloadRequest, Where } from 'payload'

import { relationId } from '../../access/relation-id'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import type { DeletionImpact } from './describe-deletion'

interface JobRef {
  readonly id: number
  readonly importFile?: unknown
  readonly dataset?: unknown
}

async function jobsWhere(payload: Payload, where: Where, req?: Partial<PayloadRequest>): Promise<JobRef[]> {
  const { docs } = await payload.find({
    collection: COLLECTION_NAMES.IMPORT_JOBS,
    where,
    depth: 0,
    limit: 0,
    pagination: false,
    select: { importFile: true, dataset: true },
    overrideAccess: true,
    ...(req ? { req } : {}),
  })
  return docs as unknown as JobRef[]
}

/**
 * The import files whose every import job went into this dataset: deleting the dataset deletes
 * them, as nothing else came of them. Files that also fed another dataset stay.
 * @example await importFilesFeedingOnly(payload, 4) // [7]
 */
export async function importFilesFeedingOnly(
  payload: Payload,
  datasetId: number | string,
  req?: Partial<PayloadRequest>,
): Promise<number[]> {
  const jobs = await jobsWhere(payload, { dataset: { equals: datasetId } }, req)
  const fileIds = [...new Set(jobs.map((job) => relationId(job.importFile)).filter((id) => id !== undefined))]
  if (fileIds.length === 0) return []
  const siblings = await jobsWhere(payload, { importFile: { in: fileIds } }, req)
  const elsewhere = new Set(
    siblings
      .filter((job) => String(relationId(job.dataset)) !== String(datasetId))
      .map((job) => String(relationId(job.importFile))),
  )
  return fileIds.filter((id) => !elsewhere.has(String(id))).map(Number)
}

/** What deleting a dataset takes with it: its events, schema versions, import jobs and the files that fed only it. */
export async function datasetDeletionImpact(payload: Payload, datasetId: number): Promise<DeletionImpact> {
  const dataset = await payload.findByID({
    collection: COLLECTION_NAMES.DATASETS,
    id: datasetId,
    depth: 0,
    select: { name: true },
    overrideAccess: true,
  })
  const count = async (collection: 'events' | 'dataset-schemas' | 'import-jobs') =>
    (await payload.count({ collection, where: { dataset: { equals: datasetId } }, overrideAccess: true })).totalDocs
  return {
    kind: 'dataset',
    name: typeof dataset.name === 'string' ? dataset.name : `Dataset ${datasetId}`,
    events: await count(COLLECTION_NAMES.EVENTS),
    schemaVersions: await count(COLLECTION_NAMES.DATASET_SCHEMAS),
    importJobs: await count(COLLECTION_NAMES.IMPORT_JOBS),
    importFiles: (await importFilesFeedingOnly(payload, datasetId)).length,
    eventsKept: 0,
    datasets: [],
  }
}

/** What deleting an import takes with it (its file and import jobs) and what stays (its events). */
export async function importDeletionImpact(payload: Payload, importFileId: number): Promise<DeletionImpact> {
  const file = await payload.findByID({
    collection: COLLECTION_NAMES.IMPORT_FILES,
    id: importFileId,
    depth: 0,
    select: { filename: true },
    overrideAccess: true,
  })
  const jobs = await jobsWhere(payload, { importFile: { equals: importFileId } })
  const eventsKept =
    jobs.length === 0
      ? 0
      : (
          await payload.count({
            collection: COLLECTION_NAMES.EVENTS,
            where: { importJob: { in: jobs.map((job) => job.id) } },
            overrideAccess: true,
          })
        ).totalDocs
  const datasetIds = [...new Set(jobs.map((job) => relationId(job.dataset)).filter((id) => id !== undefined))]
  const { docs } =
    datasetIds.length === 0
      ? { docs: [] }
      : await payload.find({
          collection: COLLECTION_NAMES.DATASETS,
          where: { id: { in: datasetIds } },
          depth: 0,
          limit: 0,
          pagination: false,
          select: { name: true },
          overrideAccess: true,
        })
  return {
    kind: 'import',
    name: typeof file.filename === 'string' ? file.filename : `Import ${importFileId}`,
    events: 0,
    schemaVersions: 0,
    importJobs: jobs.length,
    importFiles: 1,
    eventsKept,
    datasets: docs.map((doc) => String(doc.name)),
  }
}
