/**
 * A database of its own for a test run: a uniquely named database on the server given by
 * TEST_DATABASE_URL (or DATABASE_URL), dropped afterwards; or, with neither set, the embedded
 * PostgreSQL + PostGIS in a temporary folder.
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import pg from 'pg'

/** A database created for tests. */
export interface TestDatabase {
  readonly url: string
  readonly kind: 'embedded' | 'external'
  drop(): Promise<void>
}

/** The server the tests should use, if the environment names one. */
export function externalServerUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.TEST_DATABASE_URL?.trim() || env.DATABASE_URL?.trim() || undefined
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

/**
 * Creates a uniquely named database (e.g. `chronotope_test_lx3k2_8f1a`) on `server`, or an
 * embedded one when it is null, and returns its URL. An integration test that wants a database
 * of its own names the server itself: its environment's DATABASE_URL is the run's database, which
 * is embedded (one database only) when the run is.
 */
export async function createTestDatabase(
  prefix = 'chronotope_test',
  server: string | null = externalServerUrl() ?? null,
): Promise<TestDatabase> {
  if (!server) {
    const dataDir = mkdtempSync(path.join(tmpdir(), `${prefix}-`))
    const { startEmbeddedPostgres } = await import('@chronotope/embedded-postgres')
    const embedded = await startEmbeddedPostgres({
      dataDir,
      port: 0,
      lockWaitTimeoutMs: 30_000,
      shareIdleTransactionAfterMs: false,
    })
    return {
      url: embedded.url,
      kind: 'embedded',
      drop: async () => {
        await embedded.stop()
        rmSync(dataDir, { recursive: true, force: true })
      },
    }
  }
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  const admin = new pg.Client({ connectionString: withDatabase(server, 'postgres') })
  await admin.connect()
  try {
    await admin.query(`create database "${name}"`)
  } finally {
    await admin.end()
  }
  return {
    url: withDatabase(server, name),
    kind: 'external',
    drop: async () => {
      const client = new pg.Client({ connectionString: withDatabase(server, 'postgres') })
      await client.connect()
      try {
        await client.query(`drop database if exists "${name}" with (force)`)
      } finally {
        await client.end()
      }
    },
  }
}
