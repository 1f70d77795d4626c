/**
 * A map view that cuts through a dataset's events, cut in turn into the cells wholly inside it
 * (counted ahead of time) and the strips around them (one cell wide, counted from the events
 * through the spatial index), so a read of a continent sums a few thousand cells and reads a
 * sliver of the events instead of all of them. Exact: a cell is inside only with a margin no
 * rounding can cross, and a strip's events are those the cells' own SQL puts in no inside cell.
 * @module
 */
import {
  clusterCellSize,
  innerCellRange,
  stripsAroundCells,
  type BoundingBox,
  type CellRange,
} from '@chronotope/filters'

import type { SqlParams } from '../event-conditions'
import { cellXSql, cellYSql } from './cell-grid-sql'
import { finestCellZoomOf, monthCellZoomFor, type CellSlice } from './cell-queries'

/** Cells across a view, about: the strips around the inside ones then hold a small part of it. */
const CELLS_ACROSS_VIEW = 64

/** A view's inside cells: at which zoom, which. */
export interface ViewCut {
  readonly zoom: number
  readonly inner: CellRange
}

// The finest zoom the slice's cells are kept at with at most about CELLS_ACROSS_VIEW across the view.
function zoomAcross(view: BoundingBox, slice: CellSlice): number {
  const finest = finestCellZoomOf(slice)
  const width = Math.max(view.east - view.west, 1e-9)
  // Zoom z has 4 × 2^z cells around the world.
  const zoom = Math.max(0, Math.min(finest, Math.floor(Math.log2((CELLS_ACROSS_VIEW * 360) / (4 * width)))))
  return slice.months ? monthCellZoomFor(zoom) : zoom
}

/**
 * The cells of `slice`'s kind wholly inside `view`, or null when none is (a view smaller than a
 * cell, or across the antimeridian).
 */
export function cutView(view: BoundingBox, slice: CellSlice): ViewCut | null {
  const zoom = zoomAcross(view, slice)
  const inner = innerCellRange(view, zoom)
  return inner && { zoom, inner }
}

/**
 * The condition on `events e` of the events in `view` outside its inside cells: in one of the
 * strips (for the spatial index), and in no inside cell (exactly).
 */
export function outsideCutSql(view: BoundingBox, cut: ViewCut, params: SqlParams): string {
  const { zoom, inner } = cut
  const strips = stripsAroundCells(view, inner, zoom).map(
    (strip) =>
      `e.location && st_makeenvelope(${params.add(strip.west)}::float8, ${params.add(strip.south)}::float8, ` +
      `${params.add(strip.east)}::float8, ${params.add(strip.north)}::float8, 4326)`,
  )
  if (strips.length === 0) return 'false'
  const size = params.add(clusterCellSize(zoom))
  return (
    `(${strips.join(' or ')}) and not (${cellXSql(size)} between ${params.add(inner.minX)} and ${params.add(inner.maxX)} ` +
    `and ${cellYSql(size)} between ${params.add(inner.minY)} and ${params.add(inner.maxY)})`
  )
}
