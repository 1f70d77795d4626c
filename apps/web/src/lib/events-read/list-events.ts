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
import { eventTimeExtent } from './event-time-extent'
import type { EventsListResponse } from './read-responses'
import { searchPageWindows } from './search-page-windows'
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
 * Matches of a search, at most, that a page is sorted from rather than found in time windows
 * (`search-page-windows.ts`): fetching them all costs some 3–4 µs each.
 */
const FEW_SEARCH_MATCHES = 25_000

function orderBy(descending: boolean): string {
  const direction = descending ? 'desc' : 'asc'
  return `order by e.event_time ${direction} nulls last, e.id ${direction}`
}

/** The first and last event time the page may hold: of the read's datasets and time range, and past its cursor. */
async function timeRangeOfPage(
  pool: Pool,
  state: FilterState,
  scope: DatasetScope,
  list: ListParams,
): Promise<{ firstMs: number; lastMs: number } | null> {
  const { catalogs, datasets, startDate, endDate } = state
  const extent = await eventTimeExtent(pool, { catalogs, datasets, fields: {}, startDate, endDate }, scope)
  if (!extent) return null
  let firstMs = extent.first.getTime()
  let lastMs = extent.last.getTime()
  const cursor = list.cursor ? decodeCursor(list.cursor) : undefined
  if (cursor?.t === null) return null
  if (cursor) {
    const cursorMs = parseFilterInstant(cursor.t).getTime()
    if (list.sort === 'time-desc') lastMs = Math.min(lastMs, cursorMs)
    else firstMs = Math.max(firstMs, cursorMs)
  }
  return { firstMs, lastMs }
}

/** Where a page of a search starts and how many rows it takes, counted in the page's order. */
interface PageSlice {
  readonly skip: number
  readonly take: number
}

/**
 * The rows of a page of a search with many matches: window by window of time in the page's order
 * (see `search-page-windows.ts`), then the matches without a time, which come last. Windows before
 * the page's first row are only counted, so a deep page holds no more rows than it shows.
 */
async function searchRowsByWindows(
  pool: Pool,
  where: string,
  values: readonly unknown[],
  matches: number,
  range: { firstMs: number; lastMs: number } | null,
  descending: boolean,
  slice: PageSlice,
): Promise<EventItemRow[]> {
  const rows: EventItemRow[] = []
  let skipped = 0
  // The rows of one more part of the matches: a window, or those without a time.
  const readPart = async (partOf: (params: SqlParams) => string): Promise<boolean> => {
    const params = new SqlParams()
    params.values.push(...values)
    const part = partOf(params)
    // `offset 0` keeps the limit out of the part's plan, which then reads the rows both the
    // search index and the time index find rather than walking the time index.
    const matching = `(select * from events e where ${where} and ${part} offset 0) e`
    if (skipped < slice.skip) {
      const { rows: counted } = await pool.query<{ count: number }>(
        `select count(*)::int as count from ${matching}`,
        params.values,
      )
      const count = counted[0]?.count ?? 0
      if (skipped + count <= slice.skip) {
        skipped += count
        return false
      }
    }
    const offset = slice.skip - skipped
    skipped = slice.skip
    const { rows: found } = await pool.query<EventItemRow>(
      `select ${EVENT_ITEM_COLUMNS} from ${matching} ${orderBy(descending)}
       limit ${params.add(slice.take - rows.length)} offset ${params.add(offset)}`,
      params.values,
    )
    rows.push(...found)
    return rows.length >= slice.take
  }
  const windows = range ? searchPageWindows({ ...range, descending, needed: slice.skip + slice.take, matches }) : []
  for (const window of windows) {
    const inWindow = (params: SqlParams) =>
      `e.event_time >= ${params.add(formatFilterInstant(window.fromMs))}::timestamptz` +
      ` and e.event_time < ${params.add(formatFilterInstant(window.toMs))}::timestamptz`
    if (await readPart(inWindow)) return rows
  }
  await readPart(() => 'e.event_time is null')
  return rows
}

/**
 * One page of events from the database.
 * @param fewSearchMatches - the most matches of a search sorted whole rather than read in time
 *   windows; tests lower it to read a small dataset both ways
 */
export async function pageFromDatabase(
  pool: Pool,
  state: FilterState,
  scope: DatasetScope,
  list: ListParams,
  fewSearchMatches = FEW_SEARCH_MATCHES,
): Promise<EventsListResponse> {
  const params = new SqlParams()
  const descending = list.sort === 'time-desc'
  let where = eventConditions(state, scope, params, await searchViewPlan(pool, state, scope))
  if (list.cursor) where += ` and ${afterCursor(list.cursor, descending, params)}`
  const skip = list.page ? (list.page - 1) * list.limit : 0
  if (state.text !== undefined) {
    // A page of a search makes the planner walk the time index and search each event's text on
    // the way, which for rare words reads most of the table (1.1 s for a word in 1 % of a million
    // events). Few matches are sorted whole (36 ms), more are read window by window.
    const matches = await estimatedRows(pool, where, params.values)
    if (matches > fewSearchMatches) {
      const range = await timeRangeOfPage(pool, state, scope, list)
      const slice = { skip, take: list.limit + 1 }
      const rows = await searchRowsByWindows(pool, where, params.values, matches, range, descending, slice)
      return pageResponse(rows.slice(0, list.limit), rows.length > list.limit, list)
    }
  }
  // `offset 0` keeps the page's limit out of the plan of a search's few matches.
  const source =
    state.text !== undefined ? `(select * from events e where ${where} offset 0) e` : `events e where ${where}`
  const offset = skip > 0 ? ` offset ${params.add(skip)}` : ''
  const { rows } = await pool.query<EventItemRow>(
    `select ${EVENT_ITEM_COLUMNS} from ${source} ${orderBy(descending)} limit ${params.add(list.limit + 1)}${offset}`,
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
