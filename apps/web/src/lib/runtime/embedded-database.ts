/**
 * Starts the embedded PostgreSQL + PostGIS (PGlite served on a local port) when no DATABASE_URL is
 * configured, and records where it listens so helper processes can attach to it.
 * @module
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import { startEmbeddedPostgres } from '@chronotope/embedded-postgres'

import { DataFolderInUse, findRunningEmbeddedDatabase, runtimeFilePath, type RuntimeFile } from './database-attachment'

/**
 * How long a query may wait for the embedded database's single session before it fails with
 * SQLSTATE 55P03 instead of hanging: long enough for any bulk write, short enough to surface a
 * deadlock.
 */
export const EMBEDDED_LOCK_WAIT_TIMEOUT_MS = 60_000

/** The database the app will use: the user's, or the embedded one started here. */
export interface DatabaseConnection {
  /** Connection string for Payload and the tests. */
  readonly url: string
  /** `embedded` when started by Chronotope. */
  readonly kind: 'embedded' | 'external'
  /** Stops the embedded server (flushing its data); a no-op otherwise. */
  stop(): Promise<void>
}

/**
 * Returns the external database when `databaseUrl` is set, otherwise starts the embedded one with
 * its files in `<dataDir>/postgres`.
 * @throws {@link DataFolderInUse} when another live process already serves that folder
 */
export async function connectDatabase(options: {
  databaseUrl: string | undefined
  dataDir: string
  port?: number
  /** The embedded database's `shared_buffers`, in megabytes; the package's default (32) when absent. */
  sharedBuffersMb?: number
  log?: (message: string) => void
}): Promise<DatabaseConnection> {
  if (options.databaseUrl) {
    return { url: options.databaseUrl, kind: 'external', stop: async () => {} }
  }
  const running = findRunningEmbeddedDatabase(options.dataDir)
  if (running) throw new DataFolderInUse(options.dataDir, running.pid)
  const pgDataDir = path.join(options.dataDir, 'postgres')
  mkdirSync(pgDataDir, { recursive: true })
  options.log?.(`Starting the embedded PostgreSQL + PostGIS (data in ${pgDataDir})`)
  const server = await startEmbeddedPostgres({
    dataDir: pgDataDir,
    port: options.port ?? 0,
    sharedBuffersMb: options.sharedBuffersMb,
    lockWaitTimeoutMs: EMBEDDED_LOCK_WAIT_TIMEOUT_MS,
    // Strict: a statement never joins another connection's transaction, whose rollback would
    // silently undo it. Payload runs without transactions here, so nothing waits on one.
    shareIdleTransactionAfterMs: false,
  })
  const runtimeFile = runtimeFilePath(options.dataDir)
  writeFileSync(runtimeFile, JSON.stringify({ url: server.url, pid: process.pid } satisfies RuntimeFile))
  let stopped: Promise<void> | undefined
  const stop = (): Promise<void> => {
    if (!stopped) stopped = server.stop().finally(() => rmSync(runtimeFile, { force: true }))
    return stopped
  }
  return {
    url: server.url,
    kind: 'embedded',
    stop,
  }
}

/** The environment variables that point a child process at a database. */
export function databaseEnvironment(connection: DatabaseConnection): Record<string, string> {
  return { DATABASE_URL: connection.url, CHRONOTOPE_DATABASE_KIND: connection.kind }
}
