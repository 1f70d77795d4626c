/**
 * What the read API computes over selected rows: the time extent, counts per histogram bucket,
 * map-cluster cells, the simple bounds, and the events of a list page. Each result equals what the
 * SQL of the same endpoint gives for the same rows.
 * @module
 */
import { clusterCellSize, lngLatToMercator, MAX_CLUSTER_ZOOM, type BoundingBox } from '@chronotope/filters'

import { NO_CELL } from './event-segment'
import type { RowSpan, Selection } from './row-selection'

// The selection's rows with a time are a prefix (rows are in time order, no time last).
function timedLength(selection: Selection): number {
  const { segment } = selection
  let low = 0
  let high = selection.size
  while (low < high) {
    const middle = (low + high) >>> 1
    if (selection.rowAt(middle) < segment.timedCount) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * The earliest and latest time among the selected rows, or null when none has a time.
 * @example timeExtent(selections) // { firstMs: 157766400000, lastMs: 1735689599000 }
 */
export function timeExtent(selections: readonly Selection[]): { firstMs: number; lastMs: number } | null {
  let firstMs = Number.POSITIVE_INFINITY
  let lastMs = Number.NEGATIVE_INFINITY
  for (const selection of selections) {
    const timed = timedLength(selection)
    if (timed === 0) continue
    const { times } = selection.segment
    firstMs = Math.min(firstMs, times[selection.rowAt(0)]!)
    lastMs = Math.max(lastMs, times[selection.rowAt(timed - 1)]!)
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
    const { times } = selection.segment
    if (selection.span) {
      countSpanByBucket(times, selection.span.low, Math.min(selection.span.high, selection.segment.timedCount), bucketStartsMs, counts)
      continue
    }
    const timed = timedLength(selection)
    let bucket = 0
    for (let index = 0; index < timed; index++) {
      const time = times[selection.rows[index]!]!
      if (time < bucketStartsMs[0]!) continue
      // Times ascend, so the bucket only ever moves forward.
      while (bucket + 1 < bucketStartsMs.length && bucketStartsMs[bucket + 1]! <= time) bucket++
      counts[bucket]!++
    }
  }
  return counts
}

/** Adds the rows `[low, high)` (all with a time, ascending) to their buckets by binary search. */
function countSpanByBucket(times: Float64Array, low: number, high: number, starts: Float64Array, counts: Uint32Array): void {
  if (high <= low) return
  const firstAt = (ms: number) => {
    let from = low
    let to = high
    while (from < to) {
      const middle = (from + to) >>> 1
      if (times[middle]! < ms) from = middle + 1
      else to = middle
    }
    return from
  }
  for (let bucket = 0; bucket < starts.length; bucket++) {
    const begin = firstAt(starts[bucket]!)
    const end = bucket + 1 < starts.length ? firstAt(starts[bucket + 1]!) : high
    counts[bucket]! += end - begin
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

  private grow(): void {
    const widen = <T extends Int32Array | Float64Array>(array: T): T => {
      const wider = new (array.constructor as new (length: number) => T)(array.length * 2)
      wider.set(array)
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
    this.grid = columns * gridRows <= MAX_DENSE_CELLS && columns > 0 && gridRows > 0 ? new Int32Array(columns * gridRows) : undefined
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

// Adds the given rows, or the rows of `span` when `rows` is undefined.
function addRows(table: CellTable, slots: CellSlots, segment: Selection['segment'], rows: Int32Array | undefined, span: RowSpan, shift: number): void {
  const { cellX, cellY, longitudes, latitudes, ids } = segment
  const count = rows ? rows.length : span.high - span.low
  for (let index = 0; index < count; index++) {
    const row = rows ? rows[index]! : span.low + index
    const finestX = cellX[row]!
    if (finestX === NO_CELL) continue
    const slot = slots.slotOf(finestX >> shift, cellY[row]! >> shift)
    const longitude = longitudes[row]!
    const latitude = latitudes[row]!
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

function addTable(table: CellTable, slots: CellSlots, from: CellTable): void {
  for (let source = 0; source < from.size; source++) {
    const slot = slots.slotOf(from.cx[source]!, from.cy[source]!)
    table.count[slot]! += from.count[source]!
    table.sumLongitude[slot]! += from.sumLongitude[source]!
    table.sumLatitude[slot]! += from.sumLatitude[source]!
    table.west[slot] = Math.min(table.west[slot]!, from.west[source]!)
    table.south[slot] = Math.min(table.south[slot]!, from.south[source]!)
    table.east[slot] = Math.max(table.east[slot]!, from.east[source]!)
    table.north[slot] = Math.max(table.north[slot]!, from.north[source]!)
    table.firstId[slot] = Math.min(table.firstId[slot]!, from.firstId[source]!)
  }
}

// Every located event of a segment in the cells of a coarse zoom, computed once per segment.
function wholeSegmentCells(segment: Selection['segment'], zoom: number): CellTable | null {
  return segment.memoize(`cells:${zoom}`, () => {
    const table = new CellTable()
    const slots = new CellSlots(table, 0, 0, 0, 0)
    addRows(table, slots, segment, undefined, { low: 0, high: segment.size }, MAX_CLUSTER_ZOOM - zoom)
    return table.size <= MAX_KEPT_CELLS ? table : null
  })
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
  const slots = new CellSlots(table, minCx, minCy, Math.floor(eastX / size) - minCx + 1, Math.floor(northY / size) - minCy + 1)
  for (const selection of selections) {
    const { segment, span } = selection
    // Every event of the segment is in view: its kept cells are the answer.
    const kept = selection.isWhole && zoom <= MAX_KEPT_CELL_ZOOM ? wholeSegmentCells(segment, zoom) : null
    if (kept) addTable(table, slots, kept)
    else if (span) addRows(table, slots, segment, undefined, span, shift)
    else addRows(table, slots, segment, selection.rows, { low: 0, high: 0 }, shift)
  }
  return table.summaries().sort((a, b) => a.cy - b.cy || a.cx - b.cx)
}

/**
 * The extent of the selected rows that have a location, and how many they are.
 * @returns null bounds when none has a location
 */
export function locatedExtent(selections: readonly Selection[]): { bounds: [number, number, number, number] | null; count: number } {
  let west = Number.POSITIVE_INFINITY
  let south = Number.POSITIVE_INFINITY
  let east = Number.NEGATIVE_INFINITY
  let north = Number.NEGATIVE_INFINITY
  let count = 0
  for (const selection of selections) {
    const { segment } = selection
    if (selection.isWhole) {
      // The whole segment: its extent is known.
      if (segment.extent) {
        count += segment.locatedCount
        west = Math.min(west, segment.extent[0])
        south = Math.min(south, segment.extent[1])
        east = Math.max(east, segment.extent[2])
        north = Math.max(north, segment.extent[3])
      }
      continue
    }
    const { longitudes, latitudes } = segment
    const size = selection.size
    for (let index = 0; index < size; index++) {
      const row = selection.rowAt(index)
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
  return { bounds: count === 0 ? null : [west, south, east, north], count }
}

/**
 * The ids of the selected rows with a location, smallest first, when there are at most `limit`;
 * null when there are more.
 */
export function locatedIdsUpTo(selections: readonly Selection[], limit: number): number[] | null {
  const ids: number[] = []
  for (const selection of selections) {
    const { segment } = selection
    for (let index = 0; index < selection.size; index++) {
      const row = selection.rowAt(index)
      if (segment.cellX[row] === NO_CELL) continue
      if (ids.length === limit) return null
      ids.push(segment.ids[row]!)
    }
  }
  return ids.sort((a, b) => a - b)
}
