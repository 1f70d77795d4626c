/**
 * PostGIS without raster, topology and the TIGER geocoder. `@electric-sql/pglite-postgis` ships
 * one archive that PGlite unpacks into its in-memory file system at every start, compiling each
 * `.so` in it: raster and topology alone are 31 MB of WebAssembly nobody here loads, and the
 * archive's legacy scripts 17 MB more. The archive is copied once without them (a few seconds,
 * streamed, cached in `node_modules/.cache/chronotope/`) and PGlite is pointed at the copy, which
 * saves about 130 MB of the process's memory. `CREATE EXTENSION postgis_raster` (or
 * `postgis_topology`) then fails with "extension is not available".
 * @module
 */
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { constants, createGunzip, createGzip } from 'node:zlib'
import type { Extension } from '@electric-sql/pglite'
import { postgis } from '@electric-sql/pglite-postgis'
import { extract as tarExtract, pack as tarPack, type Extract, type Pack } from 'tar-stream'
import type { Logger } from './logger'

// Bump when DROPPED or the way the copy is written changes, so that an older copy is not reused.
const FILTER_VERSION = 2
const DROPPED = [/postgis_(raster|topology|tiger_geocoder)/, /^share\/postgresql\/contrib\//, /--unpackaged--/]

/**
 * Whether an archive entry is left out of the slim copy.
 * @example isDropped('lib/postgresql/postgis_raster-3.so') // true
 * @example isDropped('lib/postgresql/postgis-3.so') // false
 */
export function isDropped(name: string): boolean {
  return DROPPED.some((pattern) => pattern.test(name))
}

/**
 * Thrown when the PostGIS archive is not a whole gzip tar: truncated, corrupt or unreadable.
 * @example new PostgisArchiveUnreadable('/app/node_modules/@electric-sql/pglite-postgis/dist/postgis.tar.gz', new Error('unexpected end of file')).message // 'the PostGIS archive /app/…/postgis.tar.gz could not be read: unexpected end of file; reinstall it with npm ci'
 */
export class PostgisArchiveUnreadable extends Error {
  override readonly name = 'PostgisArchiveUnreadable'
  /** The archive's path. */
  readonly source: string

  constructor(source: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause)
    super(`the PostGIS archive ${source} could not be read: ${reason}; reinstall it with npm ci`, { cause })
    this.source = source
  }
}

/** Copies every entry of `extract` that {@link isDropped} keeps into `pack`, then ends `pack`. */
async function copyKeptEntries(extract: Extract, pack: Pack): Promise<void> {
  for await (const entry of extract) {
    // An entry's data must be read (or discarded) before the archive moves on to the next one.
    if (isDropped(entry.header.name)) {
      entry.resume()
      continue
    }
    // With a callback, pipe reports an error on either side here instead of as an uncaught one.
    await new Promise<void>((resolve, reject) => {
      entry.pipe(pack.entry(entry.header), (error) => (error ? reject(error) : resolve()))
    })
  }
  pack.finalize()
}

/**
 * Writes the slim copy of the gzip tar at `source` to `target`, streamed (the archive is 95 MB
 * unpacked). Rejects with {@link PostgisArchiveUnreadable} when reading failed first, and with the
 * write error otherwise; `target` may then hold part of a copy.
 */
async function writeSlimCopy(source: string, target: string): Promise<void> {
  const extract = tarExtract()
  const pack = tarPack()
  // The first stream to fail says which side broke; the others then fail with its error.
  let failedFirst: 'reading' | 'writing' | undefined
  const onFailure = (side: 'reading' | 'writing') => () => (failedFirst ??= side)
  const input = createReadStream(source).on('error', onFailure('reading'))
  const gunzip = createGunzip().on('error', onFailure('reading'))
  extract.on('error', onFailure('reading'))
  const gzip = createGzip({ level: constants.Z_BEST_SPEED }).on('error', onFailure('writing'))
  const output = createWriteStream(target).on('error', onFailure('writing'))

  const copying = copyKeptEntries(extract, pack).catch((error: unknown) => {
    // Stop both ends, so that no stream waits forever for the other.
    extract.destroy(error as Error)
    pack.destroy(error as Error)
    throw error
  })
  const results = await Promise.allSettled([pipeline(input, gunzip, extract), copying, pipeline(pack, gzip, output)])
  const [, , writing] = results
  if (failedFirst === 'writing' && writing.status === 'rejected') throw writing.reason
  const failure = results.find((result) => result.status === 'rejected')
  if (failure !== undefined) throw new PostgisArchiveUnreadable(source, failure.reason)
}

/**
 * The cache folder of the `node_modules` that holds `source`: written by whoever installed the
 * packages, unlike the system's shared temporary folder, where another user could plant an archive.
 * @throws when `source` is in no `node_modules`
 */
export function cacheFolderFor(source: string): string {
  const parts = path.resolve(source).split(path.sep)
  const index = parts.lastIndexOf('node_modules')
  if (index < 0) throw new Error(`${source} is not inside a node_modules folder`)
  return path.join(parts.slice(0, index + 1).join(path.sep) || path.sep, '.cache', 'chronotope')
}

/** Where the slim copy of `source` is kept: named after its path, size and time, so a new version gets a new copy. */
async function slimPath(source: string): Promise<string> {
  const { size, mtimeMs } = await stat(source)
  const key = createHash('sha256').update(`${source}\0${size}\0${mtimeMs}\0${FILTER_VERSION}`).digest('hex')
  return path.join(cacheFolderFor(source), `postgis-${key.slice(0, 16)}.tar.gz`)
}

/**
 * Writes (once) the slim copy of the PostGIS archive at `source` and returns its path. A failed
 * attempt leaves no file in the cache.
 * @throws {@link PostgisArchiveUnreadable} when `source` is not a whole gzip tar
 * @example await slimPostgisBundle('/…/node_modules/@electric-sql/pglite-postgis/dist/postgis.tar.gz') // '/…/node_modules/.cache/chronotope/postgis-1f2e….tar.gz'
 */
export async function slimPostgisBundle(source: string): Promise<string> {
  const target = await slimPath(source)
  if (
    await stat(target).then(
      (found) => found.size > 0,
      () => false,
    )
  )
    return target
  await mkdir(path.dirname(target), { recursive: true })
  const partial = `${target}.${process.pid}.${Date.now()}.partial`
  try {
    await writeSlimCopy(source, partial)
    // Atomic: a process starting at the same time reads either no copy or a whole one.
    await rename(partial, target)
  } finally {
    await rm(partial, { force: true })
  }
  return target
}

/**
 * The PostGIS extension for `PGlite.create`, loading the slim copy of its archive; the whole one
 * when the copy cannot be written (`node_modules` read-only, as in some containers), with a warning.
 */
export function slimPostgis(logger: Logger): Extension {
  return {
    name: postgis.name,
    setup: async (pg, emscriptenOptions) => {
      const result = await postgis.setup(pg, emscriptenOptions)
      const bundle = result.bundlePath
      if (!bundle || bundle.protocol !== 'file:') return result
      try {
        return { ...result, bundlePath: pathToFileURL(await slimPostgisBundle(fileURLToPath(bundle))) }
      } catch (error) {
        logger.warn('could not write the slim PostGIS archive; loading the whole one', {
          error: error instanceof Error ? error.message : String(error),
        })
        return result
      }
    },
  }
}
