/**
 * Schema versioning: each dataset keeps numbered versions of its schema (dataset-schemas); an
 * import's detected schema is compared with the version in force, and becomes the next version
 * once approved, automatically or by an editor.
 * @module
 */
import { compareSchemas, type SchemaComparison, type SchemaField } from '@chronotope/schema'
import type { Payload } from 'payload'

import { SCHEMA_STATUS } from '../../collections/dataset-schemas'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { idOf, type DatasetDoc } from './import-documents'

/** A dataset-schemas document as the pipeline uses it. */
export interface DatasetSchemaDoc {
  readonly id: number
  readonly dataset: number | { id: number }
  readonly version: number
  readonly status: (typeof SCHEMA_STATUS)[keyof typeof SCHEMA_STATUS]
  readonly fields: SchemaField[]
  readonly changes?: SchemaComparison | null
  readonly isBreaking?: boolean | null
}

/** Why an import must wait for an editor, or nothing when it may go on by itself. */
export function approvalNeeded(
  dataset: DatasetDoc,
  comparison: SchemaComparison,
  hasCurrent: boolean,
): string | undefined {
  if (!hasCurrent || comparison.isIdentical) return undefined
  if (comparison.isBreaking) return `Breaking schema changes need approval: ${comparison.summary}`
  if (dataset.schemaSettings?.locked)
    return `The dataset's schema is locked; every change needs approval: ${comparison.summary}`
  if (dataset.schemaSettings?.autoApproveNonBreaking === false) {
    return `The dataset applies no schema change automatically: ${comparison.summary}`
  }
  return undefined
}

/**
 * The schema version in force for a dataset, if it has one. Only a version of that very dataset
 * counts: a pointer to another dataset's schema (however it got there) is ignored, so an import's
 * comparison never shows the fields of a dataset its uploader may not see.
 */
export async function currentSchema(payload: Payload, dataset: DatasetDoc): Promise<DatasetSchemaDoc | undefined> {
  const id = idOf(dataset.currentSchema)
  if (!id) return undefined
  const { docs } = await payload.find({
    collection: COLLECTION_NAMES.DATASET_SCHEMAS,
    where: { and: [{ id: { equals: id } }, { dataset: { equals: dataset.id } }] },
    limit: 1,
    depth: 0,
    pagination: false,
    overrideAccess: true,
  })
  return docs[0] as unknown as DatasetSchemaDoc | undefined
}

/** Compares a detected schema with the dataset's version in force. */
export async function compareWithCurrent(
  payload: Payload,
  dataset: DatasetDoc,
  fields: readonly SchemaField[],
): Promise<{ comparison: SchemaComparison; current?: DatasetSchemaDoc }> {
  const current = await currentSchema(payload, dataset)
  return { comparison: compareSchemas(current?.fields, fields), current }
}

/** The next free version number of a dataset's schema. */
export async function nextSchemaVersion(payload: Payload, datasetId: number): Promise<number> {
  const { docs } = await payload.find({
    collection: COLLECTION_NAMES.DATASET_SCHEMAS,
    where: { dataset: { equals: datasetId } },
    sort: '-version',
    limit: 1,
    depth: 0,
    select: { version: true },
    overrideAccess: true,
  })
  return Number(docs[0]?.version ?? 0) + 1
}

/** Saves a new schema version of a dataset. */
export async function createSchemaVersion(
  payload: Payload,
  data: {
    readonly datasetId: number
    readonly fields: readonly SchemaField[]
    readonly comparison: SchemaComparison
    readonly status: DatasetSchemaDoc['status']
    readonly importJobId: number
  },
): Promise<DatasetSchemaDoc> {
  return (await payload.create({
    collection: COLLECTION_NAMES.DATASET_SCHEMAS,
    data: {
      dataset: data.datasetId,
      version: await nextSchemaVersion(payload, data.datasetId),
      status: data.status,
      fields: data.fields,
      changes: data.comparison,
      isBreaking: data.comparison.isBreaking,
      importJob: data.importJobId,
      ...(data.status === SCHEMA_STATUS.APPROVED ? { approvedAt: new Date().toISOString() } : {}),
    },
    depth: 0,
    overrideAccess: true,
  })) as unknown as DatasetSchemaDoc
}
