/**
 * Vitest global setup of the integration tests: creates the run's database, applies the
 * migrations and seeds the `test` data with the app's own scripts (so those are tested too), and
 * drops the database at the end.
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import type { TestProject } from 'vitest/node'

import { runScript } from '../helpers/run-script'
import { createTestDatabase } from './test-database'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string
    databaseKind: 'embedded' | 'external'
    dataDir: string
  }
}

// The integration projects (see vitest.config.ts) share one database when Vitest loads this module
// once for them all; the last one done drops it.
let prepared: Promise<{ database: Awaited<ReturnType<typeof createTestDatabase>>; dataDir: string }> | undefined
let users = 0

async function prepare() {
  const database = await createTestDatabase()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chronotope-test-data-'))
  const env = {
    ...process.env,
    DATABASE_URL: database.url,
    CHRONOTOPE_DATABASE_KIND: database.kind,
    CHRONOTOPE_DATA_DIR: dataDir,
    PAYLOAD_SECRET: 'chronotope-integration-tests',
    CHRONOTOPE_RUN_JOBS_IN_WEB: 'false',
    NODE_ENV: 'test' as const,
  }
  try {
    await runScript('migrate', [], env)
    await runScript('seed', ['--environment', 'test'], env)
  } catch (error) {
    await database.drop()
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  return { database, dataDir }
}

/** Prepares the database and tells the test files where it is. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  prepared ??= prepare()
  const { database, dataDir } = await prepared
  users += 1
  project.provide('databaseUrl', database.url)
  project.provide('databaseKind', database.kind)
  project.provide('dataDir', dataDir)
  return async () => {
    users -= 1
    if (users > 0) return
    prepared = undefined
    await database.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
