/**
 * How helper processes (`npm run worker`, `npm run seed`, `npm run migrate`) find the database:
 * `DATABASE_URL`, or the embedded database a running `npm start` serves, which it records in the
 * data folder. Loads no database code itself.
 * @module
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** Another Chronotope process already serves this data folder's embedded database. */
export class DataFolderInUse extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is already in use by process ${pid}. Stop that Chronotope first, or set CHRONOTOPE_DATA_DIR to another folder.`,
    )
    this.name = 'DataFolderInUse'
  }
}

/** Where a running embedded database listens, and which process serves it. */
export interface RuntimeFile {
  readonly url: string
  readonly pid: number
}

/** The file in which a running launcher records its embedded database. */
export function runtimeFilePath(dataDir: string): string {
  return path.join(dataDir, 'embedded-database.json')
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The running embedded database of a data folder, if a live process serves it. */
export function findRunningEmbeddedDatabase(dataDir: string): RuntimeFile | undefined {
  const file = runtimeFilePath(dataDir)
  if (!existsSync(file)) return undefined
  try {
    const runtime = JSON.parse(readFileSync(file, 'utf8')) as RuntimeFile
    return isProcessAlive(runtime.pid) ? runtime : undefined
  } catch {
    return undefined
  }
}

/** The database this process uses, and whether it is the embedded one. */
export interface ResolvedDatabase {
  readonly url: string
  readonly kind: 'embedded' | 'external'
}

/**
 * The database of this process: `DATABASE_URL` (with the kind the launcher declared), else the
 * embedded database a running `npm start` serves for the data folder, else none.
 * @example resolveDatabase({ databaseUrl: undefined, databaseKind: 'external', dataDir: './data' }) // { url: 'postgres://…:41234/postgres', kind: 'embedded' } while npm start runs
 */
export function resolveDatabase(settings: {
  databaseUrl: string | undefined
  databaseKind: 'embedded' | 'external'
  dataDir: string
}): ResolvedDatabase | undefined {
  if (settings.databaseUrl) return { url: settings.databaseUrl, kind: settings.databaseKind }
  const running = findRunningEmbeddedDatabase(settings.dataDir)
  return running ? { url: running.url, kind: 'embedded' } : undefined
}
