/**
 * What an update changed in an event, field by field (old → new), for a scheduled run's change
 * history. Pure: the runner loads the stored values and hands over the row about to be written.
 * @module
 */
import type { EventRow } from '../events/bulk-insert-events'

/** An event's values as stored, in the shape the runner reads them from `events`. */
export interface StoredEventValues {
  readonly id: number
  readonly uniqueId: string
  readonly title: string | null
  readonly description: string | null
  readonly eventTime: Date | null
  readonly eventEndTime: Date | null
  readonly locationName: string | null
  readonly longitude: number | null
  readonly latitude: number | null
  readonly data: unknown
}

/** One changed field: its name (`title`, `location`, `data.<column>`…), the old and the new value. */
export interface FieldChange {
  readonly field: string
  readonly before: unknown
  readonly after: unknown
}

/** An updated event and what changed in it. */
export interface EventChange {
  readonly eventId: number
  readonly uniqueId: string
  readonly title: string | null
  readonly fields: readonly FieldChange[]
}

/** Longest text kept per value in the history: enough to recognise it, bounded per run. */
export const CHANGE_VALUE_CHARS = 200

function shown(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'string' && value.length > CHANGE_VALUE_CHARS) return `${value.slice(0, CHANGE_VALUE_CHARS)}…`
  if (value !== null && typeof value === 'object') {
    const text = JSON.stringify(value)
    return text.length > CHANGE_VALUE_CHARS ? `${text.slice(0, CHANGE_VALUE_CHARS)}…` : value
  }
  return value ?? null
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    return (a instanceof Date ? a.getTime() : (a ?? null)) === (b instanceof Date ? b.getTime() : (b ?? null))
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    return JSON.stringify(a) === JSON.stringify(b)
  }
  return (a ?? null) === (b ?? null)
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

function location(longitude: number | null, latitude: number | null): readonly [number, number] | null {
  return longitude === null || latitude === null ? null : [longitude, latitude]
}

/**
 * The fields an update changes, in a stable order: title, description, times, place, then the
 * row's values column by column (added and removed columns included).
 * @example diffEvent(stored, { ...row, title: 'New' })[0] // { field: 'title', before: 'Old', after: 'New' }
 */
export function diffEvent(before: StoredEventValues, after: EventRow): FieldChange[] {
  const changes: FieldChange[] = []
  const compare = (field: string, old: unknown, next: unknown) => {
    if (!same(old, next)) changes.push({ field, before: shown(old), after: shown(next) })
  }
  compare('title', before.title, after.title)
  compare('description', before.description, after.description)
  compare('eventTime', before.eventTime, after.eventTime)
  compare('eventEndTime', before.eventEndTime, after.eventEndTime)
  compare('locationName', before.locationName, after.locationName)
  compare('location', location(before.longitude, before.latitude), location(after.longitude, after.latitude))
  // The row's values hold the title's (and place's) column too: a change already named above is
  // not listed twice.
  const named = new Set(changes.map((change) => JSON.stringify([change.before, change.after])))
  const oldData = record(before.data)
  const newData = record(after.data)
  for (const key of new Set([...Object.keys(oldData), ...Object.keys(newData)])) {
    if (same(oldData[key], newData[key])) continue
    const change = { field: `data.${key}`, before: shown(oldData[key]), after: shown(newData[key]) }
    if (!named.has(JSON.stringify([change.before, change.after]))) changes.push(change)
  }
  return changes
}
