/**
 * The size of a value as UTF-8 JSON, the form it is stored and answered in.
 * @example jsonBytes({ a: 'é' }) // 10
 */
export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? 'null', 'utf8')
}

/** The ellipsis that ends a shortened text, so a reader sees it was cut. */
export const CUT_MARK = '…'

/**
 * A text cut (with a trailing `…`) so that it takes at most `maxBytes` as UTF-8 JSON, quotes and
 * escapes included; texts that fit are returned unchanged. Never splits a surrogate pair.
 * @example shortenText('abcdefgh', 8) // 'abc…' (8 bytes with its quotes)
 */
export function shortenText(text: string, maxBytes: number): string {
  if (jsonBytes(text) <= maxBytes) return text
  // The room for the kept text's JSON, quotes included; the mark goes inside the same quotes.
  const room = maxBytes - Buffer.byteLength(CUT_MARK, 'utf8')
  if (room <= 2) return ''
  // Each UTF-16 unit takes 1..6 bytes in JSON: start from the most that could fit and shrink.
  let length = Math.min(text.length, room - 2)
  let cut = text.slice(0, length)
  while (length > 0) {
    const size = jsonBytes(cut)
    if (size <= room) break
    length = Math.max(0, Math.min(length - 1, Math.floor((length * (room - 2)) / (size - 2))))
    cut = text.slice(0, length)
  }
  const last = cut.charCodeAt(cut.length - 1)
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1)
  return cut + CUT_MARK
}
