/**
 * What the home page lists: the catalogs and datasets the visitor may see (found with the
 * visitor's own access, so a private dataset never reaches someone who may not see it), each
 * dataset with its event count and time span, and which of them are the visitor's own.
 * @module
 */
import type { Payload, PayloadRequest } from 'payload'

import { COLLECTION_NAMES } from '../../constants/collection-names'
import type { DatasetEventStats } from './dataset-summary-text'
import { eventStatsByDataset } from './event-stats'

/** Most datasets the home page lists. */
const MAX_DATASETS = 500

/** A dataset as the home page shows it. */
export interface HomeDataset {
  readonly id: number
  readonly name: string
  readonly description: string | null
  /** Whether anyone may see it (it and its catalog are public). */
  readonly isPublic: boolean
  /** Whether the visitor owns it or its catalog. */
  readonly isOwn: boolean
  readonly stats: DatasetEventStats
}

/** A catalog with the datasets in it the visitor may see. */
export interface HomeCatalog {
  /** Null for datasets without a catalog. */
  readonly id: number | null
  readonly name: string
  readonly description: string | null
  readonly isPublic: boolean
  readonly datasets: readonly HomeDataset[]
}

interface CatalogRef {
  readonly id: number
  readonly name?: string | null
  readonly description?: string | null
  readonly isPublic?: boolean | null
  readonly owner?: unknown
}

const NO_EVENTS: DatasetEventStats = { count: 0, firstMs: null, lastMs: null }

function idOf(value: unknown): number | null {
  if (typeof value === 'number') return value
  if (typeof value === 'object' && value !== null && 'id' in value) return Number(value.id)
  return null
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null
}

/**
 * The visitor's catalogs with their datasets and event stats, by catalog name then dataset name.
 * @param user - the signed-in user, or null for an anonymous visitor
 * @example await homeCatalogs(payload, null) // [{ id: 1, name: 'Elections', datasets: [{ name: 'Campaign rallies', stats: { count: 1200, ... } }] }]
 */
export async function homeCatalogs(payload: Payload, user: PayloadRequest['user']): Promise<HomeCatalog[]> {
  const { docs } = await payload.find({
    collection: COLLECTION_NAMES.DATASETS,
    user,
    overrideAccess: false,
    depth: 1,
    limit: MAX_DATASETS,
    sort: 'name',
    select: { name: true, description: true, catalog: true, isPublic: true, owner: true },
  })
  const stats = await eventStatsByDataset(
    payload,
    docs.map((doc) => Number(doc.id)),
  )
  const userId = user ? Number(user.id) : null
  const catalogs = new Map<number | null, { catalog: CatalogRef | null; datasets: HomeDataset[] }>()
  for (const doc of docs) {
    const catalog = typeof doc.catalog === 'object' && doc.catalog !== null ? (doc.catalog as CatalogRef) : null
    const catalogId = catalog?.id ?? null
    let entry = catalogs.get(catalogId)
    if (!entry) {
      entry = { catalog, datasets: [] }
      catalogs.set(catalogId, entry)
    }
    const id = Number(doc.id)
    entry.datasets.push({
      id,
      name: String(doc.name),
      description: textOf(doc.description),
      isPublic: doc.isPublic === true && catalog?.isPublic === true,
      isOwn: userId !== null && (idOf(doc.owner) === userId || idOf(catalog?.owner) === userId),
      stats: stats.get(id) ?? NO_EVENTS,
    })
  }
  return [...catalogs.values()]
    .map(({ catalog, datasets }) => ({
      id: catalog?.id ?? null,
      name: catalog?.name ?? 'Without a catalog',
      description: textOf(catalog?.description),
      isPublic: catalog?.isPublic === true,
      datasets,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))
}
