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
    super(`The embedded database in ${dataDir} is already in use by process ${pid}. Stop that Chronotope first, or set CHRONOTOPE_DATA_DIR to another folder.`)
    this.name = 'DataFolderInUse'
  }
}

/** No embedded database is running and no DATABASE_URL is set. */
export class NoDatabaseRunning extends Error {
  constructor(dataDir: string) {
    super(`No database to connect to: DATABASE_URL is not set and no embedded database is running for ${dataDir}. Start Chronotope with \`npm start\` first, or set DATABASE_URL.`)
    this.name = 'NoDatabaseRunning'
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

/**
 * The database a helper process (worker, seed, migrate) should use: `DATABASE_URL`, else the
 * embedded database a running `npm start` serves.
 * @throws {@link NoDatabaseRunning} when there is neither
 */
export function attachToDatabase(databaseUrl: string | undefined, dataDir: string): Record<string, string> {
  if (databaseUrl) return { DATABASE_URL: databaseUrl }
  const running = findRunningEmbeddedDatabase(dataDir)
  if (!running) throw new NoDatabaseRunning(dataDir)
  return { DATABASE_URL: running.url, CHRONOTOPE_DATABASE_KIND: 'embedded' }
}

