/**
 * Reading event rows into the API's shape.
 * @module
 */
import type { EventListItem } from './read-responses'

/** The columns of an event as lists and exports read them (over `events e`). */
export const EVENT_ITEM_COLUMNS = `e.id, e.dataset_id, e.title, e.description, e.event_time, e.event_end_time,
  e.time_precision, st_x(e.location) as longitude, st_y(e.location) as latitude, e.location_name, e.data`

/** An event row as `pg` returns {@link EVENT_ITEM_COLUMNS}. */
export interface EventItemRow {
  readonly id: number
  readonly dataset_id: number
  readonly title: string | null
  readonly description: string | null
  readonly event_time: Date | null
  readonly event_end_time: Date | null
  readonly time_precision: string | null
  readonly longitude: number | null
  readonly latitude: number | null
  readonly location_name: string | null
  readonly data: Record<string, unknown> | null
}

/** An instant as ISO 8601 (BCE years with a sign), or null. */
export function isoOrNull(date: Date | null): string | null {
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : null
}

function valueAt(data: Record<string, unknown>, path: string): unknown {
  let value: unknown = data
  for (const segment of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, segment)) return undefined
    value = (value as Record<string, unknown>)[segment]
  }
  return value
}

/**
 * Turns a row into an {@link EventListItem}, with only the `fields` asked for in `data`.
 * @example toEventItem(row, ['category']).data // { category: 'flood' }
 */
export function toEventItem(row: EventItemRow, fields?: readonly string[]): EventListItem {
  const data = row.data ?? {}
  return {
    id: Number(row.id),
    datasetId: Number(row.dataset_id),
    title: row.title,
    description: row.description,
    eventTime: isoOrNull(row.event_time),
    eventEndTime: isoOrNull(row.event_end_time),
    timePrecision: row.time_precision,
    longitude: row.longitude,
    latitude: row.latitude,
    locationName: row.location_name,
    data: fields ? Object.fromEntries(fields.map((path) => [path, valueAt(data, path) ?? null])) : data,
  }
}
