/** How the records of a JSON file are laid out. */
export type JsonLayout = 'array' | 'object' | 'ndjson'

/** What the head of a JSON file reveals. */
export interface JsonHeadScan {
  /** `[` → array, `{` followed by another top-level value → ndjson, else object. */
  layout: JsonLayout
  /** The `type` member of the first top-level object, when its value is a string (GeoJSON). */
  topLevelType?: string
}

function skipWhitespace(text: string, index: number): number {
  while (index < text.length && /\s/.test(text[index]!)) index++
  return index
}

/**
 * Scans the start of a JSON text without parsing it all: is it an array, one object or
 * newline-delimited objects, and what is the first object's top-level `type`? Strings and
 * nesting are respected, so a `"type"` deeper in the document is ignored.
 * @example scanJsonHead('{"type": "FeatureCollection", "features": [') // { layout: 'object', topLevelType: 'FeatureCollection' }
 * @example scanJsonHead('{"a":1}\n{"a":2}\n') // { layout: 'ndjson' }
 */
export function scanJsonHead(text: string): JsonHeadScan {
  let index = skipWhitespace(text, 0)
  if (text[index] === '[') return { layout: 'array' }
  let depth = 0
  let pendingKey: string | undefined
  let topLevelType: string | undefined
  for (; index < text.length; index++) {
    const char = text[index]!
    if (char === '"') {
      let end = index + 1
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1
      if (end >= text.length) break
      if (depth === 1) {
        const value = text.slice(index + 1, end)
        const after = skipWhitespace(text, end + 1)
        if (text[after] === ':') pendingKey = value
        else if (pendingKey === 'type') topLevelType = value
      }
      index = end
    } else if (char === '{' || char === '[') {
      depth++
    } else if (char === '}' || char === ']') {
      depth--
      if (depth === 0) {
        const next = skipWhitespace(text, index + 1)
        const layout = text[next] === '{' ? 'ndjson' : 'object'
        return topLevelType === undefined ? { layout } : { layout, topLevelType }
      }
    } else if (char === ',' && depth === 1) {
      pendingKey = undefined
    }
  }
  return topLevelType === undefined ? { layout: 'object' } : { layout: 'object', topLevelType }
}
