/**
 * The original row of an event as the page's table lists it: every field, in the file's column
 * order when the dataset's schema knows it (the database keeps JSON keys in an order of its own),
 * each value as Chronotope read it and, where that differs from what the file wrote, the value as
 * written beside it (`03/04/2024` → 3 April 2024, `1,234` → 1234).
 * @module
 */
import { formatHistoricalDate, type TimePrecision } from '@chronotope/dates'

import { CUTS_KEY } from './event-cuts'

/** One field of the original row. */
export interface RowField {
  /** The column's name, as in the file. */
  readonly key: string
  /**
   * The value as text: the file's own text where the reading agrees with it, else the value as
   * Chronotope read it (dates as people write them); empty for an empty cell.
   */
  readonly text: string
  /**
   * The cell as the file wrote it, only where it differs from {@link RowField.text} in more than
   * spacing (a date in another notation, a number with separators, "NA" read as empty).
   */
  readonly written?: string
}

/** What the page knows of a schema field: its name, type and how its dates are written. */
interface SchemaFieldView {
  readonly name: string
  readonly type?: string
  readonly precision?: TimePrecision
}

const MS_PER_DAY = 86_400_000
const PRECISIONS: ReadonlySet<string> = new Set(['year', 'month', 'day', 'hour', 'minute', 'second'])

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

function schemaViews(schemaFields: unknown): SchemaFieldView[] {
  if (!Array.isArray(schemaFields)) return []
  return schemaFields.flatMap((field: unknown): SchemaFieldView[] => {
    if (typeof field !== 'object' || field === null) return []
    const { name, type, dateFormat } = field as { name?: unknown; type?: unknown; dateFormat?: { precision?: unknown } }
    if (typeof name !== 'string') return []
    const precision = dateFormat?.precision
    return [
      {
        name,
        ...(typeof type === 'string' ? { type } : {}),
        ...(typeof precision === 'string' && PRECISIONS.has(precision)
          ? { precision: precision as TimePrecision }
          : {}),
      },
    ]
  })
}

/**
 * A date field's stored ISO instant as people write it, as finely as it was written: the
 * column's precision when the instant fits it (`1848` stays a year), else as far as it is not
 * midnight or a whole minute.
 */
function dateText(iso: string, columnPrecision: TimePrecision | undefined): string {
  const date = new Date(iso)
  const epochMs = date.getTime()
  if (Number.isNaN(epochMs)) return iso
  let precision: TimePrecision = epochMs % MS_PER_DAY === 0 ? 'day' : epochMs % 60_000 === 0 ? 'minute' : 'second'
  const isMonthStart = precision === 'day' && date.getUTCDate() === 1
  if (columnPrecision === 'month' && isMonthStart) precision = 'month'
  if (columnPrecision === 'year' && isMonthStart && date.getUTCMonth() === 0) precision = 'year'
  return formatHistoricalDate(iso, precision)
}

/** How an import stores a date: an ISO instant, to the millisecond, in UTC (`2024-04-03T00:00:00.000Z`). */
const STORED_INSTANT = /^[+-]?\d{4,6}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

/** Whether a value is a date: by its schema field's type, or without a schema by how imports store dates. */
function isDateValue(value: unknown, field: SchemaFieldView | undefined): value is string {
  if (typeof value !== 'string') return false
  return field === undefined ? STORED_INSTANT.test(value) : field.type === 'date'
}

/** The value as read, as text: dates as people write them. */
function readText(value: unknown, field: SchemaFieldView | undefined): string {
  if (isDateValue(value, field)) return dateText(value, field?.precision)
  return cellText(value)
}

/** Whether the file's text says the same as the value read (spacing and letter case aside). */
function saysTheSame(written: string, value: unknown, field: SchemaFieldView | undefined): boolean {
  const text = written.trim()
  if (value === null || value === undefined) return text === ''
  if (isDateValue(value, field)) return value.startsWith(text)
  if (typeof value === 'boolean') return text.toLowerCase() === String(value)
  return text === cellText(value)
}

/**
 * The row's fields: first those the schema lists, in its order, then any others; each value as
 * read, with the file's own text where it says something else.
 * @param data - the event's `data` (the typed values of its row)
 * @param schemaFields - the dataset's current schema's `fields` (a list of `{ name, type?, dateFormat? }`), if readable
 * @param original - the event's `original` (the row as the file wrote it), if it has one
 * @example rowFields({ city: 'Delhi', id: 'p-1' }, [{ name: 'id' }, { name: 'city' }]) // [{ key: 'id', text: 'p-1' }, { key: 'city', text: 'Delhi' }]
 * @example rowFields({ n: 1234 }, undefined, { n: '1,234' }) // [{ key: 'n', text: '1234', written: '1,234' }]
 * @example rowFields({ d: '2024-04-03T00:00:00.000Z' }, [{ name: 'd', type: 'date' }], { d: '03/04/2024' })
 * // [{ key: 'd', text: '3 April 2024', written: '03/04/2024' }]
 */
export function rowFields(data: unknown, schemaFields?: unknown, original?: unknown): RowField[] {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return []
  const row = data as Record<string, unknown>
  const written =
    typeof original === 'object' && original !== null && !Array.isArray(original)
      ? (original as Record<string, unknown>)
      : undefined
  // The record of what an import cut is shown as a notice beside the table, not as a column.
  const keys = Object.keys(row).filter((key) => key !== CUTS_KEY)
  const present = new Set(keys)
  const views = schemaViews(schemaFields)
  const byName = new Map(views.map((view) => [view.name, view]))
  const ordered = views.map((view) => view.name).filter((key) => present.has(key))
  const listed = new Set(ordered)
  return [...ordered, ...keys.filter((key) => !listed.has(key))].map((key) => {
    const field = byName.get(key)
    const text = readText(row[key], field)
    const cell = written && Object.hasOwn(written, key) ? written[key] : undefined
    if (typeof cell !== 'string') return { key, text }
    // Where the file and the reading agree, the page shows the file's own text.
    if (saysTheSame(cell, row[key], field)) return { key, text: cell.trim() === '' ? text : cell.trim() }
    return { key, text, written: cell }
  })
}
