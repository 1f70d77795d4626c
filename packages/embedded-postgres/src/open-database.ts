/**
 * Starts PGlite on a data folder (or in memory), loads PostGIS and unaccent, and reads the settings
 * every client is told about at startup.
 */
import { mkdir } from 'node:fs/promises'
import { resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { Extensions } from '@electric-sql/pglite'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { postgis } from '@electric-sql/pglite-postgis'
import { DatabaseStartFailed } from './errors'
import type { Logger } from './logger'
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
}

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
    const extensions: Extensions = { unaccent, ...(options.postgis ? { postgis } : {}), ...options.extensions }
    db = await PGlite.create(dataDir, { extensions })
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
 * Turns the `dataDir` option into what PGlite expects: an absolute folder or a `scheme://` URL.
 * @example resolveDataDir(undefined) // 'memory://'
 * @example resolveDataDir('data/db') // '/current/dir/data/db'
 */
export function resolveDataDir(dataDir: string | undefined): string {
  if (dataDir === undefined || dataDir === '' || dataDir === 'memory://') return 'memory://'
  if (dataDir.includes('://')) return dataDir
  return resolve(dataDir)
}
