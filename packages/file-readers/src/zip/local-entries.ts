/** A zip entry found by its local header in the first bytes of an archive. */
export interface LocalZipEntry {
  /** Path inside the archive. */
  name: string
  /** The entry's text when it is stored uncompressed and complete in the bytes (e.g. `mimetype`). */
  content?: string
}

/**
 * Lists the entries whose local headers (`PK\x03\x04`) appear in the first bytes of a zip, for
 * detecting XLSX/ODS from a head alone.
 * @example readLocalZipEntries(head).map((entry) => entry.name) // ['mimetype', 'content.xml', ...]
 */
export function readLocalZipEntries(head: Uint8Array): LocalZipEntry[] {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength)
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength)
  const signature = Buffer.from([0x50, 0x4b, 0x03, 0x04])
  const entries: LocalZipEntry[] = []
  for (
    let offset = bytes.indexOf(signature);
    offset !== -1 && offset + 30 <= head.length;
    offset = bytes.indexOf(signature, offset + 4)
  ) {
    const method = view.getUint16(offset + 8, true)
    const compressedSize = view.getUint32(offset + 18, true)
    const nameLength = view.getUint16(offset + 26, true)
    const extraLength = view.getUint16(offset + 28, true)
    const nameEnd = offset + 30 + nameLength
    if (nameEnd > head.length) break
    const entry: LocalZipEntry = { name: bytes.toString('utf8', offset + 30, nameEnd) }
    const contentStart = nameEnd + extraLength
    if (method === 0 && compressedSize < 1024 && contentStart + compressedSize <= head.length) {
      entry.content = bytes.toString('utf8', contentStart, contentStart + compressedSize)
    }
    entries.push(entry)
  }
  return entries
}
