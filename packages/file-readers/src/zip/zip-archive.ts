import { basename } from 'node:path'

import yauzl from 'yauzl'

import { MalformedFile, ZipBombDetected } from '../errors'
import { DEFAULT_READ_LIMITS } from '../limits'
import type { ReadLimits } from '../types'

/** Entries above this size are checked against the compression-ratio limit. */
const RATIO_CHECK_MIN_BYTES = 10 * 1024 * 1024

/** The size facts of a zip entry, from the central directory. */
export interface ZipEntryInfo {
  /** Path inside the archive, e.g. `xl/workbook.xml`. */
  name: string
  /** Bytes stored in the archive. */
  compressedSize: number
  /** Bytes the entry declares it inflates to. */
  uncompressedSize: number
}

function describeZipError(path: string, error: unknown): MalformedFile {
  const detail = error instanceof Error ? error.message : String(error)
  return new MalformedFile(
    `${path} is not a complete zip archive (truncated or corrupt?): ${detail}`,
    {},
    { cause: error },
  )
}

/**
 * Throws {@link ZipBombDetected} when an entry declares more than the limits allow.
 * @example checkDeclaredSize({ name: 'a.xml', compressedSize: 10, uncompressedSize: 2 ** 32 }, limits) // throws
 */
export function checkDeclaredSize(entry: ZipEntryInfo, limits: ReadLimits): void {
  if (entry.uncompressedSize > limits.maxUncompressedBytes) {
    throw new ZipBombDetected(
      `${entry.name} declares ${entry.uncompressedSize} bytes uncompressed; the limit is ${limits.maxUncompressedBytes}`,
    )
  }
  checkRatio(entry.name, entry.uncompressedSize, entry.compressedSize, limits, 'declares')
}

function checkRatio(name: string, inflated: number, compressed: number, limits: ReadLimits, verb: string): void {
  if (inflated <= RATIO_CHECK_MIN_BYTES) return
  const ratio = inflated / Math.max(compressed, 1)
  if (ratio > limits.maxCompressionRatio) {
    throw new ZipBombDetected(
      `${name} ${verb} ${inflated} bytes from ${compressed} compressed (ratio ${Math.round(ratio)}); the limit is ${limits.maxCompressionRatio}`,
    )
  }
}

/**
 * A zip archive (XLSX, ODS) opened by its central directory, whose entries are inflated as
 * streams while counting bytes, so a decompression bomb is stopped before it fills memory.
 */
export class ZipArchive {
  private constructor(
    private readonly path: string,
    private readonly zipFile: yauzl.ZipFile,
    private readonly entries: Map<string, yauzl.Entry>,
  ) {}

  /**
   * Opens the archive and reads its central directory.
   * @throws {@link MalformedFile} when the archive is truncated or corrupt; {@link ZipBombDetected}
   * when it has more than `limits.maxZipEntries` entries (checked before reading any)
   * @example (await ZipArchive.open('events.xlsx')).has('xl/workbook.xml') // true
   */
  static async open(
    path: string,
    limits: Pick<ReadLimits, 'maxZipEntries'> = DEFAULT_READ_LIMITS,
  ): Promise<ZipArchive> {
    const zipFile = await new Promise<yauzl.ZipFile>((resolve, reject) => {
      yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, opened) => {
        if (error !== null) reject(describeZipError(path, error))
        else resolve(opened)
      })
    })
    // The count comes from the end-of-central-directory record: a directory of millions of tiny
    // entries is refused before one of them is held in memory.
    if (zipFile.entryCount > limits.maxZipEntries) {
      zipFile.close()
      throw new ZipBombDetected(
        `${basename(path)} has ${zipFile.entryCount} entries; the limit is ${limits.maxZipEntries}`,
      )
    }
    const entries = new Map<string, yauzl.Entry>()
    await new Promise<void>((resolve, reject) => {
      zipFile.on('entry', (entry: yauzl.Entry) => {
        entries.set(entry.fileName, entry)
        zipFile.readEntry()
      })
      zipFile.once('end', () => resolve())
      zipFile.once('error', (error: unknown) => reject(describeZipError(path, error)))
      zipFile.readEntry()
    }).catch((error: unknown) => {
      zipFile.close()
      throw error
    })
    return new ZipArchive(path, zipFile, entries)
  }

  /** The entries' names and sizes, in central-directory order. */
  list(): ZipEntryInfo[] {
    return [...this.entries.values()].map((entry) => ({
      name: entry.fileName,
      compressedSize: entry.compressedSize,
      uncompressedSize: entry.uncompressedSize,
    }))
  }

  /** Whether the archive has an entry with this exact name. */
  has(name: string): boolean {
    return this.entries.has(name)
  }

  /**
   * Streams an entry's inflated bytes, checking declared and actual sizes against the limits.
   * @throws {@link ZipBombDetected} over the limits; {@link MalformedFile} when the entry is missing or corrupt
   */
  async *read(name: string, limits: ReadLimits): AsyncGenerator<Buffer> {
    const entry = this.entries.get(name)
    if (entry === undefined) throw new MalformedFile(`${this.path} has no ${name} entry`)
    const info = { name, compressedSize: entry.compressedSize, uncompressedSize: entry.uncompressedSize }
    checkDeclaredSize(info, limits)
    const stream = await new Promise<NodeJS.ReadableStream & { destroy(): void }>((resolve, reject) => {
      this.zipFile.openReadStream(entry, (error, opened) => {
        if (error !== null) reject(describeZipError(this.path, error))
        else resolve(opened)
      })
    })
    let inflated = 0
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        inflated += chunk.length
        if (inflated > limits.maxUncompressedBytes) {
          throw new ZipBombDetected(`${name} inflates past ${limits.maxUncompressedBytes} bytes, the limit`)
        }
        checkRatio(name, inflated, entry.compressedSize, limits, 'inflates to more than')
        yield chunk
      }
    } catch (error) {
      if (error instanceof ZipBombDetected) throw error
      const message = error instanceof Error ? error.message : String(error)
      // yauzl's own size validation: the entry inflates beyond what it declares.
      if (/too many bytes/i.test(message)) {
        throw new ZipBombDetected(`${name} inflates to more than the ${entry.uncompressedSize} bytes it declares`)
      }
      throw new MalformedFile(`Cannot inflate ${name}: ${message}`, { part: name }, { cause: error })
    } finally {
      stream.destroy()
    }
  }

  /** Closes the file. */
  close(): void {
    this.zipFile.close()
  }
}
