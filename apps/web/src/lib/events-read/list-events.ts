/**
 * `GET /api/events/list`: events in a stable order (time, then id; events without a time last),
 * paged by cursor (fast at any depth) or by page number. The page's ids come from the in-memory
 * event index when it can answer, else from the database; the events themselves always come
 * from the database.
 * @module
 */
import { listPage, type Selection } from '@chronotope/event-index'
import {
  decodeCursor,
  encodeCursor,
  formatFilterInstant,
  parseFilterInstant,
  type FilterState,
  type ListParams,
} from '@chronotope/filters'
import type { Payload } from 'payload'
import type { Pool } from 'pg'

import type { ReadDatabase } from '../database/read-router'
import { eventConditions, SqlParams, type DatasetScope } from './event-conditions'
import { selectFromIndex } from './event-index/indexed-selection'
import { EVENT_ITEM_COLUMNS, toEventItem, type EventItemRow } from './event-rows'
import type { EventsListResponse } from './read-responses'
import { estimatedRows, searchViewPlan } from './search-view-plan'

function afterCursor(cursorText: string, descending: boolean, params: SqlParams): string {
  const cursor = decodeCursor(cursorText)
  const id = params.add(cursor.id)
  const idAfter = descending ? `e.id < ${id}` : `e.id > ${id}`
  if (cursor.t === null) return `(e.event_time is null and ${idAfter})`
  const time = `${params.add(cursor.t)}::timestamptz`
  const timeAfter = descending ? `e.event_time < ${time}` : `e.event_time > ${time}`
  return `(${timeAfter} or (e.event_time = ${time} and ${idAfter}) or e.event_time is null)`
}

function pageResponse(rows: readonly EventItemRow[], hasMore: boolean, list: ListParams): EventsListResponse {
  const last = rows.at(-1)
  return {
    events: rows.map((row) => toEventItem(row, list.fields)),
    nextCursor:
      hasMore && last
        ? encodeCursor({ t: last.event_time ? formatFilterInstant(last.event_time) : null, id: Number(last.id) })
        : null,
    page: list.page ?? null,
    limit: list.limit,
  }
}

/**
 * Matches of a search, at most, that a page is sorted from rather than found by walking the time
 * index: about where fetching them all (some 4 µs each) costs what searching the text of each
 * event walked past (some 25 µs each) would.
 */
const FEW_SEARCH_MATCHES = 25_000

async function pageFromDatabase(
  pool: Pool,
  state: FilterState,
  scope: DatasetScope,
  list: ListParams,
): Promise<EventsListResponse> {
  const params = new SqlParams()
  const descending = list.sort === 'time-desc'
  let where = eventConditions(state, scope, params, await searchViewPlan(pool, state, scope))
  if (list.cursor) where += ` and ${afterCursor(list.cursor, descending, params)}`
  // A page of a search makes the planner walk the time index and search each event's text on the
  // way, which for rare words reads most of the table (1.1 s for a word in 1 % of a million
  // events). When it expects few matches, they come from the search index and are sorted
  // (36 ms): `offset 0` keeps the page's limit out of their plan.
  const fromMatches =
    state.text !== undefined && (await estimatedRows(pool, where, params.values)) <= FEW_SEARCH_MATCHES
  const source = fromMatches ? `(select * from events e where ${where} offset 0) e` : `events e where ${where}`
  const direction = descending ? 'desc' : 'asc'
  const offset = list.page ? ` offset ${params.add((list.page - 1) * list.limit)}` : ''
  const { rows } = await pool.query<EventItemRow>(
    `select ${EVENT_ITEM_COLUMNS} from ${source}
     order by e.event_time ${direction} nulls last, e.id ${direction}
     limit ${params.add(list.limit + 1)}${offset}`,
    params.values,
  )
  return pageResponse(rows.slice(0, list.limit), rows.length > list.limit, list)
}

async function pageFromIndex(
  pool: Pool,
  selections: readonly Selection[],
  list: ListParams,
): Promise<EventsListResponse> {
  const cursor = list.cursor ? decodeCursor(list.cursor) : undefined
  const { entries, hasMore } = listPage(selections, {
    descending: list.sort === 'time-desc',
    limit: list.limit,
    after: cursor && { timeMs: cursor.t === null ? null : parseFilterInstant(cursor.t).getTime(), id: cursor.id },
    offset: list.page ? (list.page - 1) * list.limit : 0,
  })
  const { rows } = await pool.query<EventItemRow>(
    `select ${EVENT_ITEM_COLUMNS} from events e where e.id = any($1::int[])`,
    [entries.map((entry) => entry.id)],
  )
  const byId = new Map(rows.map((row) => [Number(row.id), row]))
  // An event deleted since the index was checked is left out rather than shown.
  const ordered = entries.flatMap((entry) => byId.get(entry.id) ?? [])
  return pageResponse(ordered, hasMore, list)
}

/** One page of events. */
export async function listEvents(
  payload: Payload,
  database: ReadDatabase,
  state: FilterState,
  scope: DatasetScope,
  list: ListParams,
): Promise<EventsListResponse> {
  const pool = database.pool
  const selections = await selectFromIndex(payload, database, state, scope)
  return selections ? pageFromIndex(pool, selections, list) : pageFromDatabase(pool, state, scope, list)
}
