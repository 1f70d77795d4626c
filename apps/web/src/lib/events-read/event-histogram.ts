/**
 * `GET /api/events/histogram`: counts of the filtered events over time, in calendar buckets
 * (PostgreSQL's `date_trunc` in UTC), with empty buckets filled in. Years before 1970 and BCE work.
 * Counted in the in-memory event index when it can answer, else by the database.
 * @module
 */
import { countByBucket, timeExtent, type Selection } from '@chronotope/event-index'
import {
  chooseHistogramInterval,
  listBuckets,
  MAX_HISTOGRAM_BUCKETS,
  nextBucket,
  parseFilterInstant,
  rollUpDayCounts,
  splitBoundingBox,
  type BoundingBox,
  type FilterState,
  type HistogramInterval,
  type HistogramIntervalParam,
} from '@chronotope/filters'
import type { Payload } from 'payload'
import type { Pool } from 'pg'

import { ApiError } from '../api/api-error'
import type { ReadDatabase } from '../database/read-router'
import {
  buildsCountValuesOf,
  buildsTimeRange,
  dayCountsByBucket,
  filtersOnlyByPlaceAndTime,
  MONTHLY_INTERVALS,
  searchCountsByBucket,
  searchSeriesTimeRange,
  searchTextOf,
  searchTimeRange,
  seriesCountsByBucket,
  timeSpanOf,
  valueCountsByBucket,
  valueSliceOf,
  valuesTimeRange,
  viewHoldsEveryEvent,
  wholeDaysOf,
  wholeMonthsOf,
  type TimeSpan,
  type ValueSlice,
} from './event-cells/cell-queries'
import { MONTH_CELL_ZOOM } from './event-cells/build-event-cells'
import { eventCellsOf } from './event-cells/event-cells-of'
import type { CellScope } from './event-cells/event-cell-store'
import {
  countPointsByBucket,
  millisecondSpanOf,
  visitPointTimes,
  type PointBlock,
} from './event-cells/point-block-codec'
import { pointBlocksInView } from './event-cells/point-blocks'
import type { SearchSlice } from './event-cells/search-cell-store'
import { searchCellsOf } from './event-cells/search-cells-of'
import { cutView, outsideCutSql, type ViewCut } from './event-cells/view-cut'
import { eventConditions, SqlParams, type ConditionOptions, type DatasetScope } from './event-conditions'
import { selectFromIndex } from './event-index/indexed-selection'
import { eventTimeExtent } from './event-time-extent'
import { searchViewPlan } from './search-view-plan'
import type { HistogramResponse } from './read-responses'

interface TimeRange {
  readonly start: Date
  readonly end: Date
}

function rangeOf(state: FilterState, first: Date, last: Date): TimeRange {
  return {
    start: state.startDate ? parseFilterInstant(state.startDate) : first,
    end: state.endDate ? parseFilterInstant(state.endDate) : last,
  }
}

// Both ends given: the range needs no look at the data.
function givenRange(state: FilterState): TimeRange | undefined {
  if (!state.startDate || !state.endDate) return undefined
  return { start: parseFilterInstant(state.startDate), end: parseFilterInstant(state.endDate) }
}

function indexTimeRange(state: FilterState, selections: readonly Selection[]): TimeRange | null {
  const extent = timeExtent(selections)
  return extent && rangeOf(state, new Date(extent.firstMs), new Date(extent.lastMs))
}

async function databaseTimeRange(
  pool: Pool,
  state: FilterState,
  scope: DatasetScope,
  options: ConditionOptions = {},
): Promise<TimeRange | null> {
  const extent = await eventTimeExtent(pool, state, scope, options)
  return extent && rangeOf(state, extent.first, extent.last)
}

async function databaseCounts(
  pool: Pool,
  state: FilterState,
  scope: DatasetScope,
  interval: HistogramInterval,
  how: {
    readonly outside?: { readonly view: BoundingBox; readonly cut: ViewCut }
    readonly options?: ConditionOptions
  } = {},
): Promise<Map<number, number>> {
  const { outside, options } = how
  const params = new SqlParams()
  let where = eventConditions(state, scope, params, options)
  // Only the events of the strips around the cells wholly inside the view, which count the rest.
  if (outside) where += ` and ${outsideCutSql(outside.view, outside.cut, params)}`
  const { rows } = await pool.query<{ bucket: Date; count: number }>(
    `select date_trunc(${params.add(interval)}, e.event_time, 'UTC') as bucket, count(*)::int as count
     from events e where ${where} and e.event_time is not null group by 1`,
    params.values,
  )
  return new Map(rows.map((row) => [row.bucket.getTime(), row.count]))
}

/** The events of a read per UTC day, and the first and last of their instants. */
interface DayCounts {
  readonly first: Date
  readonly last: Date
  /** Keyed by the epoch milliseconds of each day's UTC midnight. */
  readonly days: ReadonlyMap<number, number>
}

// One pass over the rows for both the range and the counts. A search's matches are spread over the
// whole table, so the two probes of databaseTimeRange cannot stop early: each would visit every
// match, and the counts would visit them a third time.
async function databaseDayCounts(
  pool: Pool,
  state: FilterState,
  scope: DatasetScope,
  options: ConditionOptions,
  outside?: { readonly view: BoundingBox; readonly cut: ViewCut },
): Promise<DayCounts | null> {
  const params = new SqlParams()
  let where = eventConditions(state, scope, params, options)
  if (outside) where += ` and ${outsideCutSql(outside.view, outside.cut, params)}`
  const { rows } = await pool.query<{ day: Date; count: number; first: Date; last: Date }>(
    `select date_trunc('day', e.event_time, 'UTC') as day, count(*)::int as count,
            min(e.event_time) as first, max(e.event_time) as last
     from events e where ${where} and e.event_time is not null group by 1`,
    params.values,
  )
  if (rows.length === 0) return null
  let { first, last } = rows[0]!
  for (const row of rows) {
    if (row.first < first) first = row.first
    if (row.last > last) last = row.last
  }
  return { first, last, days: new Map(rows.map((row) => [row.day.getTime(), row.count])) }
}

function indexCounts(selections: readonly Selection[], starts: readonly Date[]): Map<number, number> {
  const counts = countByBucket(
    selections,
    Float64Array.from(starts, (start) => start.getTime()),
  )
  return new Map(starts.map((start, index) => [start.getTime(), counts[index]!]))
}

/** A histogram read the counts of event cells answer: their datasets, which days, which events. */
interface CellHistogram {
  readonly cells: CellScope
  /** Whole days, or whole months when counting `values`. */
  readonly span: TimeSpan
  /** Only events with a location: the read is limited to a map view holding every one. */
  readonly located: boolean
  /**
   * Only events with these values: from the counts per value and month, or with `outside`, the
   * month series per value and cell and the blocks' codes.
   */
  readonly values?: ValueSlice
  /**
   * Only a search's matches: from its counts per month, or with `outside`, its month series per
   * cell and the events of the strips.
   */
  readonly search?: SearchSlice
  /** A map view cutting through the data: see {@link ViewOutsideCells}. */
  readonly outside?: ViewOutsideCells
  /**
   * A search's matches in the strips around a cut view's inside cells, per UTC day (null for
   * none): with the first and last match of the inside cells, the view's time range in one pass.
   */
  readonly strips?: DayCounts | null
}

/**
 * A map view cutting through the data: its inside cells per month (with `cut`), and the events
 * of the strips around them or of the whole view (without), from their point blocks when these
 * hold few enough, else from the events table.
 */
interface ViewOutsideCells {
  readonly view: BoundingBox
  readonly cut: ViewCut | null
  /** Never null without `cut`. */
  readonly blocks: PointBlock[] | null
}

// Day counts answer a read without field filters or search whose time range is whole UTC days,
// and month counts per value one filtered by one value-list field over whole UTC months, when the
// map view, if any, holds every located event of the read's datasets. A view cutting through them
// over whole months is counted from its inside cells per month (per value, with a value filter)
// and the events of the strips around them; a view with no inside cell (a city's), or over other
// whole days, or asked for buckets shorter than a month, from the point blocks of its events when
// there are few enough. A search over whole months is counted from its own cells likewise, the
// strips around a view's inside cells from the events (the blocks hold no words).
async function cellHistogram(
  payload: Payload,
  database: ReadDatabase,
  state: FilterState,
  scope: DatasetScope,
  asked: HistogramIntervalParam,
): Promise<CellHistogram | null> {
  const text = searchTextOf(state)
  const values = text || filtersOnlyByPlaceAndTime(state) ? undefined : valueSliceOf(state)
  const days = wholeDaysOf(state)
  if (values === null || !days) return null
  const months = wholeMonthsOf(state)
  if ((values || text) && !months) return null
  const cells = await eventCellsOf(payload).cellsFor(database, scope)
  if (!cells || (values && !buildsCountValuesOf(values, cells.builds))) return null
  const search = text ? await searchCellsOf(payload).searchFor(database, cells, text) : undefined
  if (search === null) return null
  const bbox = state.bbox
  if (bbox && !viewHoldsEveryEvent(bbox, cells.builds)) {
    const pool = database.pool
    const blockValues = values && { slice: values, builds: cells.builds }
    // Inside cells count months: days asked for are counted from the blocks or the events.
    const monthly = asked === 'auto' || MONTHLY_INTERVALS.has(asked)
    const cut = monthly && months && cutView(bbox, { months })
    // Month series are kept at the finer zoom of the cells per month only (a view's cut is at it).
    if (cut && cut.zoom === MONTH_CELL_ZOOM) {
      if (search) {
        const strips = await databaseDayCounts(pool, state, scope, {}, { view: bbox, cut })
        return { cells, span: months, located: true, search, outside: { view: bbox, cut, blocks: null }, strips }
      }
      const blocks = await pointBlocksInView(pool, cells.datasetIds, bbox, {
        leftOut: { zoom: cut.zoom, range: cut.inner },
        values: blockValues,
      })
      return { cells, span: months, located: true, values, outside: { view: bbox, cut, blocks } }
    }
    if (search) return null
    const blocks = await pointBlocksInView(pool, cells.datasetIds, bbox, { values: blockValues })
    return (
      blocks && { cells, span: timeSpanOf(state), located: true, values, outside: { view: bbox, cut: null, blocks } }
    )
  }
  const span = values || search ? months : days
  return span && { cells, span, located: bbox !== undefined, values, search }
}

async function cellTimeRange(
  pool: Pool,
  state: FilterState,
  scope: DatasetScope,
  read: CellHistogram,
): Promise<TimeRange | null> {
  if (read.outside?.cut === null) {
    // Every event of the view is in its blocks.
    let first = Infinity
    let last = -Infinity
    visitPointTimes(read.outside.blocks!, splitBoundingBox(read.outside.view), millisecondSpanOf(read.span), (time) => {
      if (time < first) first = time
      if (time > last) last = time
    })
    return first <= last ? rangeOf(state, new Date(first), new Date(last)) : null
  }
  // A search's first and last match in a view, over all time: from its inside cells and strips.
  if (
    read.outside &&
    read.search &&
    read.outside.cut &&
    read.strips !== undefined &&
    !state.startDate &&
    !state.endDate
  ) {
    const inside = await searchSeriesTimeRange(pool, read.search, read.outside.cut.inner)
    const ends = [inside, read.strips].filter((end) => end !== null)
    if (ends.length === 0) return null
    const first = Math.min(...ends.map((end) => end.first.getTime()))
    const last = Math.max(...ends.map((end) => end.last.getTime()))
    return rangeOf(state, new Date(first), new Date(last))
  }
  // The first and last event in a view: two probes of the events' time index.
  if (read.outside) return databaseTimeRange(pool, state, scope)
  const extent = read.search
    ? await searchTimeRange(pool, read.search, read.located)
    : read.values
      ? await valuesTimeRange(pool, read.cells.datasetIds, read.values, read.located)
      : buildsTimeRange(read.cells.builds, read.located)
  return extent && rangeOf(state, extent.first, extent.last)
}

// From the cells when they hold the interval's buckets: days any but hours, months the intervals
// of a month or longer.
async function cellCounts(
  pool: Pool,
  state: FilterState,
  scope: DatasetScope,
  read: CellHistogram,
  interval: HistogramInterval,
  starts: readonly Date[],
): Promise<Map<number, number>> {
  const ids = read.cells.datasetIds
  if (read.outside) {
    const { view, cut, blocks } = read.outside
    const blockCounts = () => {
      const counts = countPointsByBucket(
        blocks!,
        splitBoundingBox(view),
        millisecondSpanOf(read.span),
        Float64Array.from(starts, (start) => start.getTime()),
        starts.length === 0 ? -Infinity : nextBucket(starts.at(-1)!, interval).getTime(),
      )
      return new Map(starts.map((start, index) => [start.getTime(), counts[index]!]))
    }
    if (cut === null) return blockCounts()
    if (!MONTHLY_INTERVALS.has(interval)) return databaseCounts(pool, state, scope, interval)
    const [inside, around] = await Promise.all([
      seriesCountsByBucket(pool, ids, cut.inner, interval, read.span, read.search ?? read.values),
      blocks
        ? blockCounts()
        : read.strips !== undefined && interval !== 'hour'
          ? rollUpDayCounts(read.strips?.days ?? new Map<number, number>(), interval)
          : databaseCounts(pool, state, scope, interval, { outside: { view, cut } }),
    ])
    for (const [bucket, count] of around) inside.set(bucket, (inside.get(bucket) ?? 0) + count)
    return inside
  }
  if (read.search)
    return MONTHLY_INTERVALS.has(interval)
      ? searchCountsByBucket(pool, read.search, interval, read.span, read.located)
      : databaseCounts(pool, state, scope, interval)
  if (read.values)
    return MONTHLY_INTERVALS.has(interval)
      ? valueCountsByBucket(pool, ids, interval, read.span, read.located, read.values)
      : databaseCounts(pool, state, scope, interval)
  return interval === 'hour'
    ? databaseCounts(pool, state, scope, interval)
    : dayCountsByBucket(pool, ids, interval, read.span, read.located)
}

/**
 * Counts events per bucket.
 * @throws {@link ApiError} 400 naming `interval` when it would make more than 10,000 buckets
 */
export async function eventHistogram(
  payload: Payload,
  database: ReadDatabase,
  state: FilterState,
  scope: DatasetScope,
  asked: HistogramIntervalParam,
): Promise<HistogramResponse> {
  const pool = database.pool
  const selections = await selectFromIndex(payload, database, state, scope, { ordered: false })
  const fromCells = selections ? null : await cellHistogram(payload, database, state, scope, asked)
  // Asked once: a histogram read from the events may run two queries.
  const plan = selections || fromCells ? {} : await searchViewPlan(pool, state, scope)
  const given = givenRange(state)
  const byDay =
    !selections && !fromCells && !given && asked !== 'hour'
      ? await databaseDayCounts(pool, state, scope, plan)
      : undefined
  const range =
    given ??
    (byDay !== undefined
      ? byDay && rangeOf(state, byDay.first, byDay.last)
      : selections
        ? indexTimeRange(state, selections)
        : fromCells
          ? await cellTimeRange(pool, state, scope, fromCells)
          : await databaseTimeRange(pool, state, scope, plan))
  if (!range) return { interval: asked === 'auto' ? 'year' : asked, buckets: [], total: 0, range: null }
  const interval: HistogramInterval = asked === 'auto' ? chooseHistogramInterval(range.start, range.end) : asked
  let starts: Date[]
  try {
    starts = listBuckets(range.start, range.end, interval)
  } catch {
    throw new ApiError(
      400,
      'too-many-buckets',
      `interval: "${interval}" makes more than ${MAX_HISTOGRAM_BUCKETS.toLocaleString('en')} buckets for this range; choose a coarser interval or auto`,
      'interval',
    )
  }
  const counts = selections
    ? indexCounts(selections, starts)
    : fromCells
      ? await cellCounts(pool, state, scope, fromCells, interval, starts)
      : byDay && interval !== 'hour'
        ? rollUpDayCounts(byDay.days, interval)
        : await databaseCounts(pool, state, scope, interval, { options: plan })
  const buckets = starts.map((start) => ({
    start: start.toISOString(),
    end: nextBucket(start, interval).toISOString(),
    count: counts.get(start.getTime()) ?? 0,
  }))
  return {
    interval,
    buckets,
    total: [...counts.values()].reduce((sum, count) => sum + count, 0),
    range: { start: range.start.toISOString(), end: range.end.toISOString() },
  }
}
