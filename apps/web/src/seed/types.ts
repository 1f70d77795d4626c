/**
 * Types of the seeding tools: what can be seeded, in which environment, with which generator.
 * @module
 */

/** The collections (and the main-menu global) the seeding tools can fill, in dependency order. */
export const SEEDABLE_COLLECTIONS = [
  'users',
  'catalogs',
  'datasets',
  'events',
  'import-files',
  'import-jobs',
  'pages',
  'main-menu',
] as const

/** One seedable collection. */
export type SeedCollection = (typeof SEEDABLE_COLLECTIONS)[number]

/**
 * How documents of one seeded collection point at another's: the field holding the link, the
 * collection it points at, and whether the seeder cannot do without it (a dataset needs its
 * catalog; a catalog's owner may be missing).
 * @example { field: 'catalog', collection: 'catalogs', required: true }
 */
export interface RelationshipConfig {
  readonly field: string
  readonly collection: SeedCollection
  readonly required: boolean
}

/** Where the seed is meant for: `demo` is the full showcase, `test` the smallest useful set. */
export type SeedEnvironment = 'development' | 'test' | 'demo'

/** How generated data is made. */
export interface GeneratorConfig {
  /** Total events across all datasets. */
  readonly eventCount: number
  /** Seed of the random generator; the same seed gives the same data. */
  readonly randomSeed: number
}

/** Per-environment defaults. */
export interface EnvironmentConfig {
  readonly environment: SeedEnvironment
  readonly generator: GeneratorConfig
}

/** Which collections to seed. */
export interface CollectionSeedConfig {
  readonly collections: readonly SeedCollection[]
}

/** What `npm run seed` takes: every part optional, defaults from the environment. */
export interface SeedOptions {
  readonly collections?: readonly SeedCollection[]
  readonly environment?: SeedEnvironment
  readonly generator?: Partial<GeneratorConfig>
  /** Delete what the seed created before (and only that) and seed again. */
  readonly reset?: boolean
}

/** The complete seed configuration, after defaults: collection, environment and generator config. */
export interface SeedConfiguration extends CollectionSeedConfig, EnvironmentConfig {
  readonly reset: boolean
}

/** How many documents each seeder created and found already there. */
export type SeedSummary = Partial<Record<SeedCollection, { created: number; existing: number }>>
