import { APIError, type CollectionBeforeDeleteHook } from 'payload'

import { COLLECTION_NAMES } from '../../constants/collection-names'
import { pauseSchedulesOf } from '../../lib/scheduled-imports/pause-orphaned-schedules'

/** A catalog still holds datasets; deleting it would orphan them. */
export class CatalogNotEmpty extends APIError {
  /** @param datasetCount - how many datasets the catalog holds */
  constructor(catalogId: number | string, datasetCount: number) {
    super(
      `Catalog ${catalogId} still holds ${datasetCount} dataset(s); delete or move them to another catalog first.`,
      409,
    )
    this.name = 'CatalogNotEmpty'
  }
}

/**
 * Refuses to delete a catalog that still holds datasets, so no dataset loses its catalog; pauses
 * the scheduled imports into an empty one, saying why.
 */
export const preventDeletingNonEmptyCatalog: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const { totalDocs } = await req.payload.count({
    collection: COLLECTION_NAMES.DATASETS,
    where: { catalog: { equals: id } },
    overrideAccess: true,
    req,
  })
  if (totalDocs > 0) throw new CatalogNotEmpty(id, totalDocs)
  await pauseSchedulesOf(req, { field: 'catalog', id })
}
