/**
 * One cell as the file readers deliver it: CSV gives strings; spreadsheets give numbers, booleans
 * and date cells as ISO strings; a missing cell is `null`.
 */
export type CellValue = string | number | boolean | null

/** One row as the file readers deliver it, keyed by header. */
export type Row = Readonly<Record<string, CellValue>>

/**
 * Reads a column from a row as an own property only, so headers such as `toString` or
 * `__proto__` never pick up `Object.prototype` members, and anything that is not a
 * {@link CellValue} (a short row, a stray object) reads as `null`.
 * @example readCell({ city: 'Paris' }, 'city') // 'Paris'
 * @example readCell({}, 'toString') // null
 */
export function readCell(row: Row, column: string): CellValue {
  // Object.prototype holds no strings, numbers or booleans, so the type check alone keeps
  // inherited members out without a slower own-property lookup.
  const value: unknown = row[column]
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return value
    default:
      return null
  }
}

/**
 * The text of a cell as statistics and detection see it: trimmed strings, numbers and booleans
 * in their JavaScript spelling, `null` stays `null`.
 * @example cellToText(' 12 ') // '12'
 * @example cellToText(1.5) // '1.5'
 */
export function cellToText(value: CellValue): string | null {
  if (value === null) return null
  if (typeof value === 'string') return value.trim()
  return String(value)
}
