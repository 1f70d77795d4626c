import { TooManyColumns } from '../errors'
import type { CellValue } from '../types'

/** Nesting depth below which objects are flattened; deeper objects are kept as JSON text. */
const MAX_FLATTEN_DEPTH = 5

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function flattenInto(
  values: Record<string, CellValue>,
  prefix: string,
  object: Record<string, unknown>,
  depth: number,
): void {
  for (const key of Object.keys(object)) {
    const value = object[key]
    const path = prefix === '' ? key : `${prefix}.${key}`
    if (isPlainObject(value) && depth < MAX_FLATTEN_DEPTH && Object.keys(value).length > 0) {
      flattenInto(values, path, value, depth + 1)
    } else if (value === null || value === undefined) {
      values[path] = null
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      values[path] = value
    } else {
      values[path] = JSON.stringify(value)
    }
  }
}

/**
 * Flattens a JSON object into cell values: nested objects become dot paths (`address.city`),
 * arrays and objects nested deeper than five levels become JSON text.
 * @throws {@link TooManyColumns} when the record has more than `maxColumns` values
 * @example flattenRecord({ name: 'Rally', address: { city: 'Erie' }, tags: ['a'] }, 2000)
 * // { name: 'Rally', 'address.city': 'Erie', tags: '["a"]' }
 */
export function flattenRecord(
  object: Record<string, unknown>,
  maxColumns: number,
  rowNumber?: number,
): Record<string, CellValue> {
  const values: Record<string, CellValue> = {}
  flattenInto(values, '', object, 1)
  const count = Object.keys(values).length
  if (count > maxColumns) throw new TooManyColumns(count, maxColumns, rowNumber)
  return values
}

/**
 * Whether a parsed JSON value is a plain object (not an array or null).
 * @example isJsonObject([1]) // false
 */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return isPlainObject(value)
}
