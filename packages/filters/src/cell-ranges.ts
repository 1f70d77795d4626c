/**
 * Which cluster cells a map view covers, as ranges of cell indices: what a read of cells counted
 * ahead of time (rather than its events) asks for. The view must already be widened to whole cells
 * ({@link snapToCells}), so every cell in a range lies wholly inside it.
 * @module
 */
import { splitBoundingBox, type BoundingBox } from './bounding-box'
import { clusterCellSize, lngLatToMercator, MAX_MERCATOR_LATITUDE, mercatorToLngLat } from './cluster-grid'

/** A block of cells at one zoom: columns `minX`–`maxX` and rows `minY`–`maxY`, both inclusive. */
export interface CellRange {
  readonly minX: number
  readonly maxX: number
  readonly minY: number
  readonly maxY: number
}

/**
 * The cells of a view snapped to a zoom's grid: one range, or two when the view crosses the
 * antimeridian. Points on 180° and at or beyond the latitudes Web Mercator reaches are counted, as
 * `cellOf` and the SQL do, in the cell just past the last column or row; a view reaching that edge
 * includes it, as a box query would include those points.
 * @example cellRangesOfView({ west: -180, south: -85.05112878, east: 180, north: 85.05112878 }, 0) // [{ minX: -2, maxX: 2, minY: -3, maxY: 2 }]
 */
export function cellRangesOfView(view: BoundingBox, zoom: number): CellRange[] {
  const size = clusterCellSize(zoom)
  const half = 2 * 2 ** Math.floor(zoom)
  // The view's edges are whole multiples of the cell size; rounding absorbs the last bit lost
  // when they were turned into degrees and back.
  const cell = (metres: number) => Math.round(metres / size)
  const [, southY] = lngLatToMercator([0, view.south])
  const [, northY] = lngLatToMercator([0, view.north])
  // A latitude clamped to Web Mercator's limit projects a hair past the grid's edge, which `floor`
  // may put in the row beyond: a view reaching the limit takes that row too.
  const minY = view.south <= -MAX_MERCATOR_LATITUDE ? -half - 1 : cell(southY)
  const maxY = view.north >= MAX_MERCATOR_LATITUDE ? half : cell(northY) - 1
  return splitBoundingBox(view).map((box) => {
    const [westX] = lngLatToMercator([box.west, 0])
    const [eastX] = lngLatToMercator([box.east, 0])
    return { minX: cell(westX), maxX: box.east >= 180 ? half : cell(eastX) - 1, minY, maxY }
  })
}

// Web Mercator metres between an inner cell and the view's edge, at least: far more than the last
// bits JS and PostgreSQL may round differently, far less than any real distance between events.
const INNER_MARGIN_M = 0.001
// Degrees a strip reaches into the inner cells, for the same reason.
const STRIP_OVERLAP_DEG = 1e-7

/**
 * The cells of a zoom's grid that lie wholly inside a box (which must not cross the antimeridian),
 * so every event they count is in the box; null when none does. The grid's outermost rows, which
 * also hold points past Web Mercator's latitudes, are never inner.
 * @example innerCellRange({ west: -25, south: 34, east: 45, north: 72 }, 6) // { minX: -17, maxX: 30, minY: 26, maxY: 74 }
 */
export function innerCellRange(box: BoundingBox, zoom: number): CellRange | null {
  if (box.west > box.east) return null
  const size = clusterCellSize(zoom)
  const half = 2 * 2 ** Math.floor(zoom)
  const [westX, southY] = lngLatToMercator([box.west, box.south])
  const [eastX, northY] = lngLatToMercator([box.east, box.north])
  const range = {
    minX: Math.ceil((westX + INNER_MARGIN_M) / size),
    maxX: Math.floor((eastX - INNER_MARGIN_M) / size) - 1,
    minY: Math.max(-half + 1, Math.ceil((southY + INNER_MARGIN_M) / size)),
    maxY: Math.min(half - 2, Math.floor((northY - INNER_MARGIN_M) / size) - 1),
  }
  return range.minX <= range.maxX && range.minY <= range.maxY ? range : null
}

/**
 * The parts of a box outside its inner cells ({@link innerCellRange}), as up to four boxes
 * reaching a hair into those cells: together they cover every point of the box that no inner cell
 * counts, for a spatial index to find.
 */
export function stripsAroundCells(box: BoundingBox, inner: CellRange, zoom: number): BoundingBox[] {
  const size = clusterCellSize(zoom)
  const [innerWest, innerSouth] = mercatorToLngLat([inner.minX * size, inner.minY * size])
  const [innerEast, innerNorth] = mercatorToLngLat([(inner.maxX + 1) * size, (inner.maxY + 1) * size])
  const strips: BoundingBox[] = [
    { ...box, north: innerSouth + STRIP_OVERLAP_DEG },
    { ...box, south: innerNorth - STRIP_OVERLAP_DEG },
    { ...box, east: innerWest + STRIP_OVERLAP_DEG },
    { ...box, west: innerEast - STRIP_OVERLAP_DEG },
  ]
  return strips.filter((strip) => strip.south <= strip.north && strip.west <= strip.east)
}
