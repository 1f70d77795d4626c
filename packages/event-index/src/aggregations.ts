/**
 * What the read API computes over selected rows: the time extent, counts per histogram bucket,
 * map-cluster cells, the simple bounds, and the events of a list page. Each result equals what the
 * SQL of the same endpoint gives for the same rows.
 * @module
 */
import { clusterCellSize, finestCellX, lngLatToMercator, MAX_CLUSTER_ZOOM, type BoundingBox } from '@chronotope/filters'

import { ByteBudgetCache, identityOf } from './byte-budget-cache'
import { GRID_CELLS, GRID_ZOOM, NO_CELL } from './event-segment'
import { forEachCellUnder, gridRanges } from './grid-ranges'
import { decodeRows, firstAtOrAfter, lowerBound, type RowLists } from './row-lists'
import type { TimeColumn } from './time-column'
import { extentOverlap } from './box-overlap'
import type { BoxedRows, Selection } from './row-selection'

/**
 * The earliest and latest time among the selected rows, or null when none has a time.
 * @example timeExtent(selections) // { firstMs: 157766400000, lastMs: 1735689599000 }
 */
export function timeExtent(selections: readonly Selection[]): { firstMs: number; lastMs: number } | null {
  let firstMs = Number.POSITIVE_INFINITY
  let lastMs = Number.NEGATIVE_INFINITY
  for (const selection of selections) {
    const { timeColumn: times, timedCount } = selection.segment
    if (selection.span) {
      const high = Math.min(selection.span.high, timedCount)
      if (high <= selection.span.low) continue
      firstMs = Math.min(firstMs, times.time(selection.span.low))
      lastMs = Math.max(lastMs, times.time(high - 1))
      continue
    }
    const ends = selection.timedEnds()
    if (!ends) continue
    firstMs = Math.min(firstMs, times.time(ends[0]))
    lastMs = Math.max(lastMs, times.time(ends[1]))
  }
  return firstMs === Number.POSITIVE_INFINITY ? null : { firstMs, lastMs }
}

/**
 * Counts the selected rows per bucket. `bucketStartsMs` ascend; a row belongs to the last bucket
 * starting at or before its time (rows before the first bucket are not counted).
 * @returns one count per bucket
 */
export function countByBucket(selections: readonly Selection[], bucketStartsMs: Float64Array): Uint32Array {
  const counts = new Uint32Array(bucketStartsMs.length)
  if (bucketStartsMs.length === 0) return counts
  for (const selection of selections) {
    const { timeColumn: times, timedCount } = selection.segment
    if (selection.span) {
      countSpanByBucket(times, selection.span.low, Math.min(selection.span.high, timedCount), bucketStartsMs, counts)
      continue
    }
    // Rows are in time order, so each bucket starts at a row, and a row's bucket follows from its
    // number: each run's rows of a bucket are found by galloping through the run (few steps per
    // bucket), or, when many rows come in short runs, read from a table of every row's bucket.
    const bucketRows = new Int32Array(bucketStartsMs.length)
    // Bucket starts ascend, so each bucket's first row is at or after the one before's.
    for (let bucket = 0, from = 0; bucket < bucketRows.length; bucket++)
      from = bucketRows[bucket] = firstAtOrAfter(times, from, timedCount, bucketStartsMs[bucket]!)
    const values = selection.wholeValues
    if (values) {
      // Every row of some values: each value's row list is counted as a whole grid cell's is.
      const postings = selection.segment.field(values.path)!.rowsByCode()
      for (const code of values.codes) countGroupByBucket(postings, code, bucketRows, timedCount, counts)
      continue
    }
    if (!selection.isListed) {
      // A grid cell wholly selected is counted from its list without reading its rows one by one.
      const grid = selection.segment.gridRows()
      selection.forEachRun(
        (rows, from, to, wholeCell) =>
          from === to
            ? countGroupByBucket(grid, wholeCell, bucketRows, timedCount, counts)
            : countRunByBucket(rows, from, to, bucketRows, timedCount, counts),
        () => true,
      )
      continue
    }
    const runCount = selection.runs?.ends.length ?? 1
    if (selection.size * 16 >= timedCount && selection.size < SHORT_RUN_ROWS * runCount) {
      const bucketOfRow = bucketTable(bucketRows, timedCount)
      selection.forEachRun((rows, from, to) => countRowsByTable(rows, from, to, bucketOfRow, counts))
    } else {
      selection.forEachRun((rows, from, to) => countRunByBucket(rows, from, to, bucketRows, timedCount, counts))
    }
  }
  return counts
}

// Counts rows by their entry in a bucket table; rows past its end have no time.
function countRowsByTable(
  rows: Int32Array,
  from: number,
  to: number,
  bucketOfRow: Uint16Array,
  counts: Uint32Array,
): void {
  const timedCount = bucketOfRow.length
  for (let index = from; index < to; index++) {
    const row = rows[index]!
    // A run ascends: the rest of it has no time.
    if (row >= timedCount) return
    const bucket = bucketOfRow[row]!
    if (bucket !== BEFORE_FIRST_BUCKET) counts[bucket]!++
  }
}

// Counts a group's rows by bucket from its list (a grid cell's, or a value's). The entries of a run
// of the list share their high bits (one 65,536-row stretch), so the run's rows of one bucket are
// found by a binary search of its low bits for the next bucket's first row: a crowded group costs a
// few steps per stretch and bucket rather than one per row.
function countGroupByBucket(
  lists: RowLists,
  group: number,
  bucketRows: Int32Array,
  timedCount: number,
  counts: Uint32Array,
): void {
  const { lows, runStarts, runHighs } = lists
  const last = bucketRows.length - 1
  const end = lists.starts[group + 1]!
  let entry = lists.starts[group]!
  let run = lowerBound(runStarts, 0, runStarts.length, entry + 1) - 1
  // The group's rows ascend, so each one's bucket is the last one's or a later one, mostly the next:
  // stepping forward costs less than a search over every bucket.
  let bucket = -1
  while (entry < end) {
    const runEnd = Math.min(end, run + 1 < runStarts.length ? runStarts[run + 1]! : lows.length)
    const high = runHighs[run]! << 16
    while (entry < runEnd) {
      const row = high | lows[entry]!
      // The rest have no time.
      if (row >= timedCount) return
      while (bucket < last && bucketRows[bucket + 1]! <= row) bucket++
      const bucketEnd = Math.min(timedCount, bucket < last ? bucketRows[bucket + 1]! : timedCount)
      let stop = runEnd
      if (bucketEnd - high < 65_536) {
        // The first entry of the run at or past the bucket's end, by its low bits.
        let low = entry + 1
        stop = runEnd
        while (low < stop) {
          const middle = (low + stop) >>> 1
          if (lows[middle]! < bucketEnd - high) low = middle + 1
          else stop = middle
        }
      }
      if (bucket >= 0) counts[bucket]! += stop - entry
      entry = stop
    }
    run++
  }
}

/** Runs shorter than this on average are counted through a table of each row's bucket. */
const SHORT_RUN_ROWS = 8

/** In a bucket table, a row before the first bucket. */
const BEFORE_FIRST_BUCKET = 0xffff

// Each timed row's bucket (histograms have at most 10,000 buckets).
function bucketTable(bucketRows: Int32Array, timedCount: number): Uint16Array {
  const table = new Uint16Array(timedCount).fill(BEFORE_FIRST_BUCKET, 0, Math.min(bucketRows[0]!, timedCount))
  for (let bucket = 0; bucket < bucketRows.length; bucket++) {
    table.fill(bucket, bucketRows[bucket], bucket + 1 < bucketRows.length ? bucketRows[bucket + 1]! : timedCount)
  }
  return table
}

// Counts an ascending run of rows by bucket; bucket `b` holds the rows from `bucketRows[b]` up to
// the next bucket's first row (the last up to `timedCount`, where the rows without a time begin).
// A bucket's rows in the run are found by galloping to the first row of the next bucket, so a long
// run costs a few steps per bucket rather than one per row.
function countRunByBucket(
  rows: Int32Array,
  from: number,
  to: number,
  bucketRows: Int32Array,
  timedCount: number,
  counts: Uint32Array,
): void {
  const last = bucketRows.length - 1
  let index = from
  let bucket = -1
  while (index < to) {
    const row = rows[index]!
    if (row >= timedCount) return
    // Times ascend along the run: the next bucket usually holds the row, else search.
    if (bucket < last && row >= bucketRows[bucket + 1]! && (bucket + 1 === last || row < bucketRows[bucket + 2]!))
      bucket++
    else bucket = lastAtOrBefore(bucketRows, row)
    const end = firstAtLeast(rows, index + 1, to, bucket < last ? bucketRows[bucket + 1]! : timedCount)
    if (bucket >= 0) counts[bucket]! += end - index
    index = end
  }
}

/** The first index from `from` on whose row is ≥ `target` in the ascending `rows[from … to)`, by galloping. */
function firstAtLeast(rows: Int32Array, from: number, to: number, target: number): number {
  let low = from
  let step = 1
  // Doubling steps find a stretch holding the answer; a binary search finds it in the stretch.
  while (low + step <= to && rows[low + step - 1]! < target) {
    low += step
    step *= 2
  }
  let high = Math.min(to, low + step)
  while (low < high) {
    const middle = (low + high) >>> 1
    if (rows[middle]! < target) low = middle + 1
    else high = middle
  }
  return low
}

/** The last index whose value is ≤ `row` in the ascending `bucketRows`, or -1. */
function lastAtOrBefore(bucketRows: Int32Array, row: number): number {
  let low = 0
  let high = bucketRows.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (bucketRows[middle]! <= row) low = middle + 1
    else high = middle
  }
  return low - 1
}

/** Adds the rows `[low, high)` (all with a time, ascending) to their buckets by binary search. */
function countSpanByBucket(
  times: TimeColumn,
  low: number,
  high: number,
  starts: Float64Array,
  counts: Uint32Array,
): void {
  if (high <= low) return
  // Each bucket ends where the next begins; starts ascend, so each search begins at the last one.
  let begin = firstAtOrAfter(times, low, high, starts[0]!)
  for (let bucket = 0; bucket < starts.length; bucket++) {
    const end = bucket + 1 < starts.length ? firstAtOrAfter(times, begin, high, starts[bucket + 1]!) : high
    counts[bucket]! += end - begin
    begin = end
  }
}

/** One map-cluster cell: its grid position and the summary of its events. */
export interface ClusterCellSummary {
  /** Column and row on the fixed Web Mercator grid of the zoom (`@chronotope/filters`). */
  readonly cx: number
  readonly cy: number
  readonly count: number
  /** Mean longitude and latitude of the cell's events. */
  readonly longitude: number
  readonly latitude: number
  /** Extent of the cell's events. */
  readonly west: number
  readonly south: number
  readonly east: number
  readonly north: number
  /** The smallest event id in the cell (the event itself when the cell holds one). */
  readonly firstId: number
}

/** Above this many cells in view the grid is kept in a map rather than a dense array. */
const MAX_DENSE_CELLS = 1 << 20

/** Bytes a cell takes in a {@link CellTable}: four 4-byte and six 8-byte columns. */
const CELL_BYTES = 4 * 4 + 6 * 8

// The occupied cells, column-wise: one slot per cell, grown as cells appear.
class CellTable {
  size = 0
  cx = new Int32Array(256)
  cy = new Int32Array(256)
  count = new Int32Array(256)
  firstId = new Int32Array(256)
  sumLongitude = new Float64Array(256)
  sumLatitude = new Float64Array(256)
  west = new Float64Array(256)
  south = new Float64Array(256)
  east = new Float64Array(256)
  north = new Float64Array(256)

  add(cx: number, cy: number): number {
    if (this.size === this.cx.length) this.grow()
    const slot = this.size++
    this.cx[slot] = cx
    this.cy[slot] = cy
    this.firstId[slot] = 2_147_483_647
    this.west[slot] = this.south[slot] = Number.POSITIVE_INFINITY
    this.east[slot] = this.north[slot] = Number.NEGATIVE_INFINITY
    return slot
  }

  summaries(): ClusterCellSummary[] {
    return Array.from({ length: this.size }, (_, slot) => ({
      cx: this.cx[slot]!,
      cy: this.cy[slot]!,
      count: this.count[slot]!,
      longitude: this.sumLongitude[slot]! / this.count[slot]!,
      latitude: this.sumLatitude[slot]! / this.count[slot]!,
      west: this.west[slot]!,
      south: this.south[slot]!,
      east: this.east[slot]!,
      north: this.north[slot]!,
      firstId: this.firstId[slot]!,
    }))
  }

  /** The bytes its columns take. */
  get byteLength(): number {
    return this.cx.length * CELL_BYTES
  }

  /** This table with its columns cut to its size, to be kept. */
  trimmed(): CellTable {
    this.resize(this.size)
    return this
  }

  private grow(): void {
    this.resize(Math.max(256, this.cx.length * 2))
  }

  private resize(length: number): void {
    const widen = <T extends Int32Array | Float64Array>(array: T): T => {
      const wider = new (array.constructor as new (length: number) => T)(length)
      wider.set(array.subarray(0, Math.min(length, array.length)))
      return wider
    }
    this.cx = widen(this.cx)
    this.cy = widen(this.cy)
    this.count = widen(this.count)
    this.firstId = widen(this.firstId)
    this.sumLongitude = widen(this.sumLongitude)
    this.sumLatitude = widen(this.sumLatitude)
    this.west = widen(this.west)
    this.south = widen(this.south)
    this.east = widen(this.east)
    this.north = widen(this.north)
  }
}

/** Whole-segment cells are kept for zooms up to this one (coarse views of many events). */
export const MAX_KEPT_CELL_ZOOM = 8
/** A segment keeps its cells at a zoom only when there are at most this many. */
const MAX_KEPT_CELLS = 20_000

// Finds a cell's slot: in a dense array over the view's cells, or a map for cells outside it.
class CellSlots {
  private readonly grid: Int32Array | undefined
  private readonly sparse = new Map<number, number>()

  constructor(
    private readonly table: CellTable,
    private readonly minCx: number,
    private readonly minCy: number,
    private readonly columns: number,
    private readonly gridRows: number,
  ) {
    // Slot + 1 per cell (0: empty), when the view's grid is small enough to hold densely.
    this.grid =
      columns * gridRows <= MAX_DENSE_CELLS && columns > 0 && gridRows > 0
        ? new Int32Array(columns * gridRows)
        : undefined
  }

  slotOf(cx: number, cy: number): number {
    const column = cx - this.minCx
    const gridRow = cy - this.minCy
    if (this.grid !== undefined && column >= 0 && column < this.columns && gridRow >= 0 && gridRow < this.gridRows) {
      const at = gridRow * this.columns + column
      const slot = this.grid[at]! - 1
      if (slot >= 0) return slot
      const added = this.table.add(cx, cy)
      this.grid[at] = added + 1
      return added
    }
    // Outside the view's grid only by rounding at an edge, or a grid too large to hold densely.
    const key = cx * 67_108_864 + cy
    const found = this.sparse.get(key)
    if (found !== undefined) return found
    const added = this.table.add(cx, cy)
    this.sparse.set(key, added)
    return added
  }
}

// Adds the rows `rows[from … to)`, or the rows `from … to - 1` when `rows` is undefined.
function addRows(
  table: CellTable,
  slots: CellSlots,
  segment: Selection['segment'],
  rows: Int32Array | undefined,
  from: number,
  to: number,
  shift: number,
): void {
  const { cellY, longitudes, latitudes, ids } = segment
  for (let index = from; index < to; index++) {
    const row = rows ? rows[index]! : index
    const finestY = cellY[row]!
    if (finestY === NO_CELL) continue
    const longitude = longitudes[row]!
    const latitude = latitudes[row]!
    const slot = slots.slotOf(finestCellX(longitude) >> shift, finestY >> shift)
    const id = ids[row]!
    table.count[slot]!++
    table.sumLongitude[slot]! += longitude
    table.sumLatitude[slot]! += latitude
    if (longitude < table.west[slot]!) table.west[slot] = longitude
    if (longitude > table.east[slot]!) table.east[slot] = longitude
    if (latitude < table.south[slot]!) table.south[slot] = latitude
    if (latitude > table.north[slot]!) table.north[slot] = latitude
    if (id < table.firstId[slot]!) table.firstId[slot] = id
  }
}

// Adds one summarised cell of `from`, under the cell `shift` zooms coarser.
function addSummary(table: CellTable, slots: CellSlots, from: CellTable, source: number, shift: number): void {
  const slot = slots.slotOf(from.cx[source]! >> shift, from.cy[source]! >> shift)
  table.count[slot]! += from.count[source]!
  table.sumLongitude[slot]! += from.sumLongitude[source]!
  table.sumLatitude[slot]! += from.sumLatitude[source]!
  table.west[slot] = Math.min(table.west[slot]!, from.west[source]!)
  table.south[slot] = Math.min(table.south[slot]!, from.south[source]!)
  table.east[slot] = Math.max(table.east[slot]!, from.east[source]!)
  table.north[slot] = Math.max(table.north[slot]!, from.north[source]!)
  table.firstId[slot] = Math.min(table.firstId[slot]!, from.firstId[source]!)
}

function addTable(table: CellTable, slots: CellSlots, from: CellTable): void {
  for (let source = 0; source < from.size; source++) addSummary(table, slots, from, source, 0)
}

// Every located event of a segment in the cells of a coarse zoom, computed once per segment.
function wholeSegmentCells(segment: Selection['segment'], zoom: number): CellTable | null {
  return segment.memoize(`cells:${zoom}`, () => {
    const table = new CellTable()
    const slots = new CellSlots(table, 0, 0, 0, 0)
    addRows(table, slots, segment, undefined, 0, segment.size, MAX_CLUSTER_ZOOM - zoom)
    return table.size <= MAX_KEPT_CELLS ? table : null
  })
}

// Every located event with one value of a field, in the cells of a coarse zoom, computed once per
// segment, field, value and zoom (a segment's field columns never change).
function valueCells(segment: Selection['segment'], path: string, code: number, zoom: number): CellTable | null {
  return segment.memoize(`value-cells:${zoom}:${code}:${path}`, () => {
    const postings = segment.field(path)!.rowsByCode()
    const rows = decodeRows(postings, postings.starts[code]!, postings.starts[code + 1]!)
    const table = new CellTable()
    addRows(table, new CellSlots(table, 0, 0, 0, 0), segment, rows, 0, rows.length, MAX_CLUSTER_ZOOM - zoom)
    return table.size <= MAX_KEPT_CELLS ? table : null
  })
}

/** A search's matches are summarised per cell only from this many rows on: fewer are read at once. */
const MIN_SEARCH_SUMMARY_ROWS = 4096
/** A search's matches keep their cells at a zoom only when there are at least this many rows per cell. */
const MIN_ROWS_PER_SEARCH_CELL = 16

const searchCellTables = new WeakMap<Int32Array, Map<number, CellTable | null>>()

// A search's matched rows in the cells of a coarse zoom, computed once per zoom and kept with the
// rows, which the text match cache holds per dataset version: a search's map, bounds and zooms
// then read a few cells instead of every match again. Kept only when crowded (16 rows a cell or
// more), so a zoom's cells take at most about as many bytes as the rows (the text match cache
// counts them with the rows).
function searchedCells(segment: Selection['segment'], rows: Int32Array, zoom: number): CellTable | null {
  if (rows.length < MIN_SEARCH_SUMMARY_ROWS) return null
  let byZoom = searchCellTables.get(rows)
  if (!byZoom) searchCellTables.set(rows, (byZoom = new Map<number, CellTable | null>()))
  let kept = byZoom.get(zoom)
  if (kept === undefined) {
    const table = new CellTable()
    addRows(table, new CellSlots(table, 0, 0, 0, 0), segment, rows, 0, rows.length, MAX_CLUSTER_ZOOM - zoom)
    kept = table.size <= Math.min(MAX_KEPT_CELLS, rows.length / MIN_ROWS_PER_SEARCH_CELL) ? table.trimmed() : null
    byZoom.set(zoom, kept)
  }
  return kept
}

/** Rows per block of a segment's time-ordered block summaries, at least. */
const MIN_BLOCK_ROWS = 4096

/** Blocks of a segment, at most about: a big segment's blocks grow rather than multiply. */
const MAX_BLOCKS = 128

// Fewer, bigger blocks keep fewer summaries (a cell repeats in every block it has rows in), while
// a time range still reads at most two partial blocks, a sixty-fourth of the segment, row by row.
function blockRowsOf(segment: Selection['segment']): number {
  return Math.max(MIN_BLOCK_ROWS, 2 ** Math.ceil(Math.log2(segment.size / MAX_BLOCKS)))
}

/** A segment's rows in blocks of {@link blockRowsOf} rows (in list order), each summarised per cell. */
interface BlockCells {
  readonly table: CellTable
  /** Block `b`'s cells are the slots `blockEnds[b - 1] … blockEnds[b] - 1` of `table` (from 0 for the first). */
  readonly blockEnds: Int32Array
}

// Computed once per segment and zoom, and kept only when blocks hold far fewer cells than rows:
// a time range then adds its whole blocks' cells and reads only the rows of its two partial blocks.
function blockCells(segment: Selection['segment'], zoom: number): BlockCells | null {
  return segment.memoize(`block-cells:${zoom}`, () => {
    const rows = blockRowsOf(segment)
    const blocks = Math.floor(segment.size / rows)
    if (blocks < 2) return null
    const table = new CellTable()
    const blockEnds = new Int32Array(blocks)
    for (let block = 0; block < blocks; block++) {
      addRows(
        table,
        new CellSlots(table, 0, 0, 0, 0),
        segment,
        undefined,
        block * rows,
        (block + 1) * rows,
        MAX_CLUSTER_ZOOM - zoom,
      )
      blockEnds[block] = table.size
      if (table.size > segment.size / 4) return null
    }
    return { table, blockEnds }
  })
}

// Adds the rows `low … high - 1`, through the block summaries where whole blocks are in the span.
function addSpan(
  table: CellTable,
  slots: CellSlots,
  segment: Selection['segment'],
  low: number,
  high: number,
  zoom: number,
): void {
  const shift = MAX_CLUSTER_ZOOM - zoom
  const rows = blockRowsOf(segment)
  const firstBlock = Math.ceil(low / rows)
  const endBlock = Math.floor(high / rows)
  const blocks = endBlock - firstBlock >= 2 && zoom <= MAX_KEPT_CELL_ZOOM ? blockCells(segment, zoom) : null
  if (!blocks) {
    addRows(table, slots, segment, undefined, low, high, shift)
    return
  }
  addRows(table, slots, segment, undefined, low, firstBlock * rows, shift)
  const from = firstBlock === 0 ? 0 : blocks.blockEnds[firstBlock - 1]!
  const to = blocks.blockEnds[endBlock - 1]!
  for (let source = from; source < to; source++) addSummary(table, slots, blocks.table, source, 0)
  addRows(table, slots, segment, undefined, endBlock * rows, high, shift)
}

/** A segment's located events summarised per cell of the coarse grid, and each grid cell's summary. */
interface GridSummaries {
  readonly table: CellTable
  /** Per coarse grid cell, its slot in `table`, or -1 when it has no summary. */
  readonly slotOfCell: Int32Array
}

// Computed once per segment. A grid cell is summarised only when all its rows share one cell of the
// grid's zoom: positions at the world's very edge are clamped into the last grid cell.
function gridSummaries(segment: Selection['segment']): GridSummaries {
  return segment.memoize('grid-cells', () => {
    const table = new CellTable()
    const slots = new CellSlots(table, 0, 0, 0, 0)
    const slotOfCell = new Int32Array(GRID_CELLS * GRID_CELLS).fill(-1)
    const grid = segment.gridRows()
    const { longitudes, cellY } = segment
    const shift = MAX_CLUSTER_ZOOM - GRID_ZOOM
    for (let cell = 0; cell < GRID_CELLS * GRID_CELLS; cell++) {
      if (grid.starts[cell + 1] === grid.starts[cell]) continue
      const rows = decodeRows(grid, grid.starts[cell]!, grid.starts[cell + 1]!)
      const cx = finestCellX(longitudes[rows[0]!]!) >> shift
      const cy = cellY[rows[0]!]! >> shift
      let shared = true
      for (let index = 1; index < rows.length && shared; index++) {
        const row = rows[index]!
        shared = finestCellX(longitudes[row]!) >> shift === cx && cellY[row]! >> shift === cy
      }
      if (!shared) continue
      slotOfCell[cell] = table.size
      addRows(table, slots, segment, rows, 0, rows.length, shift)
    }
    return { table, slotOfCell }
  })
}

/**
 * Most bytes the crowded grid cells' map cells at zooms past {@link MAX_KEPT_CELL_ZOOM} may take
 * together in a process; the least recently used go first.
 */
export const FINE_CELLS_MAX_BYTES = 32 * 1024 * 1024

/** A grid cell's rows are summarised at a fine zoom only from this many rows on: fewer are read at once. */
const MIN_FINE_SUMMARY_ROWS = 4096

/** The crowded grid cells' map cells at fine zooms, shared by every read in the process. */
export const fineCells = new ByteBudgetCache<CellTable | null>(
  FINE_CELLS_MAX_BYTES,
  // A cell found not crowded at a zoom is remembered too, at about what its key costs.
  (table) => table?.byteLength ?? 64,
)

// A coarse grid cell's located rows in the cells of a zoom past the kept ones', computed once per
// segment, grid cell and zoom and kept while crowded (16 rows a cell or more, so the cells take at
// most about as many bytes as the rows' list): a city's view at street level then reads a few
// hundred cells instead of every event of its grid cell.
function fineCellsOf(segment: Selection['segment'], cell: number, zoom: number): CellTable | null {
  const grid = segment.gridRows()
  const from = grid.starts[cell]!
  const to = grid.starts[cell + 1]!
  if (to - from < MIN_FINE_SUMMARY_ROWS) return null
  return fineCells.get(`${identityOf(segment)}:${zoom}:${cell}`, () => {
    const table = new CellTable()
    addRows(
      table,
      new CellSlots(table, 0, 0, 0, 0),
      segment,
      decodeRows(grid, from, to),
      0,
      to - from,
      MAX_CLUSTER_ZOOM - zoom,
    )
    return table.size <= (to - from) / MIN_ROWS_PER_SEARCH_CELL ? table.trimmed() : null
  })
}

// Adds the located rows in the boxes, a coarse grid cell at a time: a crowded cell's rows from its
// cells at the zoom when none of those lies across an edge of the boxes (a view snapped to the
// zoom's cells has none but by rounding), any other cell's rows one by one.
function addFineBoxed(
  table: CellTable,
  slots: CellSlots,
  segment: Selection['segment'],
  boxes: readonly BoundingBox[],
  zoom: number,
): void {
  const grid = segment.gridRows()
  const { longitudes, latitudes } = segment
  const shift = MAX_CLUSTER_ZOOM - zoom
  forEachCellUnder(segment, gridRanges(boxes), boxes, (cell, inside) => {
    const cells = fineCellsOf(segment, cell, zoom)
    const within = cells && cellsInside(cells, 0, cells.size, boxes)
    if (within) {
      addCellsInside(table, slots, cells, 0, within)
      return
    }
    const rows = decodeRows(grid, grid.starts[cell]!, grid.starts[cell + 1]!)
    let kept = rows.length
    if (!inside) {
      kept = 0
      for (let index = 0; index < rows.length; index++) {
        const row = rows[index]!
        const longitude = longitudes[row]!
        const latitude = latitudes[row]!
        rows[kept] = row
        kept += +boxes.some(
          (box) => longitude >= box.west && longitude <= box.east && latitude >= box.south && latitude <= box.north,
        )
      }
    }
    addRows(table, slots, segment, rows, 0, kept, shift)
  })
}

// Which of `from`'s slots `first … end - 1` lie inside the boxes (1) or outside (0); null when one
// lies across an edge of the boxes.
function cellsInside(from: CellTable, first: number, end: number, boxes: readonly BoundingBox[]): Uint8Array | null {
  const inside = new Uint8Array(end - first)
  for (let slot = first; slot < end; slot++) {
    const overlap = extentOverlap(from.west[slot]!, from.south[slot]!, from.east[slot]!, from.north[slot]!, boxes)
    if (overlap === 'across') return null
    inside[slot - first] = overlap === 'inside' ? 1 : 0
  }
  return inside
}

function addCellsInside(table: CellTable, slots: CellSlots, from: CellTable, first: number, inside: Uint8Array): void {
  for (let index = 0; index < inside.length; index++)
    if (inside[index] === 1) addSummary(table, slots, from, first + index, 0)
}

// Adds the rows `from … to - 1` that lie in the boxes (one or two: a box over the antimeridian).
function addRowsInBoxes(
  table: CellTable,
  slots: CellSlots,
  segment: Selection['segment'],
  from: number,
  to: number,
  shift: number,
  boxes: readonly BoundingBox[],
): void {
  const { longitudes, latitudes } = segment
  const [one, two = one] = boxes as [BoundingBox, BoundingBox?]
  let start = from
  // Consecutive rows in the boxes are added as one range.
  for (let row = from; row <= to; row++) {
    if (row < to) {
      const longitude = longitudes[row]!
      const latitude = latitudes[row]!
      if (latitude >= one.south && latitude <= one.north && longitude >= one.west && longitude <= one.east) continue
      if (latitude >= two.south && latitude <= two.north && longitude >= two.west && longitude <= two.east) continue
    }
    if (row > start) addRows(table, slots, segment, undefined, start, row, shift)
    start = row + 1
  }
}

/**
 * Adds the rows of a span or of some values that lie in some boxes from the kept cells of the
 * span or values (whole blocks of the span, and the rows of its partial blocks), when none of those
 * cells lies across an edge of the boxes; a view snapped to the zoom's cells has none but by
 * rounding. Adds nothing and answers false otherwise.
 */
function addBoxed(
  table: CellTable,
  slots: CellSlots,
  segment: Selection['segment'],
  boxed: BoxedRows,
  zoom: number,
): boolean {
  const { boxes, span, values, searched } = boxed
  if (searched) {
    const cells = searchedCells(segment, searched, zoom)
    const inside = cells && cellsInside(cells, 0, cells.size, boxes)
    if (!inside) return false
    addCellsInside(table, slots, cells, 0, inside)
    return true
  }
  if (values) {
    const tables = values.codes.map((code) => valueCells(segment, values.path, code, zoom))
    const insides = tables.map((cells) => (cells ? cellsInside(cells, 0, cells.size, boxes) : null))
    if (!insides.every((inside) => inside !== null)) return false
    tables.forEach((cells, index) => addCellsInside(table, slots, cells!, 0, insides[index]!))
    return true
  }
  const { low, high } = span!
  if (low === 0 && high === segment.size) {
    const kept = wholeSegmentCells(segment, zoom)
    const inside = kept && cellsInside(kept, 0, kept.size, boxes)
    if (!inside) return false
    addCellsInside(table, slots, kept, 0, inside)
    return true
  }
  const rows = blockRowsOf(segment)
  const firstBlock = Math.ceil(low / rows)
  const endBlock = Math.floor(high / rows)
  const blocks = endBlock - firstBlock >= 2 ? blockCells(segment, zoom) : null
  if (!blocks) return false
  const shift = MAX_CLUSTER_ZOOM - zoom
  addRowsInBoxes(table, slots, segment, low, firstBlock * rows, shift, boxes)
  // A block whose cells all lie inside or outside the boxes adds those inside; one with a cell
  // across an edge (an event exactly on it, in the cell beyond) adds its rows in the boxes.
  for (let block = firstBlock; block < endBlock; block++) {
    const first = block === 0 ? 0 : blocks.blockEnds[block - 1]!
    const inside = cellsInside(blocks.table, first, blocks.blockEnds[block]!, boxes)
    if (inside) addCellsInside(table, slots, blocks.table, first, inside)
    else addRowsInBoxes(table, slots, segment, block * rows, (block + 1) * rows, shift, boxes)
  }
  addRowsInBoxes(table, slots, segment, endBlock * rows, high, shift, boxes)
  return true
}

/**
 * Groups the selected rows with a location into the cells of the zoom's grid.
 * @param view - the (cell-snapped) box the rows were selected in; it bounds the grid kept in memory
 * @returns the occupied cells, ordered by row then column (south to north, west to east)
 */
export function clusterCells(selections: readonly Selection[], zoom: number, view: BoundingBox): ClusterCellSummary[] {
  const size = clusterCellSize(zoom)
  const shift = MAX_CLUSTER_ZOOM - zoom
  const crosses = view.west > view.east
  const [westX, southY] = lngLatToMercator([crosses ? -180 : view.west, view.south])
  const [eastX, northY] = lngLatToMercator([crosses ? 180 : view.east, view.north])
  const minCx = Math.floor(westX / size)
  const minCy = Math.floor(southY / size)
  const table = new CellTable()
  const slots = new CellSlots(
    table,
    minCx,
    minCy,
    Math.floor(eastX / size) - minCx + 1,
    Math.floor(northY / size) - minCy + 1,
  )
  for (const selection of selections) {
    const { segment, span } = selection
    // Every event of the segment, or every match of a search, is in view: its kept cells are the answer.
    const kept =
      zoom > MAX_KEPT_CELL_ZOOM
        ? null
        : selection.isWhole
          ? wholeSegmentCells(segment, zoom)
          : selection.searched && searchedCells(segment, selection.searched, zoom)
    // Every event with some values of a field: their kept cells are the answer.
    const values = selection.wholeValues
    const valueTables =
      values && zoom <= MAX_KEPT_CELL_ZOOM
        ? values.codes.map((code) => valueCells(segment, values.path, code, zoom))
        : []
    if (kept) addTable(table, slots, kept)
    else if (valueTables.length > 0 && valueTables.every((cells) => cells !== null))
      for (const cells of valueTables) addTable(table, slots, cells)
    else if (span) addSpan(table, slots, segment, span.low, span.high, zoom)
    else if (selection.boxed && zoom <= MAX_KEPT_CELL_ZOOM && addBoxed(table, slots, segment, selection.boxed, zoom))
      continue
    else if (zoom > GRID_ZOOM && selection.boxed && isWholeRange(selection.boxed, segment))
      // Every located event in the boxes, at a zoom finer than the grid's: from the grid cells' own cells.
      addFineBoxed(table, slots, segment, selection.boxed.boxes, zoom)
    else {
      // A whole grid cell nests in one cell of a zoom no finer than the grid's: its summary stands for its rows.
      const grid = zoom <= GRID_ZOOM ? gridSummaries(segment) : undefined
      selection.forEachRun(
        (rows, from, to, wholeCell) => {
          const summary = grid && wholeCell >= 0 ? grid.slotOfCell[wholeCell]! : -1
          if (summary >= 0) addSummary(table, slots, grid!.table, summary, GRID_ZOOM - zoom)
          else addRows(table, slots, segment, rows, from, to, shift)
        },
        grid && ((cell) => grid.slotOfCell[cell]! >= 0),
      )
    }
  }
  return table.summaries().sort((a, b) => a.cy - b.cy || a.cx - b.cx)
}

// Whether boxed rows are every row of the segment in the boxes (no time range, value or search).
function isWholeRange(boxed: BoxedRows, segment: Selection['segment']): boolean {
  return boxed.span !== undefined && boxed.span.low === 0 && boxed.span.high === segment.size
}

/**
 * The extent of the selected rows that have a location, and how many they are.
 * @returns null bounds when none has a location
 */
export function locatedExtent(selections: readonly Selection[]): {
  bounds: [number, number, number, number] | null
  count: number
} {
  let west = Number.POSITIVE_INFINITY
  let south = Number.POSITIVE_INFINITY
  let east = Number.NEGATIVE_INFINITY
  let north = Number.NEGATIVE_INFINITY
  let count = 0
  const include = (w: number, s: number, e: number, n: number, located: number) => {
    count += located
    west = Math.min(west, w)
    south = Math.min(south, s)
    east = Math.max(east, e)
    north = Math.max(north, n)
  }
  for (const selection of selections) {
    const { segment } = selection
    if (selection.isWhole) {
      // The whole segment: its extent is known.
      if (segment.extent) include(...segment.extent, segment.locatedCount)
      continue
    }
    const summaries = summarisedRows(selection)
    if (summaries) {
      for (const table of summaries)
        for (let slot = 0; slot < table.size; slot++)
          include(table.west[slot]!, table.south[slot]!, table.east[slot]!, table.north[slot]!, table.count[slot]!)
      continue
    }
    const { longitudes, latitudes } = segment
    const grid = selection.span ? undefined : gridSummaries(segment)
    const visit = (rows: Int32Array | undefined, from: number, to: number, wholeCell: number) => {
      const summary = grid && wholeCell >= 0 ? grid.slotOfCell[wholeCell]! : -1
      if (summary >= 0) {
        const { table } = grid!
        include(
          table.west[summary]!,
          table.south[summary]!,
          table.east[summary]!,
          table.north[summary]!,
          table.count[summary]!,
        )
        return
      }
      for (let index = from; index < to; index++) {
        const row = rows ? rows[index]! : index
        const longitude = longitudes[row]!
        const latitude = latitudes[row]!
        if (Number.isNaN(longitude) || Number.isNaN(latitude)) continue
        count++
        if (longitude < west) west = longitude
        if (longitude > east) east = longitude
        if (latitude < south) south = latitude
        if (latitude > north) north = latitude
      }
    }
    if (selection.span) visit(undefined, selection.span.low, selection.span.high, -1)
    else selection.forEachRun(visit, (cell) => grid!.slotOfCell[cell]! >= 0)
  }
  return { bounds: count === 0 ? null : [west, south, east, north], count }
}

// A time range's, some whole values' or a search's located rows as cell summaries at zoom 0, so
// that their extent needs no row by row reading: a span's whole blocks and each value's rows are
// summarised once per segment (a few cells each), a search's matches once per search. Null for any
// other selection.
function summarisedRows(selection: Selection): CellTable[] | null {
  const { segment, span, wholeValues, searched } = selection
  const searchCells = searched && searchedCells(segment, searched, 0)
  if (searchCells) return [searchCells]
  if (span) {
    const table = new CellTable()
    addSpan(table, new CellSlots(table, 0, 0, 0, 0), segment, span.low, span.high, 0)
    return [table]
  }
  if (!wholeValues) return null
  const tables = wholeValues.codes.map((code) => valueCells(segment, wholeValues.path, code, 0))
  return tables.every((table) => table !== null) ? tables : null
}

/**
 * The ids of the selected rows with a location, smallest first, when there are at most `limit`;
 * null when there are more.
 */
export function locatedIdsUpTo(selections: readonly Selection[], limit: number): number[] | null {
  const ids: number[] = []
  // A wide selection is found to hold more without being listed.
  for (const selection of selections) if (!selection.span && selection.hasMoreThan(limit, true)) return null
  for (const selection of selections) {
    const { cellY, ids: eventIds } = selection.segment
    const visit = (rows: Int32Array | undefined, from: number, to: number) => {
      for (let index = from; index < to && ids.length <= limit; index++) {
        const row = rows ? rows[index]! : index
        if (cellY[row] !== NO_CELL) ids.push(eventIds[row]!)
      }
    }
    if (selection.span) visit(undefined, selection.span.low, selection.span.high)
    else selection.forEachRun(visit)
    if (ids.length > limit) return null
  }
  return ids.sort((a, b) => a - b)
}
