/**
 * Which datasets a read touches: those the caller may see (the same rule as the CMS's access
 * control), narrowed by the filter state's catalogs and datasets. A dataset or catalog the caller
 * may not see is "unknown", exactly like one that does not exist, so a 400 never reveals it.
 * @module
 */
import type { FilterState } from '@chronotope/filters'
import type { PayloadRequest } from 'payload'

import { datasetVisibilityWhere } from '../../access/visible-datasets'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { ApiError } from '../api/api-error'
import type { DatasetScope } from './event-conditions'

interface DatasetRow {
  readonly id: number
  readonly catalog: number | { readonly id: number } | null
}

function catalogIdOf(dataset: DatasetRow): number | null {
  if (dataset.catalog === null || dataset.catalog === undefined) return null
  return typeof dataset.catalog === 'object' ? dataset.catalog.id : Number(dataset.catalog)
}

function unknownIds(asked: readonly number[], found: ReadonlySet<number>): number[] {
  return asked.filter((id) => !found.has(id))
}

/**
 * The datasets a read may touch.
 * @throws {@link ApiError} 400 naming `datasets` or `catalogs` when one is unknown to the caller
 * @example await readScope(req, { catalogs: [], datasets: [], fields: {} }) // 'all' for an admin
 */
export async function readScope(req: PayloadRequest, state: FilterState): Promise<DatasetScope> {
  const visibility = datasetVisibilityWhere(req.user)
  if (visibility === true && state.catalogs.length === 0 && state.datasets.length === 0) return 'all'
  const where = visibility === true ? {} : visibility
  const { docs } = await req.payload.find({
    collection: COLLECTION_NAMES.DATASETS,
    where,
    depth: 0,
    limit: 0,
    pagination: false,
    overrideAccess: true,
    select: { catalog: true },
    req,
  })
  const visible = docs as unknown as DatasetRow[]
  let selected = visible
  if (state.datasets.length > 0) {
    const missing = unknownIds(state.datasets, new Set(visible.map((dataset) => Number(dataset.id))))
    if (missing.length > 0) {
      throw new ApiError(
        400,
        'unknown-dataset',
        `datasets: there is no dataset ${missing.join(', ')} you can see`,
        'datasets',
      )
    }
    const wanted = new Set(state.datasets)
    selected = selected.filter((dataset) => wanted.has(Number(dataset.id)))
  }
  if (state.catalogs.length > 0) {
    await requireKnownCatalogs(req, state.catalogs)
    const wanted = new Set(state.catalogs)
    selected = selected.filter((dataset) => {
      const catalog = catalogIdOf(dataset)
      return catalog !== null && wanted.has(catalog)
    })
  }
  return selected.map((dataset) => Number(dataset.id)).sort((a, b) => a - b)
}

async function requireKnownCatalogs(req: PayloadRequest, ids: readonly number[]): Promise<void> {
  const { docs } = await req.payload.find({
    collection: COLLECTION_NAMES.CATALOGS,
    where: { id: { in: [...ids] } },
    depth: 0,
    limit: 0,
    pagination: false,
    overrideAccess: false,
    user: req.user,
    select: {},
    req,
  })
  const missing = unknownIds(ids, new Set(docs.map((catalog) => Number(catalog.id))))
  if (missing.length > 0) {
    throw new ApiError(
      400,
      'unknown-catalog',
      `catalogs: there is no catalog ${missing.join(', ')} you can see`,
      'catalogs',
    )
  }
}
