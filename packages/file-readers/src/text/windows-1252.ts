/** The characters windows-1252 puts at 0x80–0x9F, where it differs from Latin-1 (WHATWG mapping). */
const C1_RANGE =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178'

/**
 * The windows-1252 character of every byte value, as the WHATWG Encoding Standard maps it
 * (undefined bytes such as 0x81 map to the C1 control of the same value). Built by hand: Node's
 * `TextDecoder('windows-1252')` decodes as plain Latin-1, which is wrong for 0x80–0x9F.
 * @example WINDOWS_1252_CHARACTERS[0x80] // '€'
 */
export const WINDOWS_1252_CHARACTERS: readonly string[] = Object.freeze(
  Array.from({ length: 256 }, (_, byte) =>
    byte >= 0x80 && byte <= 0x9f ? C1_RANGE[byte - 0x80]! : String.fromCharCode(byte),
  ),
)

const C1_PATTERN = /[\u0080-\u009f]/g

/**
 * Decodes windows-1252 bytes (a single-byte encoding, so chunks can be decoded independently).
 * @example decodeWindows1252(new Uint8Array([0x93, 0x61, 0x94])) // '“a”'
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  return latin1.replace(C1_PATTERN, (char) => C1_RANGE[char.charCodeAt(0) - 0x80]!)
}
