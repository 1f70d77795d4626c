import { crc32, deflateRawSync } from 'node:zlib'

/** One entry of a hand-built zip. */
export interface ZipEntrySpec {
  /** Path inside the archive. */
  name: string
  /** Content (deflated unless `isStored`). */
  data: Uint8Array | string
  /** Store without compression (as ODS requires for `mimetype`). */
  isStored?: boolean
  /** Lie about the uncompressed size in the headers (to build bombs). */
  declaredSize?: number
  /** Already-deflated bytes to store as the entry's compressed data (with `declaredSize`). */
  deflated?: Uint8Array
}

/**
 * Builds a zip archive in memory with exact control over headers, so tests can craft
 * decompression bombs (a declared size of 4 GB, or a lying small one).
 * @example buildZip([{ name: 'mimetype', data: 'application/vnd.oasis.opendocument.spreadsheet', isStored: true }])
 */
export function buildZip(entries: readonly ZipEntrySpec[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const raw = typeof entry.data === 'string' ? Buffer.from(entry.data) : Buffer.from(entry.data)
    const compressed =
      entry.deflated !== undefined ? Buffer.from(entry.deflated) : entry.isStored === true ? raw : deflateRawSync(raw)
    const method = entry.isStored === true ? 0 : 8
    const size = entry.declaredSize ?? raw.length
    const name = Buffer.from(entry.name)
    const crc = crc32(raw)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0x0800, 6)
    local.writeUInt16LE(method, 8)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(compressed.length, 18)
    local.writeUInt32LE(size, 22)
    local.writeUInt16LE(name.length, 26)
    locals.push(local, name, compressed)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0x0800, 8)
    central.writeUInt16LE(method, 10)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(compressed.length, 20)
    central.writeUInt32LE(size, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    centrals.push(central, name)
    offset += 30 + name.length + compressed.length
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(centralSize, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, ...centrals, end])
}
