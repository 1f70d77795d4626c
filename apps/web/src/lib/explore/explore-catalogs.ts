/**
 * The catalogs and datasets the explore view lists, loaded on the server with the visitor's own
 * access (the CMS's rules), so a private dataset never reaches someone who may not see it.
 * @module
 */
import type { Payload, PayloadRequest } from 'payload'

import type { ExploreCatalog, ExploreDataset } from '../../components/explore/explore-types'
import { COLLECTION_NAMES } from '../../constants/collection-names'

/** Most datasets the tree lists; the read API allows 100 ids per filter. */
const MAX_DATASETS = 500

interface CatalogRef {
  readonly id: number
  readonly name?: string | null
  readonly isPublic?: boolean | null
}

/** The visitor's catalogs with their datasets, by catalog name then dataset name. */
export async function exploreCatalogs(payload: Payload, user: PayloadRequest['user']): Promise<ExploreCatalog[]> {
  const { docs } = await payload.find({
    collection: COLLECTION_NAMES.DATASETS,
    user,
    overrideAccess: false,
    depth: 1,
    limit: MAX_DATASETS,
    sort: 'name',
    select: { name: true, catalog: true, isPublic: true },
  })
  const catalogs = new Map<number | null, { id: number | null; name: string; datasets: ExploreDataset[] }>()
  for (const doc of docs) {
    const catalog = typeof doc.catalog === 'object' && doc.catalog !== null ? (doc.catalog as CatalogRef) : null
    const catalogId = catalog?.id ?? null
    let entry = catalogs.get(catalogId)
    if (!entry) {
      entry = { id: catalogId, name: catalog?.name ?? 'Without a catalog', datasets: [] }
      catalogs.set(catalogId, entry)
    }
    entry.datasets.push({
      id: Number(doc.id),
      name: String(doc.name),
      catalogId,
      isPublic: doc.isPublic === true && catalog?.isPublic === true,
    })
  }
  return [...catalogs.values()].sort((a, b) => a.name.localeCompare(b.name, 'en'))
}
