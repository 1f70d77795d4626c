/**
 * Where an upload's events go: an existing catalog (or a new one), and an existing dataset (or
 * a new one per sheet). The user must own what they import into, unless they are an editor or admin.
 * @module
 */
import type { PayloadRequest } from 'payload'

import { isEditorOrAdminUser } from '../../access/roles'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { ApiError } from '../api/api-error'
import { idOf } from './import-documents'

/** The resolved target of an upload. */
export interface ImportTarget {
  readonly catalogId: number
  readonly datasetId?: number
  readonly datasetName?: string
}

function positiveId(raw: string | undefined, parameter: string): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined
  const id = Number(raw)
  if (!Number.isInteger(id) || id < 1) {
    throw new ApiError(
      400,
      'invalid-parameter',
      `${parameter} must be the id of a ${parameter}; got "${raw}"`,
      parameter,
    )
  }
  return id
}

async function ownedOrCurated(req: PayloadRequest, collection: 'catalogs' | 'datasets', id: number) {
  const doc = await req.payload.findByID({ collection, id, depth: 0, overrideAccess: true }).catch(() => undefined)
  const user = req.user!
  const allowed = doc && (isEditorOrAdminUser(user) || idOf(doc.owner) === Number(user.id))
  if (!doc || !allowed) {
    const what = collection === COLLECTION_NAMES.CATALOGS ? 'catalog' : 'dataset'
    throw new ApiError(403, 'not-allowed', `You cannot import into ${what} ${id}: it is not yours`, what)
  }
  return doc
}

/**
 * Resolves the upload's `catalog` / `catalogName` and `dataset` / `datasetName` fields, creating
 * a new private catalog when a name is given.
 * @throws {@link ApiError} 400 when no catalog is named, 403 when the user may not write there
 */
export async function resolveImportTarget(
  req: PayloadRequest,
  fields: Readonly<Record<string, string>>,
): Promise<ImportTarget> {
  const datasetId = positiveId(fields.dataset, 'dataset')
  let catalogId = positiveId(fields.catalog, 'catalog')
  const datasetName = fields.datasetName?.trim().slice(0, 200) || undefined
  if (datasetId) {
    const dataset = await ownedOrCurated(req, COLLECTION_NAMES.DATASETS, datasetId)
    const datasetCatalog = idOf(dataset.catalog)!
    if (catalogId && catalogId !== datasetCatalog) {
      throw new ApiError(400, 'invalid-parameter', `Dataset ${datasetId} is not in catalog ${catalogId}`, 'dataset')
    }
    return { catalogId: datasetCatalog, datasetId }
  }
  if (catalogId) {
    await ownedOrCurated(req, COLLECTION_NAMES.CATALOGS, catalogId)
    return { catalogId, ...(datasetName ? { datasetName } : {}) }
  }
  const catalogName = fields.catalogName?.trim().slice(0, 200)
  if (!catalogName) {
    throw new ApiError(
      400,
      'missing-parameter',
      'Choose a catalog (catalog) or name a new one (catalogName)',
      'catalog',
    )
  }
  const catalog = await req.payload.create({
    collection: COLLECTION_NAMES.CATALOGS,
    data: { name: catalogName, owner: req.user!.id, isPublic: false },
    depth: 0,
    overrideAccess: true,
  })
  catalogId = Number(catalog.id)
  return { catalogId, ...(datasetName ? { datasetName } : {}) }
}
