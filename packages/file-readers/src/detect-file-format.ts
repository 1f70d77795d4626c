import { open } from 'node:fs/promises'
import { basename } from 'node:path'

import { type FormatEvidence, detectFormat } from './detect-format'
import { resolveLimits } from './limits'
import type { FormatDetectionResult } from './types'
import { ZipArchive } from './zip/zip-archive'

/** Bytes of the head that detection reads. */
export const HEAD_BYTES = 64 * 1024

async function readBytes(path: string, position: number, length: number): Promise<Uint8Array> {
  const handle = await open(path, 'r')
  try {
    const buffer = Buffer.alloc(length)
    const { bytesRead } = await handle.read(buffer, 0, length, position)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

async function readZipEvidence(path: string): Promise<FormatEvidence> {
  const archive = await ZipArchive.open(path)
  try {
    const zipEntryNames = archive.list().map((entry) => entry.name)
    if (!archive.has('mimetype')) return { zipEntryNames }
    let zipMimetype = ''
    for await (const chunk of archive.read('mimetype', resolveLimits({ maxUncompressedBytes: 1024 }))) {
      zipMimetype += chunk.toString('utf8')
    }
    return { zipEntryNames, zipMimetype }
  } finally {
    archive.close()
  }
}

async function readOleEvidence(path: string, head: Uint8Array): Promise<FormatEvidence> {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength)
  if (head.length < 0x34) return {}
  // Header: sector size is 2^(u16 at 0x1E); the first directory sector number is the u32 at 0x30.
  const sectorSize = 2 ** view.getUint16(0x1e, true)
  const directorySector = view.getUint32(0x30, true)
  if (sectorSize > 65536 || directorySector >= 0xfffffffa) return {}
  return { oleDirectory: await readBytes(path, (directorySector + 1) * sectorSize, sectorSize) }
}

/**
 * Detects a file's format from its content: reads the first 64 KiB and, for a zip, its central
 * directory (so a workbook entry stored late is still found), or, for an OLE compound file, its
 * directory. The file name (default: the path's) only breaks ties: a `.csv` that is really XLSX
 * is XLSX.
 * @throws {@link UnsupportedFormat} naming what the file looks like; {@link MalformedFile} for a truncated zip
 * @example await detectFileFormat('/tmp/trump.csv') // { format: 'csv', mimeType: 'text/csv', encoding: 'utf-8', delimiter: ',', ... }
 */
export async function detectFileFormat(
  path: string,
  fileName: string = basename(path),
): Promise<FormatDetectionResult> {
  const head = await readBytes(path, 0, HEAD_BYTES)
  const isZip = head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04
  const isOle = head[0] === 0xd0 && head[1] === 0xcf && head[2] === 0x11 && head[3] === 0xe0
  const evidence = isZip ? await readZipEvidence(path) : isOle ? await readOleEvidence(path, head) : {}
  return detectFormat(head, fileName, evidence)
}
