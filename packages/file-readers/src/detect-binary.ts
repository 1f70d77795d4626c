/** Magic numbers of common non-importable files, and what to call them in an error. */
const SIGNATURES: readonly [bytes: readonly number[], looksLike: string][] = [
  [[0x25, 0x50, 0x44, 0x46], 'looks like a PDF document'],
  [[0x89, 0x50, 0x4e, 0x47], 'looks like a PNG image'],
  [[0xff, 0xd8, 0xff], 'looks like a JPEG image'],
  [[0x47, 0x49, 0x46, 0x38], 'looks like a GIF image'],
  [[0x1f, 0x8b], 'looks like a gzip archive (decompress it first)'],
  [[0x42, 0x5a, 0x68], 'looks like a bzip2 archive (decompress it first)'],
  [[0x37, 0x7a, 0xbc, 0xaf], 'looks like a 7-Zip archive'],
  [[0x52, 0x61, 0x72, 0x21], 'looks like a RAR archive'],
  [[0x7f, 0x45, 0x4c, 0x46], 'looks like an executable program'],
  [[0x53, 0x51, 0x4c, 0x69, 0x74, 0x65, 0x20, 0x66], 'looks like an SQLite database'],
  [[0x50, 0x4b, 0x05, 0x06], 'is an empty zip archive'],
]

/**
 * Names the kind of file when the head starts with a known non-importable signature.
 * @example knownBinaryKind(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])) // 'looks like a PDF document'
 */
export function knownBinaryKind(head: Uint8Array): string | undefined {
  for (const [bytes, looksLike] of SIGNATURES) {
    if (bytes.every((byte, index) => head[index] === byte)) return looksLike
  }
  return undefined
}

/**
 * Whether single-byte text is really binary: NUL bytes or many control characters (other than
 * tab, newline, form feed and carriage return). More than 1 in 50 such bytes is binary.
 * @example isBinary(new Uint8Array([0x61, 0x00, 0x01, 0x02])) // true
 */
export function isBinary(head: Uint8Array): boolean {
  let suspicious = 0
  let nuls = 0
  for (const byte of head) {
    if (byte === 0) nuls++
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) suspicious++
  }
  return nuls * 200 > head.length || suspicious * 50 > head.length
}
