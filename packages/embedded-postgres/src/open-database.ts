/**
 * Starts PGlite on a data folder (or in memory), loads PostGIS and unaccent, and reads the settings
 * every client is told about at startup.
 */
import { mkdir } from 'node:fs/promises'
import { resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { Extensions } from '@electric-sql/pglite'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { DatabaseStartFailed } from './errors'
import type { Logger } from './logger'
import { slimPostgis } from './postgis-bundle'
import { serverParameters } from './startup'
import type { ServerParameters } from './startup'

/**
 * Where and how to open the database.
 * @example { dataDir: './data/postgres', postgis: true }
 */
export interface OpenDatabaseOptions {
  /** Folder for the data files; `memory://` or undefined keeps everything in memory. */
  readonly dataDir?: string
  /** Load PostGIS and run `CREATE EXTENSION IF NOT EXISTS postgis`. */
  readonly postgis: boolean
  /** Further PGlite extensions to load. */
  readonly extensions?: Extensions
  /** PostgreSQL's page cache (`shared_buffers`) in megabytes; default {@link DEFAULT_SHARED_BUFFERS_MB}. */
  readonly sharedBuffersMb?: number
}

/**
 * The embedded database's page cache, in megabytes. PostgreSQL's own default, 128 MB, is memory
 * the WebAssembly instance takes and never gives back; the pages it would keep are in the
 * operating system's file cache anyway, one system call away.
 */
export const DEFAULT_SHARED_BUFFERS_MB = 32

/**
 * A running PGlite and what clients are told about it.
 * @example (await openDatabase({ postgis: false }, silentLogger)).dataDir // 'memory://'
 */
export interface OpenedDatabase {
  readonly db: PGlite
  readonly serverParameters: ServerParameters
  /** Absolute data folder, or `memory://`. */
  readonly dataDir: string
}

/**
 * Opens the database, creating the data folder when missing.
 * @throws {@link DatabaseStartFailed} naming the folder and the cause
 * @example (await openDatabase({ dataDir: './data/db', postgis: true }, logger)).serverParameters.server_version // '18.3'
 */
export async function openDatabase(options: OpenDatabaseOptions, logger: Logger): Promise<OpenedDatabase> {
  const dataDir = resolveDataDir(options.dataDir)
  const startedMs = Date.now()
  let db: PGlite | undefined
  try {
    if (!dataDir.includes('://')) await mkdir(dataDir, { recursive: true })
    // unaccent: the events' full-text search folds accents ("greve" finds "Grève"), as on PostgreSQL.
    const extensions: Extensions = {
      unaccent,
      ...(options.postgis ? { postgis: slimPostgis(logger) } : {}),
      ...options.extensions,
    }
    db = await PGlite.create(dataDir, { extensions, startParams: startParameters(options) })
    if (options.postgis) await db.exec('CREATE EXTENSION IF NOT EXISTS postgis')
    const version = await db.query<{ server_version: string }>('SHOW server_version')
    const timeZone = await db.query<{ TimeZone: string }>('SHOW TimeZone')
    const parameters = serverParameters({
      serverVersion: version.rows[0]?.server_version ?? '',
      timeZone: timeZone.rows[0]?.TimeZone ?? 'UTC',
    })
    logger.info('embedded database opened', { dataDir, postgis: options.postgis, elapsedMs: Date.now() - startedMs })
    return { db, serverParameters: parameters, dataDir }
  } catch (error) {
    await db?.close().catch(() => undefined)
    throw new DatabaseStartFailed(dataDir, error)
  }
}

/**
 * PGlite's start parameters with the memory settings added; `wal_buffers` follows `shared_buffers`
 * (1/32 of it), as on PostgreSQL.
 * @example startParameters({ postgis: true }).slice(-2) // ['-c', 'shared_buffers=32MB']
 */
export function startParameters(options: Pick<OpenDatabaseOptions, 'sharedBuffersMb'>): string[] {
  const sharedBuffersMb = options.sharedBuffersMb ?? DEFAULT_SHARED_BUFFERS_MB
  if (!Number.isInteger(sharedBuffersMb) || sharedBuffersMb < 1)
    throw new RangeError(`sharedBuffersMb must be a whole number of megabytes, 1 or more; got ${sharedBuffersMb}`)
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`]
}

/**
 * Turns the `dataDir` option into what PGlite expects: an absolute folder or a `scheme://` URL.
 * @example resolveDataDir(undefined) // 'memory://'
 * @example resolveDataDir('data/db') // '/current/dir/data/db'
 */
export function resolveDataDir(dataDir: string | undefined): string {
  if (dataDir === undefined || dataDir === '' || dataDir === 'memory://') return 'memory://'
  if (dataDir.includes('://')) return dataDir
  return resolve(dataDir)
}
