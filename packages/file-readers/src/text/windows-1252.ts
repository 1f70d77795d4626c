/**
 * The windows-1252 character of every byte value, as the WHATWG Encoding Standard maps it
 * (undefined bytes such as 0x81 map to the C1 control of the same value).
 * @example WINDOWS_1252_CHARACTERS[0xe9] // 'é'
 */
export const WINDOWS_1252_CHARACTERS: readonly string[] = Object.freeze(
  Array.from(new TextDecoder('windows-1252').decode(Uint8Array.from({ length: 256 }, (_, byte) => byte))),
)
