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
import { Transform, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { constants, createGunzip, createGzip } from 'node:zlib'
import type { Extension } from '@electric-sql/pglite'
import { postgis } from '@electric-sql/pglite-postgis'
import type { Logger } from './logger'

// Bump when DROPPED changes, so that an older copy is not reused.
const FILTER_VERSION = 1
const DROPPED = [/postgis_(raster|topology|tiger_geocoder)/, /^share\/postgresql\/contrib\//, /--unpackaged--/]

/**
 * Whether an archive entry is left out of the slim copy.
 * @example isDropped('lib/postgresql/postgis_raster-3.so') // true
 * @example isDropped('lib/postgresql/postgis-3.so') // false
 */
export function isDropped(name: string): boolean {
  return DROPPED.some((pattern) => pattern.test(name))
}

const BLOCK = 512

function readSize(header: Buffer): number {
  const field = header.subarray(124, 136)
  // GNU base-256 for sizes over 8 GB: never in this archive, but read it rather than misparse.
  if ((field[0]! & 0x80) !== 0) return field.subarray(1).reduce((size, byte) => size * 256 + byte, 0)
  const text = field.toString('latin1').replace(/\0.*$/s, '').trim()
  return text === '' ? 0 : Number.parseInt(text, 8)
}

function readName(header: Buffer): string {
  const cString = (from: number, to: number) => header.subarray(from, to).toString('utf8').replace(/\0.*$/s, '')
  const name = cString(0, 100)
  const prefix = header.subarray(257, 262).toString('latin1') === 'ustar' ? cString(345, 500) : ''
  return prefix ? `${prefix}/${name}` : name
}

/** The name a held GNU long-name ('L') or pax ('x') entry gives the entry after it. */
function heldName(held: readonly Buffer[]): string | undefined {
  const type = held[0] === undefined ? '' : String.fromCharCode(held[0][156]!)
  const data = Buffer.concat(held.slice(1)).toString('utf8')
  if (type === 'L') return data.replace(/\0.*$/s, '')
  if (type === 'x') return /(?:^|\n)\d+ path=([^\n]*)\n/.exec(data)?.[1]
  return undefined
}

/**
 * Copies a tar stream, leaving out the entries `drop` names. A GNU long name or a pax header goes
 * (or stays) with the entry after it.
 */
export class TarFilter extends Transform {
  private buffered = Buffer.alloc(0)
  /** Bytes (data and padding) of the current entry still to come, and whether they are kept. */
  private remaining = 0
  private keep = true
  /** Long-name and pax entries waiting for the entry they describe. */
  private held: Buffer[] = []
  private holding = false
  private longName: string | undefined

  private readonly isDropped: (name: string) => boolean

  constructor(isDropped: (name: string) => boolean) {
    super()
    this.isDropped = isDropped
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let data = this.buffered.length > 0 ? Buffer.concat([this.buffered, chunk]) : chunk
    this.buffered = Buffer.alloc(0)
    while (data.length > 0) {
      if (this.remaining > 0) {
        const part = data.subarray(0, Math.min(this.remaining, data.length))
        this.remaining -= part.length
        if (this.holding) this.held.push(Buffer.from(part))
        else if (this.keep) this.push(part)
        data = data.subarray(part.length)
        continue
      }
      if (data.length < BLOCK) {
        this.buffered = Buffer.from(data)
        break
      }
      this.header(data.subarray(0, BLOCK))
      data = data.subarray(BLOCK)
    }
    done()
  }

  override _flush(done: TransformCallback): void {
    if (this.buffered.length > 0) this.push(this.buffered)
    done()
  }

  private header(header: Buffer): void {
    if (this.holding) this.longName = heldName(this.held) ?? this.longName
    const size = readSize(header)
    this.remaining = Math.ceil(size / BLOCK) * BLOCK
    if (header.every((byte) => byte === 0)) {
      this.push(Buffer.from(header))
      this.holding = false
      this.keep = true
      return
    }
    const type = String.fromCharCode(header[156]!)
    if (type === 'L' || type === 'K' || type === 'x') {
      if (!this.holding) {
        this.holding = true
        this.held = []
        this.longName = undefined
      }
      this.held.push(Buffer.from(header))
      return
    }
    const name = this.longName ?? readName(header)
    this.keep = !this.isDropped(name)
    if (this.keep) {
      for (const part of this.held) this.push(part)
      this.push(Buffer.from(header))
    }
    this.held = []
    this.holding = false
    this.longName = undefined
  }
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
 * Writes (once) the slim copy of the PostGIS archive at `source` and returns its path.
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
    await pipeline(
      createReadStream(source),
      createGunzip(),
      new TarFilter(isDropped),
      createGzip({ level: constants.Z_BEST_SPEED }),
      createWriteStream(partial),
    )
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
