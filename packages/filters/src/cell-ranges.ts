/**
 * Which cluster cells a map view covers, as ranges of cell indices: what a read of cells counted
 * ahead of time (rather than its events) asks for. The view must already be widened to whole cells
 * ({@link snapToCells}), so every cell in a range lies wholly inside it.
 * @module
 */
import { splitBoundingBox, type BoundingBox } from './bounding-box'
import { clusterCellSize, lngLatToMercator, MAX_MERCATOR_LATITUDE } from './cluster-grid'

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
