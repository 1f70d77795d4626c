/**
 * Publishing a dataset from outside the admin: the facts the switch shows, and the switch itself,
 * saved through the CMS as the signed-in user so the datasets' and catalogs' own rules decide.
 * @module
 */
import type { PayloadRequest } from 'payload'

import { relationId } from '../../access/relation-id'
import { mayEdit } from '../../access/may-edit'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { ApiError } from '../api/api-error'
import { databasePool } from '../import/progress-tracking'
import type { PublishingFacts } from './describe-publishing'

/** {@link PublishingFacts} with the ids they are about. */
export interface DatasetPublishing extends PublishingFacts {
  readonly datasetId: number
  readonly catalogId: number | null
}

function fieldNames(schema: unknown): string[] {
  const fields = typeof schema === 'object' && schema !== null ? (schema as { fields?: unknown }).fields : undefined
  if (!Array.isArray(fields)) return []
  return fields.flatMap((field: unknown) =>
    typeof field === 'object' && field !== null && typeof (field as { name?: unknown }).name === 'string'
      ? [(field as { name: string }).name]
      : [],
  )
}

/**
 * The publish switch's facts for a dataset the request's user may change.
 * @throws {@link ApiError} 401 when not signed in, 404 when the user may not change the dataset
 */
export async function loadDatasetPublishing(req: PayloadRequest, datasetId: number): Promise<DatasetPublishing> {
  if (!req.user) throw new ApiError(401, 'not-signed-in', 'Sign in to publish a dataset')
  if (!(await mayEdit(req, { collection: COLLECTION_NAMES.DATASETS, id: datasetId }))) {
    throw new ApiError(404, 'dataset-not-found', `There is no dataset ${datasetId} you may change`, 'id')
  }
  // Fresh reads, not through the request: its loader keeps the documents it populated before a switch.
  const dataset = await req.payload.findByID({
    collection: COLLECTION_NAMES.DATASETS,
    id: datasetId,
    depth: 1,
    overrideAccess: true,
  })
  const catalogId = relationId(dataset.catalog)
  const catalog =
    catalogId === undefined
      ? null
      : ((await req.payload.findByID({
          collection: COLLECTION_NAMES.CATALOGS,
          id: catalogId,
          depth: 0,
          overrideAccess: true,
          disableErrors: true,
        })) as { readonly name?: unknown; readonly isPublic?: unknown } | null)
  // One query for both counts: the CMS's `exists` does not select on point fields.
  const { rows } = await databasePool(req.payload).query<{ events: string; placed: string }>(
    'select count(*) as events, count(location) as placed from events where dataset_id = $1',
    [datasetId],
  )
  return {
    datasetId,
    catalogId: catalogId === undefined ? null : Number(catalogId),
    isPublic: dataset.isPublic === true,
    events: Number(rows[0]?.events ?? 0),
    placedEvents: Number(rows[0]?.placed ?? 0),
    fields: fieldNames(dataset.currentSchema),
    catalogName: typeof catalog?.name === 'string' ? catalog.name : 'no catalog',
    isCatalogPublic: catalog?.isPublic === true,
    mayPublishCatalog:
      catalogId !== undefined && (await mayEdit(req, { collection: COLLECTION_NAMES.CATALOGS, id: catalogId })),
  }
}

/**
 * Makes a dataset public (and its catalog, when it is private and the user may change it) or
 * private again, through the CMS as the request's user.
 * @throws {@link ApiError} 401 or 404 as {@link loadDatasetPublishing}
 */
export async function setDatasetPublic(
  req: PayloadRequest,
  datasetId: number,
  isPublic: boolean,
): Promise<DatasetPublishing> {
  const before = await loadDatasetPublishing(req, datasetId)
  const asUser = { user: req.user, overrideAccess: false, req } as const
  await req.payload.update({ collection: COLLECTION_NAMES.DATASETS, id: datasetId, data: { isPublic }, ...asUser })
  if (isPublic && !before.isCatalogPublic && before.mayPublishCatalog && before.catalogId !== null) {
    await req.payload.update({
      collection: COLLECTION_NAMES.CATALOGS,
      id: before.catalogId,
      data: { isPublic: true },
      ...asUser,
    })
  }
  return loadDatasetPublishing(req, datasetId)
}
