/**
 * Seeding tools: fill catalogs, datasets, events, import files, import jobs, main menu, pages and
 * users with demo data. Idempotent: each seeder finds what it made before and adds only what is
 * missing; `reset` removes what the seed made (and nothing else) first.
 * @module
 */
import type { Payload } from 'payload'

import { resolveSeedConfiguration } from './configuration'
import { resetCatalogs, seedCatalogs } from './seeders/catalogs'
import type { SeedContext, SeederResult } from './seeders/context'
import { resetDatasets, seedDatasets } from './seeders/datasets'
import { resetEvents, seedEvents } from './seeders/events'
import { resetImportFiles, seedImportFiles } from './seeders/import-files'
import { resetImportJobs, seedImportJobs } from './seeders/import-jobs'
import { resetMainMenu, seedMainMenu } from './seeders/main-menu'
import { resetPages, seedPages } from './seeders/pages'
import { resetUsers, seedUsers } from './seeders/users'
import type { SeedCollection, SeedOptions, SeedSummary } from './types'

export * from './configuration'
export * from './types'

interface Seeder {
  readonly seed: (context: SeedContext) => Promise<SeederResult>
  readonly reset: (context: SeedContext) => Promise<void>
}

/** Each collection's seeder and reset, listed in dependency order. */
export const SEEDERS: Readonly<Record<SeedCollection, Seeder>> = {
  users: { seed: seedUsers, reset: resetUsers },
  catalogs: { seed: seedCatalogs, reset: resetCatalogs },
  datasets: { seed: seedDatasets, reset: resetDatasets },
  events: { seed: seedEvents, reset: resetEvents },
  'import-files': { seed: seedImportFiles, reset: resetImportFiles },
  'import-jobs': { seed: seedImportJobs, reset: resetImportJobs },
  pages: { seed: seedPages, reset: resetPages },
  'main-menu': { seed: seedMainMenu, reset: resetMainMenu },
}

/**
 * Seeds the selected collections.
 * @example await seed(payload, { environment: 'test', collections: ['users'] }) // { users: { created: 3, existing: 0 } }
 */
export async function seed(payload: Payload, options: SeedOptions = {}): Promise<SeedSummary> {
  const config = resolveSeedConfiguration(options)
  const context: SeedContext = { payload, config }
  if (config.reset) {
    for (const collection of [...config.collections].reverse()) await SEEDERS[collection].reset(context)
  }
  const summary: SeedSummary = {}
  for (const collection of config.collections) {
    summary[collection] = await SEEDERS[collection].seed(context)
  }
  return summary
}
