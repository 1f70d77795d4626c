/**
 * Reads of event cells: the map cells of a view and the day counts of a histogram, summed over the
 * datasets of a read. Each touches a few hundred to a few tens of thousands of rows, whatever the
 * number of events.
 * @module
 */
import type { ClusterCellSummary, PlaceCounts } from '@chronotope/event-index'
import {
  cellRangesOfView,
  parseFilterInstant,
  splitBoundingBox,
  type BoundingBox,
  type CellRange,
  type FilterState,
  type HistogramInterval,
} from '@chronotope/filters'
import type { Pool } from 'pg'

import { SqlParams } from '../event-conditions'
import { COARSE_MONTH_CELL_ZOOM, MAX_CELL_ZOOM, MONTH_CELL_ZOOM } from './build-event-cells'
import { VALUE_CELL_ZOOM } from './build-value-cells'
import { SEARCH_CELL_ZOOM } from './build-search-cells'
import type { CellBuildRow } from './event-cell-store'
import type { SearchSlice } from './search-cell-store'
import { sumMonthSeries } from './month-series'
import { millisecondSpanOf } from './point-block-codec'

/** A span of time by its bounds: `start` inclusive, `end` exclusive; either open. */
export interface TimeSpan {
  readonly start?: Date
  readonly end?: Date
}

const DAY_MS = 86_400_000

// The state's time range as a half-open span, if `isBoundary` accepts both of its ends.
function spanOf(state: FilterState, isBoundary: (date: Date) => boolean): TimeSpan | null {
  const start = state.startDate ? parseFilterInstant(state.startDate) : undefined
  // A range ends at its last millisecond, inclusive.
  const end = state.endDate ? new Date(parseFilterInstant(state.endDate).getTime() + 1) : undefined
  if ((start && !isBoundary(start)) || (end && !isBoundary(end))) return null
  return { start, end }
}

/** The state's time range as a half-open span. */
export function timeSpanOf(state: FilterState): TimeSpan {
  return spanOf(state, () => true)!
}

/** The state's time range when it is whole UTC days (or open), as a half-open span; else null. */
export function wholeDaysOf(state: FilterState): TimeSpan | null {
  return spanOf(state, (date) => ((date.getTime() % DAY_MS) + DAY_MS) % DAY_MS === 0)
}

/** The state's time range when it is whole UTC months (or open), as a half-open span; else null. */
export function wholeMonthsOf(state: FilterState): TimeSpan | null {
  return spanOf(state, (date) => date.getUTCDate() === 1 && ((date.getTime() % DAY_MS) + DAY_MS) % DAY_MS === 0)
}

/** Whether a read filters by nothing but datasets, a map view and time: no field, no search. */
export function filtersOnlyByPlaceAndTime(state: FilterState): boolean {
  return !state.text && Object.keys(state.fields).length === 0
}

/** Whether a read filters by nothing but datasets and a map view, which cells count ahead of time. */
export function filtersOnlyByPlace(state: FilterState): boolean {
  return !state.startDate && !state.endDate && filtersOnlyByPlaceAndTime(state)
}

/** Events whose top-level data field `field` has one of `values` (as text). */
export interface ValueSlice {
  readonly field: string
  readonly values: readonly string[]
}

/**
 * The field filter of a read that filters by one value-list field and no search, which cells per
 * value may count (time and place are the caller's to check); else null.
 * @example valueSliceOf({ fields: { category: { kind: 'values', values: ['quake'] } } }) // { field: 'category', values: ['quake'] }
 */
export function valueSliceOf(state: FilterState): ValueSlice | null {
  const entries = Object.entries(state.fields)
  if (state.text || entries.length !== 1) return null
  const [path, filter] = entries[0]!
  if (filter.kind !== 'values' || path.includes('.')) return null
  return { field: path, values: filter.values }
}

/** Whether every build counted `slice`'s field per value. */
export function buildsCountValuesOf(slice: ValueSlice, builds: readonly CellBuildRow[]): boolean {
  return builds.every((build) => build.valueFields.includes(slice.field))
}

/**
 * Whether a map view holds every located event of the builds' datasets, so a read limited to it
 * counts what their cells count for events with a location.
 */
export function viewHoldsEveryEvent(view: BoundingBox, builds: readonly CellBuildRow[]): boolean {
  const boxes = splitBoundingBox(view)
  return builds.every(
    ({ extent }) =>
      extent === null ||
      boxes.some(
        (box) => box.west <= extent[0] && box.south <= extent[1] && box.east >= extent[2] && box.north >= extent[3],
      ),
  )
}

/** The cells of a view, and each one's events per dataset (for the counts of a place mark). */
export interface CellsInView {
  readonly cells: ClusterCellSummary[]
  readonly byDataset: ReadonlyMap<ClusterCellSummary, ReadonlyMap<number, number>>
}

interface CellRow {
  dataset_id: number
  cx: number
  cy: number
  count: number
  sum_lon: number
  sum_lat: number
  west: number
  south: number
  east: number
  north: number
  first_id: number
}

/**
 * The zoom of the cells per month a read at `zoom` sums: the coarsest kept that is not coarser.
 * @throws RangeError past {@link MONTH_CELL_ZOOM}
 * @example monthCellZoomFor(1) // 2
 */
export function monthCellZoomFor(zoom: number): number {
  if (zoom > MONTH_CELL_ZOOM) throw new RangeError(`cells per month go to zoom ${MONTH_CELL_ZOOM}; asked for ${zoom}`)
  return zoom <= COARSE_MONTH_CELL_ZOOM ? COARSE_MONTH_CELL_ZOOM : MONTH_CELL_ZOOM
}

// Cells per month are kept at two zooms only.
function assertMonthCellZoom(zoom: number): void {
  if (zoom !== MONTH_CELL_ZOOM && zoom !== COARSE_MONTH_CELL_ZOOM)
    throw new RangeError(`cells per month are kept at zooms ${COARSE_MONTH_CELL_ZOOM} and ${MONTH_CELL_ZOOM}`)
}

/**
 * Which events of the cells a read counts: those of whole months, of some values of a field, or
 * a search's matches (from the search's own cells, `build-search-cells.ts`).
 */
export interface CellSlice {
  readonly months?: TimeSpan
  readonly values?: ValueSlice
  readonly search?: SearchSlice
}

/**
 * The text of a read filtered by a search and nothing else but datasets, a map view and time,
 * which a search's cells may count; else null.
 */
export function searchTextOf(state: FilterState): string | null {
  return state.text && Object.keys(state.fields).length === 0 ? state.text : null
}

/**
 * Which events of the cells a read counts, or null when cells cannot count its filter: all (no
 * filter beyond datasets and a view), those of whole months, or those with some values of one
 * value-list field (no time range).
 * @example cellSliceOf({ fields: {}, startDate: '1990-01-01T00:00:00.000Z' }) // { months: { start: 1990-01-01, end: undefined } }
 */
export function cellSliceOf(state: FilterState): CellSlice | null {
  if (filtersOnlyByPlace(state)) return {}
  if (filtersOnlyByPlaceAndTime(state)) {
    const months = wholeMonthsOf(state)
    return months && { months }
  }
  const values = state.startDate || state.endDate ? null : valueSliceOf(state)
  return values && { values }
}

/** The finest zoom the cells of a slice's kind are kept at. */
export function finestCellZoomOf(slice: CellSlice): number {
  if (slice.search) return SEARCH_CELL_ZOOM
  return slice.months ? MONTH_CELL_ZOOM : slice.values ? VALUE_CELL_ZOOM : MAX_CELL_ZOOM
}

// The cells per value summed over the slice's values: the same columns as a row of event_cells.
function valueCellsQuery(params: SqlParams, ids: string, level: number, values: ValueSlice, ranges: string): string {
  return `select dataset_id, cx, cy, sum(count)::int as count, sum(sum_lon) as sum_lon, sum(sum_lat) as sum_lat,
                 min(west) as west, min(south) as south, max(east) as east, max(north) as north, min(first_id) as first_id
            from event_value_cells
           where dataset_id = any(${ids}::int[]) and field = ${params.add(values.field)} and zoom = ${params.add(level)}
             and value = any(${params.add([...values.values])}::text[]) and (${ranges})
           group by 1, 2, 3 order by 3, 2`
}

/**
 * The cells at `zoom` inside `view` (snapped to that zoom's grid), in the order map-clusters'
 * SQL gives them (rows south to north, then west to east). With `slice.months`, only the events of
 * those whole months, from the cells kept per month (`zoom` at most {@link MONTH_CELL_ZOOM}); with
 * `slice.values`, only the events with those values, from the cells per value (`zoom` at most
 * {@link VALUE_CELL_ZOOM}).
 */
export async function cellsInView(
  pool: Pool,
  datasetIds: readonly number[],
  zoom: number,
  view: BoundingBox,
  slice: CellSlice = {},
): Promise<CellsInView> {
  const { months, values, search } = slice
  if ([months, values, search].filter(Boolean).length > 1)
    throw new RangeError('cells are kept per month, per value or per search, one at a time')
  if (Math.floor(zoom) > finestCellZoomOf(slice))
    throw new RangeError(`these cells go to zoom ${finestCellZoomOf(slice)}; asked for ${zoom}`)
  const params = new SqlParams()
  const ids = params.add([...datasetIds])
  const level = Math.floor(zoom)
  // Cells kept at a finer zoom: `scale` of them on each axis make one cell of the view's zoom.
  const kept = months ? monthCellZoomFor(level) : level
  const scale = 2 ** (kept - level)
  const ranges = cellRangesOfView(view, zoom).map(
    (range) =>
      `(cx between ${params.add(range.minX * scale)} and ${params.add(range.maxX * scale + scale - 1)}` +
      ` and cy between ${params.add(range.minY * scale)} and ${params.add(range.maxY * scale + scale - 1)})`,
  )
  const query = search
    ? `select dataset_id, cx, cy, count, sum_lon, sum_lat, west, south, east, north, first_id from event_search_cells
        where dataset_id = any(${ids}::int[]) and search_id = any(${params.add([...search.searchIds])}::int[])
          and zoom = ${params.add(level)}
          and (${ranges.join(' or ')})
        order by cy, cx`
    : values
      ? valueCellsQuery(params, ids, level, values, ranges.join(' or '))
      : months
        ? `select dataset_id, floor(cx / ${params.add(scale)}::float8)::int as cx, floor(cy / ${params.add(scale)}::float8)::int as cy,
              sum(count)::int as count, sum(sum_lon) as sum_lon, sum(sum_lat) as sum_lat, min(west) as west,
              min(south) as south, max(east) as east, max(north) as north, min(first_id) as first_id
         from event_cell_months
        where dataset_id = any(${ids}::int[]) and zoom = ${params.add(kept)} and (${ranges.join(' or ')})
          ${months.start ? `and month >= ${params.add(months.start)}` : ''} ${months.end ? `and month < ${params.add(months.end)}` : ''}
        group by 1, 2, 3 order by 3, 2`
        : `select dataset_id, cx, cy, count, sum_lon, sum_lat, west, south, east, north, first_id from event_cells
        where dataset_id = any(${ids}::int[]) and zoom = ${params.add(level)} and (${ranges.join(' or ')})
        order by cy, cx`
  const { rows } = await pool.query<CellRow>(query, params.values)
  const cells: ClusterCellSummary[] = []
  const byDataset = new Map<ClusterCellSummary, Map<number, number>>()
  let i = 0
  while (i < rows.length) {
    const first = rows[i]!
    let count = 0
    let sumLon = 0
    let sumLat = 0
    let west = Infinity
    let south = Infinity
    let east = -Infinity
    let north = -Infinity
    let firstId = Infinity
    const datasets = new Map<number, number>()
    for (; i < rows.length && rows[i]!.cx === first.cx && rows[i]!.cy === first.cy; i++) {
      const row = rows[i]!
      count += row.count
      sumLon += row.sum_lon
      sumLat += row.sum_lat
      west = Math.min(west, row.west)
      south = Math.min(south, row.south)
      east = Math.max(east, row.east)
      north = Math.max(north, row.north)
      firstId = Math.min(firstId, row.first_id)
      datasets.set(Number(row.dataset_id), row.count)
    }
    const cell: ClusterCellSummary = {
      cx: first.cx,
      cy: first.cy,
      count,
      longitude: sumLon / count,
      latitude: sumLat / count,
      west,
      south,
      east,
      north,
      firstId,
    }
    cells.push(cell)
    byDataset.set(cell, datasets)
  }
  return { cells, byDataset }
}

/** The count and extent of some located events; no bounds when there are none. */
export interface LocatedExtent {
  readonly bounds: [number, number, number, number] | null
  readonly count: number
}

/**
 * The count and extent of the located events of the cells in `range` (or all) at `zoom`: of every
 * event, of whole months (`zoom` {@link MONTH_CELL_ZOOM} or {@link COARSE_MONTH_CELL_ZOOM}), of some values (`zoom` at most
 * {@link VALUE_CELL_ZOOM}) or of a search's matches (`zoom` at most {@link SEARCH_CELL_ZOOM}).
 * @example await extentOfCells(pool, [3], 0, null, { values: { field: 'category', values: ['quake'] } }) // { bounds: [-120.1, -41.2, 178.3, 61.0], count: 5120 }
 */
export async function extentOfCells(
  pool: Pool,
  datasetIds: readonly number[],
  zoom: number,
  range: CellRange | null,
  slice: CellSlice,
): Promise<LocatedExtent> {
  const params = new SqlParams()
  const conditions = [`dataset_id = any(${params.add([...datasetIds])}::int[])`]
  if (range)
    conditions.push(
      `cx between ${params.add(range.minX)} and ${params.add(range.maxX)}`,
      `cy between ${params.add(range.minY)} and ${params.add(range.maxY)}`,
    )
  let table = 'event_cells'
  if (slice.months) {
    assertMonthCellZoom(zoom)
    table = 'event_cell_months'
    conditions.push(`zoom = ${params.add(zoom)}`)
    if (slice.months.start) conditions.push(`month >= ${params.add(slice.months.start)}`)
    if (slice.months.end) conditions.push(`month < ${params.add(slice.months.end)}`)
  } else if (slice.search) {
    table = 'event_search_cells'
    conditions.push(`search_id = any(${params.add([...slice.search.searchIds])}::int[])`, `zoom = ${params.add(zoom)}`)
  } else {
    conditions.push(`zoom = ${params.add(zoom)}`)
    if (slice.values) {
      table = 'event_value_cells'
      conditions.push(
        `field = ${params.add(slice.values.field)}`,
        `value = any(${params.add([...slice.values.values])}::text[])`,
      )
    }
  }
  const { rows } = await pool.query<{ west: number; south: number; east: number; north: number; count: number }>(
    `select min(west) as west, min(south) as south, max(east) as east, max(north) as north,
            coalesce(sum(count), 0)::int as count
       from ${table} where ${conditions.join(' and ')}`,
    params.values,
  )
  const row = rows[0]!
  return row.count === 0
    ? { bounds: null, count: 0 }
    : { bounds: [row.west, row.south, row.east, row.north], count: row.count }
}

/** A place mark's counts from its cell: every event of a one-place cell is at that place. */
export function placeCountsOfCell(datasets: ReadonlyMap<number, number>): PlaceCounts {
  let count = 0
  for (const events of datasets.values()) count += events
  return { count, byDataset: datasets, byValue: new Map() }
}

// The conditions that keep the rows of each `unit` (a column of UTC days or months) from
// `range.start` (inclusive) to `range.end` (exclusive); none for an open end.
function unitRangeConditions(params: SqlParams, unit: 'day' | 'month', range: TimeSpan): string[] {
  const conditions: string[] = []
  if (range.start) conditions.push(`${unit} >= ${params.add(range.start)}`)
  if (range.end) conditions.push(`${unit} < ${params.add(range.end)}`)
  return conditions
}

// The columns that count the events of a row and give their first and last time: of every event,
// or of the located ones only.
function spanColumns(located: boolean): { counted: 'located' | 'events'; first: string; last: string } {
  return located
    ? { counted: 'located', first: 'first_located_time', last: 'last_located_time' }
    : { counted: 'events', first: 'first_time', last: 'last_time' }
}

// Events per bucket of `interval`: the sums of the `counted` column of `table`'s rows, each for one
// `unit` (a UTC day or month) from `range.start` to `range.end`, under `conditions`.
async function unitCountsByBucket(
  pool: Pool,
  from: {
    table: 'event_days' | 'event_value_months' | 'event_search_months' | 'event_cell_months'
    unit: 'day' | 'month'
  },
  counted: 'events' | 'located' | 'count',
  params: SqlParams,
  conditions: string[],
  interval: HistogramInterval,
  range: TimeSpan,
): Promise<Map<number, number>> {
  const { table, unit } = from
  const where = [...conditions, ...unitRangeConditions(params, unit, range)]
  const { rows } = await pool.query<{ bucket: Date; count: number }>(
    `select date_trunc(${params.add(interval)}, ${unit}, 'UTC') as bucket, sum(${counted})::int as count
       from ${table} where ${where.join(' and ')} group by 1 having sum(${counted}) > 0`,
    params.values,
  )
  return new Map(rows.map((row) => [row.bucket.getTime(), row.count]))
}

/**
 * Events per histogram bucket from the day counts, for days from `start` (inclusive) to `end`
 * (exclusive), both UTC midnights (see {@link wholeDaysOf}). `located` counts only events with a
 * location (a read limited to a map view). Buckets are `date_trunc` of the interval in UTC, as the
 * events' own SQL gives.
 */
export async function dayCountsByBucket(
  pool: Pool,
  datasetIds: readonly number[],
  interval: Exclude<HistogramInterval, 'hour'>,
  range: TimeSpan,
  located: boolean,
): Promise<Map<number, number>> {
  const params = new SqlParams()
  const conditions = [`dataset_id = any(${params.add([...datasetIds])}::int[])`]
  const from = { table: 'event_days', unit: 'day' } as const
  return unitCountsByBucket(pool, from, spanColumns(located).counted, params, conditions, interval, range)
}

/** The histogram intervals made of whole months, which the counts per value and month can fill. */
export const MONTHLY_INTERVALS: ReadonlySet<HistogramInterval> = new Set(['month', 'year', 'decade', 'century'])

// The months per value of the datasets with `values`.
function valueMonthsConditions(params: SqlParams, datasetIds: readonly number[], values: ValueSlice): string[] {
  return [
    `dataset_id = any(${params.add([...datasetIds])}::int[])`,
    `field = ${params.add(values.field)}`,
    `value = any(${params.add([...values.values])}::text[])`,
  ]
}

/**
 * Events with `values` per histogram bucket of a {@link MONTHLY_INTERVALS | monthly interval}, from
 * the counts per value and month, for the whole UTC months from `start` to `end` (see
 * {@link wholeMonthsOf}); `located` counts only events with a location.
 */
export async function valueCountsByBucket(
  pool: Pool,
  datasetIds: readonly number[],
  interval: HistogramInterval,
  range: TimeSpan,
  located: boolean,
  values: ValueSlice,
): Promise<Map<number, number>> {
  if (!MONTHLY_INTERVALS.has(interval))
    throw new RangeError(`counts per value are kept per month; asked for ${interval}`)
  const params = new SqlParams()
  const conditions = valueMonthsConditions(params, datasetIds, values)
  const from = { table: 'event_value_months', unit: 'month' } as const
  return unitCountsByBucket(pool, from, spanColumns(located).counted, params, conditions, interval, range)
}

// The months of a search's builds.
function searchConditions(params: SqlParams, search: SearchSlice): string[] {
  return [`search_id = any(${params.add([...search.searchIds])}::int[])`]
}

/**
 * The located events of whole `months` in the zoom-{@link MONTH_CELL_ZOOM} cells of `range`, per
 * bucket of a {@link MONTHLY_INTERVALS | monthly interval}, from the cells' month series
 * (month-series.ts); with a {@link ValueSlice}, only the events with one of its values, from the
 * series per value; with a {@link SearchSlice}, only the search's matches, from its series.
 * @throws RangeError for another interval
 */
export async function seriesCountsByBucket(
  pool: Pool,
  datasetIds: readonly number[],
  range: CellRange,
  interval: HistogramInterval,
  months: TimeSpan,
  subset?: ValueSlice | SearchSlice,
): Promise<Map<number, number>> {
  if (!MONTHLY_INTERVALS.has(interval)) throw new RangeError(`cells are kept per month; asked for ${interval}`)
  const params = new SqlParams()
  const search = subset && 'searchIds' in subset ? subset : undefined
  const values = subset && 'field' in subset ? subset : undefined
  const conditions = [
    ...(search
      ? searchConditions(params, search)
      : values
        ? valueMonthsConditions(params, datasetIds, values)
        : [`dataset_id = any(${params.add([...datasetIds])}::int[])`]),
    `cx between ${params.add(range.minX)} and ${params.add(range.maxX)}`,
    `cy between ${params.add(range.minY)} and ${params.add(range.maxY)}`,
  ]
  const table = search ? 'event_search_cell_series' : values ? 'event_value_cell_series' : 'event_cell_series'
  const { rows } = await pool.query<{ months: Buffer | null }>(
    `select string_agg(months, ''::bytea) as months from ${table}
      where ${conditions.join(' and ')}`,
    params.values,
  )
  const series = rows[0]?.months
  return series ? sumMonthSeries(series, millisecondSpanOf(months), interval) : new Map()
}

/** The first and last time of the builds' events (with a location, when `located`), or null for none. */
export function buildsTimeRange(builds: readonly CellBuildRow[], located: boolean): { first: Date; last: Date } | null {
  const times = (pick: (build: CellBuildRow) => Date | null) =>
    builds
      .map(pick)
      .filter((time): time is Date => time !== null)
      .map((time) => time.getTime())
  const firsts = times((build) => (located ? build.firstLocatedTime : build.firstTime))
  const lasts = times((build) => (located ? build.lastLocatedTime : build.lastTime))
  if (firsts.length === 0 || lasts.length === 0) return null
  return { first: new Date(Math.min(...firsts)), last: new Date(Math.max(...lasts)) }
}

// The earliest first time and latest last time of `table`'s rows under `conditions` (of the located
// events, when `located`), or null for none.
async function firstAndLast(
  pool: Pool,
  table: 'event_value_months' | 'event_search_months' | 'event_search_cell_series',
  located: boolean,
  conditions: readonly string[],
  params: SqlParams,
): Promise<{ first: Date; last: Date } | null> {
  const { first, last } = spanColumns(located)
  const { rows } = await pool.query<{ first: Date | null; last: Date | null }>(
    `select min(${first}) as first, max(${last}) as last from ${table} where ${conditions.join(' and ')}`,
    params.values,
  )
  const row = rows[0]
  return row?.first && row.last ? { first: row.first, last: row.last } : null
}

/**
 * The first and last time of the events with `values` (with a location, when `located`), from the
 * counts per value and month, or null for none.
 */
export async function valuesTimeRange(
  pool: Pool,
  datasetIds: readonly number[],
  values: ValueSlice,
  located: boolean,
): Promise<{ first: Date; last: Date } | null> {
  const params = new SqlParams()
  const conditions = valueMonthsConditions(params, datasetIds, values)
  return firstAndLast(pool, 'event_value_months', located, conditions, params)
}

/**
 * A search's matches per histogram bucket of a {@link MONTHLY_INTERVALS | monthly interval}, from
 * its counts per month, for the whole UTC months from `start` to `end`; `located` counts only
 * matches with a location.
 */
export async function searchCountsByBucket(
  pool: Pool,
  search: SearchSlice,
  interval: HistogramInterval,
  range: TimeSpan,
  located: boolean,
): Promise<Map<number, number>> {
  if (!MONTHLY_INTERVALS.has(interval))
    throw new RangeError(`a search's counts are kept per month; asked for ${interval}`)
  const params = new SqlParams()
  const from = { table: 'event_search_months', unit: 'month' } as const
  const { counted } = spanColumns(located)
  return unitCountsByBucket(pool, from, counted, params, searchConditions(params, search), interval, range)
}

/**
 * The first and last time of a search's located matches in the zoom-{@link MONTH_CELL_ZOOM} cells
 * of `range`, from its series, or null for none.
 */
export async function searchSeriesTimeRange(
  pool: Pool,
  search: SearchSlice,
  range: CellRange,
): Promise<{ first: Date; last: Date } | null> {
  const params = new SqlParams()
  const conditions = [
    ...searchConditions(params, search),
    `cx between ${params.add(range.minX)} and ${params.add(range.maxX)}`,
    `cy between ${params.add(range.minY)} and ${params.add(range.maxY)}`,
  ]
  return firstAndLast(pool, 'event_search_cell_series', false, conditions, params)
}

/** The first and last time of a search's matches (with a location, when `located`), or null for none. */
export async function searchTimeRange(
  pool: Pool,
  search: SearchSlice,
  located: boolean,
): Promise<{ first: Date; last: Date } | null> {
  const params = new SqlParams()
  return firstAndLast(pool, 'event_search_months', located, searchConditions(params, search), params)
}

/** One dataset's events in a span of whole days or months: how many, and their first and last time. */
export interface DatasetSpanCount {
  readonly datasetId: number
  readonly count: number
  readonly first: Date | null
  readonly last: Date | null
}

/**
 * Per dataset, its events in `range` (with a location, when `located`) and their first and last
 * time: from the day counts (no slice; `range` whole UTC days), or from the months of a value
 * slice or a search (`range` whole UTC months). Datasets without any are left out.
 */
export async function spanCountsByDataset(
  pool: Pool,
  datasetIds: readonly number[],
  slice: ValueSlice | SearchSlice | undefined,
  range: TimeSpan,
  located: boolean,
): Promise<DatasetSpanCount[]> {
  const params = new SqlParams()
  const [table, unit, conditions] = !slice
    ? (['event_days', 'day', [`dataset_id = any(${params.add([...datasetIds])}::int[])`]] as const)
    : 'searchIds' in slice
      ? (['event_search_months', 'month', searchConditions(params, slice)] as const)
      : (['event_value_months', 'month', valueMonthsConditions(params, datasetIds, slice)] as const)
  const where = [...conditions, ...unitRangeConditions(params, unit, range)]
  const { counted, first, last } = spanColumns(located)
  const { rows } = await pool.query<{ dataset_id: number; count: string; first: Date | null; last: Date | null }>(
    `select dataset_id, sum(${counted})::text as count, min(${first}) as first, max(${last}) as last
       from ${table} where ${where.join(' and ')} group by dataset_id having sum(${counted}) > 0`,
    params.values,
  )
  return rows.map((row) => ({
    datasetId: Number(row.dataset_id),
    count: Number(row.count),
    first: row.first,
    last: row.last,
  }))
}
