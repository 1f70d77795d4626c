/**
 * `GET /api/events/list`: events in a stable order (time, then id; events without a time last),
 * paged by cursor (fast at any depth) or by page number.
 * @module
 */
import { decodeCursor, encodeCursor, formatFilterInstant, type FilterState, type ListParams } from '@chronotope/filters'
import type { Pool } from 'pg'

import { eventConditions, SqlParams, type DatasetScope } from './event-conditions'
import { EVENT_ITEM_COLUMNS, toEventItem, type EventItemRow } from './event-rows'
import type { EventsListResponse } from './read-responses'

function afterCursor(cursorText: string, descending: boolean, params: SqlParams): string {
  const cursor = decodeCursor(cursorText)
  const id = params.add(cursor.id)
  const idAfter = descending ? `e.id < ${id}` : `e.id > ${id}`
  if (cursor.t === null) return `(e.event_time is null and ${idAfter})`
  const time = `${params.add(cursor.t)}::timestamptz`
  const timeAfter = descending ? `e.event_time < ${time}` : `e.event_time > ${time}`
  return `(${timeAfter} or (e.event_time = ${time} and ${idAfter}) or e.event_time is null)`
}

/** One page of events. */
export async function listEvents(
  pool: Pool,
  state: FilterState,
  scope: DatasetScope,
  list: ListParams,
): Promise<EventsListResponse> {
  const params = new SqlParams()
  const descending = list.sort === 'time-desc'
  let where = eventConditions(state, scope, params)
  if (list.cursor) where += ` and ${afterCursor(list.cursor, descending, params)}`
  const direction = descending ? 'desc' : 'asc'
  const offset = list.page ? ` offset ${params.add((list.page - 1) * list.limit)}` : ''
  const { rows } = await pool.query<EventItemRow>(
    `select ${EVENT_ITEM_COLUMNS} from events e where ${where}
     order by e.event_time ${direction} nulls last, e.id ${direction}
     limit ${params.add(list.limit + 1)}${offset}`,
    params.values,
  )
  const hasMore = rows.length > list.limit
  const page = rows.slice(0, list.limit)
  const last = page.at(-1)
  return {
    events: page.map((row) => toEventItem(row, list.fields)),
    nextCursor:
      hasMore && last
        ? encodeCursor({ t: last.event_time ? formatFilterInstant(last.event_time) : null, id: Number(last.id) })
        : null,
    page: list.page ?? null,
    limit: list.limit,
  }
}
