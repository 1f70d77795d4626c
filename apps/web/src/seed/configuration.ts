import {
  SEEDABLE_COLLECTIONS,
  type EnvironmentConfig,
  type RelationshipConfig,
  type SeedCollection,
  type SeedConfiguration,
  type SeedEnvironment,
  type SeedOptions,
} from './types'

/** Defaults of each environment: the demo is large enough to explore, tests stay fast. */
export const ENVIRONMENT_DEFAULTS: Readonly<Record<SeedEnvironment, EnvironmentConfig>> = {
  demo: { environment: 'demo', generator: { eventCount: 6_000, randomSeed: 20_240_101 } },
  development: { environment: 'development', generator: { eventCount: 2_000, randomSeed: 1 } },
  test: { environment: 'test', generator: { eventCount: 120, randomSeed: 7 } },
}

/**
 * The links of each seedable collection's documents to other seeded ones. SEEDABLE_COLLECTIONS
 * lists every collection after those it links to.
 */
export const SEED_RELATIONSHIPS: Readonly<Record<SeedCollection, readonly RelationshipConfig[]>> = {
  users: [],
  catalogs: [{ field: 'owner', collection: 'users', required: false }],
  datasets: [
    { field: 'catalog', collection: 'catalogs', required: true },
    { field: 'owner', collection: 'users', required: false },
  ],
  events: [{ field: 'dataset', collection: 'datasets', required: true }],
  'import-files': [
    { field: 'catalog', collection: 'catalogs', required: true },
    { field: 'owner', collection: 'users', required: false },
  ],
  'import-jobs': [
    { field: 'importFile', collection: 'import-files', required: true },
    { field: 'dataset', collection: 'datasets', required: false },
  ],
  pages: [],
  'main-menu': [{ field: 'items.page', collection: 'pages', required: false }],
}

/**
 * The collections a collection's seeder cannot do without, directly or through others, in
 * dependency order.
 * @example requiredCollections('import-jobs') // ['catalogs', 'import-files']
 */
export function requiredCollections(collection: SeedCollection): SeedCollection[] {
  const needed = new Set<SeedCollection>()
  const visit = (current: SeedCollection) => {
    for (const link of SEED_RELATIONSHIPS[current]) {
      if (!link.required || needed.has(link.collection)) continue
      needed.add(link.collection)
      visit(link.collection)
    }
  }
  visit(collection)
  return SEEDABLE_COLLECTIONS.filter((name) => needed.has(name))
}

/** A seed option had a value the seeding tools cannot use. */
export class InvalidSeedOption extends Error {
  constructor(option: string, value: unknown, expected: string) {
    super(`Seed option ${option} must be ${expected}; got ${JSON.stringify(value)}`)
    this.name = 'InvalidSeedOption'
  }
}

/**
 * Completes seed options with the environment's defaults and validates them.
 * @throws {@link InvalidSeedOption} naming the option, the value and what it should be
 * @example resolveSeedConfiguration({ environment: 'test' }).generator.eventCount // 120
 */
export function resolveSeedConfiguration(options: SeedOptions = {}): SeedConfiguration {
  const environment = options.environment ?? 'development'
  const defaults = ENVIRONMENT_DEFAULTS[environment]
  if (!defaults) throw new InvalidSeedOption('environment', environment, 'development, test or demo')
  const collections = options.collections?.length ? options.collections : SEEDABLE_COLLECTIONS
  for (const collection of collections) {
    if (!(SEEDABLE_COLLECTIONS as readonly string[]).includes(collection)) {
      throw new InvalidSeedOption('collections', collection, `one of ${SEEDABLE_COLLECTIONS.join(', ')}`)
    }
  }
  const eventCount = options.generator?.eventCount ?? defaults.generator.eventCount
  if (!Number.isInteger(eventCount) || eventCount < 0 || eventCount > 5_000_000) {
    throw new InvalidSeedOption('eventCount', eventCount, 'an integer from 0 to 5,000,000')
  }
  const randomSeed = options.generator?.randomSeed ?? defaults.generator.randomSeed
  if (!Number.isInteger(randomSeed)) throw new InvalidSeedOption('randomSeed', randomSeed, 'an integer')
  return {
    environment,
    collections: SEEDABLE_COLLECTIONS.filter((name: SeedCollection) => collections.includes(name)),
    generator: { eventCount, randomSeed },
    reset: options.reset ?? false,
  }
}
