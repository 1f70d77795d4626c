/**
 * Encodes text as UTF-16 code units in the given byte order, optionally with a BOM (no Buffer
 * encoders, so big-endian is produced the same way as little-endian).
 * @example encodeUtf16('A', 'be', true) // Uint8Array [0xfe, 0xff, 0x00, 0x41]
 */
export function encodeUtf16(text: string, order: 'le' | 'be', withBom: boolean): Uint8Array {
  const units = (withBom ? '\ufeff' : '') + text
  const bytes = new Uint8Array(units.length * 2)
  for (let index = 0; index < units.length; index++) {
    const unit = units.charCodeAt(index)
    const high = unit >> 8
    const low = unit & 0xff
    bytes[index * 2] = order === 'le' ? low : high
    bytes[index * 2 + 1] = order === 'le' ? high : low
  }
  return bytes
}

/**
 * Encodes Latin-1-range text as windows-1252 (one byte per character; characters above U+00FF
 * are not supported by this test helper).
 * @example encodeWindows1252('é') // Uint8Array [0xe9]
 */
export function encodeWindows1252(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => {
    const code = char.charCodeAt(0)
    if (code > 0xff) throw new RangeError(`encodeWindows1252 handles U+0000..U+00FF only; got ${char}`)
    return code
  })
}
