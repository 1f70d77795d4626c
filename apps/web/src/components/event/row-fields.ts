/**
 * The original row of an event as the page's table lists it: every field, in the file's column
 * order when the dataset's schema knows it (the database keeps JSON keys in an order of its own),
 * each value as text.
 * @module
 */

/** One field of the original row. */
export interface RowField {
  /** The column's name, as in the file. */
  readonly key: string
  /** The value as text; empty for an empty cell. */
  readonly text: string
}

/**
 * A cell's value as text: strings as they are, numbers and booleans as written, nested values
 * (a GeoJSON geometry, a list) as JSON.
 * @example cellText(6.9) // '6.9'
 * @example cellText(null) // ''
 * @example cellText({ type: 'Point' }) // '{"type":"Point"}'
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value)
  return JSON.stringify(value)
}

function schemaOrder(schemaFields: unknown): string[] {
  if (!Array.isArray(schemaFields)) return []
  return schemaFields
    .map((field: unknown) =>
      typeof field === 'object' && field !== null && typeof (field as { name?: unknown }).name === 'string'
        ? (field as { name: string }).name
        : null,
    )
    .filter((name): name is string => name !== null)
}

/**
 * The row's fields: first those the schema lists, in its order, then any others in the row's own.
 * @param data - the event's `data` (the original row)
 * @param schemaFields - the dataset's current schema's `fields` (a list of `{ name }`), if readable
 * @example rowFields({ city: 'Delhi', id: 'p-1' }, [{ name: 'id' }, { name: 'city' }]) // [{ key: 'id', text: 'p-1' }, { key: 'city', text: 'Delhi' }]
 */
export function rowFields(data: unknown, schemaFields?: unknown): RowField[] {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return []
  const row = data as Record<string, unknown>
  const keys = Object.keys(row)
  const present = new Set(keys)
  const ordered = schemaOrder(schemaFields).filter((key) => present.has(key))
  const listed = new Set(ordered)
  return [...ordered, ...keys.filter((key) => !listed.has(key))].map((key) => ({ key, text: cellText(row[key]) }))
}
