/**
 * The coarse grid's cells under a map view: the ranges of cells its boxes cover, and a walk over
 * the occupied ones that skips those whose rows all lie outside the boxes.
 * @module
 */
import { clusterCellSize, lngLatToMercator, type BoundingBox } from '@chronotope/filters'

import { extentOverlap } from './box-overlap'
import { GRID_CELLS, GRID_ZOOM, type EventSegment } from './event-segment'

/** A rectangle of coarse grid cells, inclusive. */
export interface GridRange {
  readonly x0: number
  readonly y0: number
  readonly x1: number
  readonly y1: number
}

/** The grid cells each box covers, with one more on each side. */
export function gridRanges(boxes: readonly BoundingBox[]): GridRange[] {
  const size = clusterCellSize(GRID_ZOOM)
  const half = GRID_CELLS / 2
  const clamp = (cell: number) => Math.min(GRID_CELLS - 1, Math.max(0, cell))
  return boxes.map((box) => {
    const [westX, southY] = lngLatToMercator([box.west, box.south])
    const [eastX, northY] = lngLatToMercator([box.east, box.north])
    // One cell more on each side: a point on a cell edge may round into its neighbour.
    return {
      x0: clamp(Math.floor(westX / size) + half - 1),
      y0: clamp(Math.floor(southY / size) + half - 1),
      x1: clamp(Math.floor(eastX / size) + half + 1),
      y1: clamp(Math.floor(northY / size) + half + 1),
    }
  })
}

/** How many grid cells the ranges cover. */
export function rangeCells(ranges: readonly GridRange[]): number {
  return ranges.reduce((sum, { x0, y0, x1, y1 }) => sum + (x1 - x0 + 1) * (y1 - y0 + 1), 0)
}

/**
 * Calls `visit(cell, inside)` once for each grid cell of the ranges that has rows not all outside
 * the boxes, until it answers false.
 */
export function forEachCellUnder(
  segment: EventSegment,
  ranges: readonly GridRange[],
  boxes: readonly BoundingBox[],
  visit: (cell: number, inside: boolean) => boolean | void,
): void {
  const { slotOfCell, extents } = segment.gridExtents()
  // The two halves of a box over the antimeridian may share edge cells; each cell is read once.
  const seen = ranges.length > 1 ? new Uint8Array(GRID_CELLS * GRID_CELLS) : undefined
  for (const { x0, y0, x1, y1 } of ranges) {
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const cell = y * GRID_CELLS + x
        const slot = slotOfCell[cell]!
        if (slot < 0) continue
        if (seen) {
          if (seen[cell]) continue
          seen[cell] = 1
        }
        const at = 4 * slot
        const overlap = extentOverlap(extents[at]!, extents[at + 1]!, extents[at + 2]!, extents[at + 3]!, boxes)
        if (overlap !== 'outside' && visit(cell, overlap === 'inside') === false) return
      }
    }
  }
}
