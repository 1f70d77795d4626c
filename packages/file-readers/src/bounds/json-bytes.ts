/**
 * The size of a value as UTF-8 JSON, the form it is stored and answered in.
 * @example jsonBytes({ a: 'é' }) // 10
 */
export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? 'null', 'utf8')
}

/**
 * A bound that the size of `value` as UTF-8 JSON never exceeds, found without writing the JSON:
 * each UTF-16 unit of a text takes at most 6 bytes (`\u001f`), a number at most 25 (counted as 32).
 * Cheap for the flat records of a row, so sizes are measured exactly only when one might not fit.
 * Returns `Infinity` once the bound passes `limit`, or for values JSON cannot hold as they are.
 * @example jsonBytesAtMost({ a: 'é' }) // 20 (the exact size is 10)
 */
export function jsonBytesAtMost(value: unknown, limit = Infinity): number {
  const bound = boundOf(value, limit, 0)
  return bound > limit ? Infinity : bound
}

// Depth-first, stopping as soon as the running total passes the limit.
function boundOf(value: unknown, limit: number, depth: number): number {
  switch (typeof value) {
    case 'string':
      return 6 * value.length + 2
    case 'number':
      return 32
    case 'boolean':
      return 5
    case 'undefined':
      return 4
    case 'object': {
      if (value === null) return 4
      // Dates, Maps and other objects with their own JSON form: measured exactly by the caller.
      if (
        depth > 32 ||
        (!Array.isArray(value) &&
          Object.getPrototypeOf(value) !== Object.prototype &&
          Object.getPrototypeOf(value) !== null)
      )
        return Infinity
      let total = 2
      if (Array.isArray(value)) {
        for (const item of value) {
          total += boundOf(item, limit, depth + 1) + 1
          if (total > limit) return Infinity
        }
        return total
      }
      for (const key in value) {
        if (!Object.prototype.hasOwnProperty.call(value, key)) continue
        total += 6 * key.length + 4 + boundOf((value as Record<string, unknown>)[key], limit, depth + 1)
        if (total > limit) return Infinity
      }
      return total
    }
    default:
      return Infinity
  }
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
