/**
 * What the explore view knows about the catalogs and datasets the visitor may see: loaded by the
 * page on the server (with the visitor's access) and handed to the client components.
 * @module
 */

/** A dataset the visitor may see. */
export interface ExploreDataset {
  readonly id: number
  readonly name: string
  readonly catalogId: number | null
  /** Whether anyone may see it (it and its catalog are public). */
  readonly isPublic: boolean
}

/** A catalog with the datasets in it the visitor may see. */
export interface ExploreCatalog {
  /** Null for datasets without a catalog. */
  readonly id: number | null
  readonly name: string
  readonly datasets: readonly ExploreDataset[]
}
