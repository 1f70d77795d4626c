/**
 * What the read API computes over selected rows: the time extent, counts per histogram bucket,
 * map-cluster cells, the simple bounds, and the events of a list page. Each result equals what the
 * SQL of the same endpoint gives for the same rows.
 * @module
 */
import { clusterCellSize, lngLatToMercator, type BoundingBox } from '@chronotope/filters'

import type { Selection } from './row-selection'

/** How many rows the selections hold together. */
export function countRows(selections: readonly Selection[]): number {
  return selections.reduce((sum, selection) => sum + selection.rows.length, 0)
}

// The selection's rows with a time are a prefix (rows are in time order, no time last).
function timedLength(selection: Selection): number {
  const { rows, segment } = selection
  let low = 0
  let high = rows.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (rows[middle]! < segment.timedCount) low = middle + 1
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
    firstMs = Math.min(firstMs, times[selection.rows[0]!]!)
    lastMs = Math.max(lastMs, times[selection.rows[timed - 1]!]!)
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

/** Above this many cells in view the grid is kept in a map rather than dense arrays. */
const MAX_DENSE_CELLS = 1 << 20

class CellAccumulator {
  count = 0
  sumLongitude = 0
  sumLatitude = 0
  west = Number.POSITIVE_INFINITY
  south = Number.POSITIVE_INFINITY
  east = Number.NEGATIVE_INFINITY
  north = Number.NEGATIVE_INFINITY
  firstId = Number.POSITIVE_INFINITY

  constructor(
    readonly cx: number,
    readonly cy: number,
  ) {}

  add(longitude: number, latitude: number, id: number): void {
    this.count++
    this.sumLongitude += longitude
    this.sumLatitude += latitude
    if (longitude < this.west) this.west = longitude
    if (longitude > this.east) this.east = longitude
    if (latitude < this.south) this.south = latitude
    if (latitude > this.north) this.north = latitude
    if (id < this.firstId) this.firstId = id
  }

  summary(): ClusterCellSummary {
    return {
      cx: this.cx,
      cy: this.cy,
      count: this.count,
      longitude: this.sumLongitude / this.count,
      latitude: this.sumLatitude / this.count,
      west: this.west,
      south: this.south,
      east: this.east,
      north: this.north,
      firstId: this.firstId,
    }
  }
}

/**
 * Groups the selected rows with a location into the cells of the zoom's grid.
 * @param view - the (cell-snapped) box the rows were selected in; it bounds the grid kept in memory
 * @returns the occupied cells, ordered by row then column (south to north, west to east)
 */
export function clusterCells(selections: readonly Selection[], zoom: number, view: BoundingBox): ClusterCellSummary[] {
  const size = clusterCellSize(zoom)
  const crosses = view.west > view.east
  const [westX, southY] = lngLatToMercator([crosses ? -180 : view.west, view.south])
  const [eastX, northY] = lngLatToMercator([crosses ? 180 : view.east, view.north])
  const minCx = Math.floor(westX / size)
  const minCy = Math.floor(southY / size)
  const columns = Math.floor(eastX / size) - minCx + 1
  const rowsOfCells = Math.floor(northY / size) - minCy + 1
  const dense = columns * rowsOfCells <= MAX_DENSE_CELLS
  const grid: Array<CellAccumulator | undefined> = dense ? new Array(columns * rowsOfCells) : []
  const sparse = new Map<number, CellAccumulator>()
  const cells: CellAccumulator[] = []
  for (const { segment, rows } of selections) {
    const { mercatorX, mercatorY, longitudes, latitudes, ids } = segment
    for (let index = 0; index < rows.length; index++) {
      const row = rows[index]!
      const x = mercatorX[row]!
      if (Number.isNaN(x)) continue
      const cx = Math.floor(x / size)
      const cy = Math.floor(mercatorY[row]! / size)
      const column = cx - minCx
      const gridRow = cy - minCy
      let cell: CellAccumulator | undefined
      if (dense && column >= 0 && column < columns && gridRow >= 0 && gridRow < rowsOfCells) {
        const slot = gridRow * columns + column
        cell = grid[slot]
        if (cell === undefined) {
          cell = grid[slot] = new CellAccumulator(cx, cy)
          cells.push(cell)
        }
      } else {
        // Outside the expected grid only by rounding at an edge, or a grid too large to hold densely.
        const key = cx * 67_108_864 + cy
        cell = sparse.get(key)
        if (cell === undefined) {
          cell = new CellAccumulator(cx, cy)
          sparse.set(key, cell)
          cells.push(cell)
        }
      }
      cell.add(longitudes[row]!, latitudes[row]!, ids[row]!)
    }
  }
  return cells.map((cell) => cell.summary()).sort((a, b) => a.cy - b.cy || a.cx - b.cx)
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
  for (const { segment, rows } of selections) {
    const { longitudes, latitudes } = segment
    for (let index = 0; index < rows.length; index++) {
      const row = rows[index]!
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
  for (const { segment, rows } of selections) {
    for (let index = 0; index < rows.length; index++) {
      const row = rows[index]!
      if (Number.isNaN(segment.mercatorX[row]!)) continue
      if (ids.length === limit) return null
      ids.push(segment.ids[row]!)
    }
  }
  return ids.sort((a, b) => a - b)
}
