/**
 * A search's matched rows grouped by the coarse grid's cells, so that a search in a map view reads
 * only its matches in the cells under the view, and none of those wholly inside it is checked
 * against the view: the matches of a city's view are a few hundred of a hundred thousand.
 * @module
 */
import { finestCellX } from '@chronotope/filters'

import { gridCellOf, type EventSegment } from './event-segment'

/** A search's located matches by coarse grid cell (`GRID_ZOOM` of `event-segment`). */
export interface SearchGrid {
  /** The cells holding a match, ascending. */
  readonly cells: Int32Array
  /** Cell `cells[i]`'s matches are `rows[starts[i] … starts[i + 1] - 1]`; one more entry than cells. */
  readonly starts: Int32Array
  /** The matches, cell after cell, each cell's ascending. */
  readonly rows: Int32Array
}

/** Searches with fewer matches are read whole: checking each is cheap. */
export const MIN_GRIDDED_SEARCH_ROWS = 4096

// Kept with the matched rows, which the text match cache holds per dataset version and search.
const searchGrids = new WeakMap<Int32Array, SearchGrid>()

/**
 * The matches of a search grouped by coarse grid cell, built on first use and kept as long as the
 * matched rows are.
 * @param segment - the segment the rows are of
 * @param matched - the search's matched rows, ascending
 * @example searchGridOf(segment, matched).cells.length // 1204
 */
export function searchGridOf(segment: EventSegment, matched: Int32Array): SearchGrid {
  let grid = searchGrids.get(matched)
  if (!grid) {
    grid = groupByCell(segment, matched)
    searchGrids.set(matched, grid)
  }
  return grid
}

function groupByCell(segment: EventSegment, matched: Int32Array): SearchGrid {
  const { longitudes, cellY } = segment
  // Cell and position in one number each, so one numeric sort orders by cell and keeps each cell's
  // rows in their ascending order; a match without a location (cell -1) is in no map view.
  const keyed = new Float64Array(matched.length)
  let located = 0
  for (let index = 0; index < matched.length; index++) {
    const row = matched[index]!
    const cell = gridCellOf(finestCellX(longitudes[row]!), cellY[row]!)
    if (cell >= 0) keyed[located++] = cell * 2 ** 32 + index
  }
  const sorted = keyed.subarray(0, located).sort()
  const rows = new Int32Array(located)
  const cells: number[] = []
  const starts: number[] = []
  for (let at = 0; at < located; at++) {
    const key = sorted[at]!
    const cell = Math.floor(key / 2 ** 32)
    rows[at] = matched[key - cell * 2 ** 32]!
    if (cells.length === 0 || cells.at(-1) !== cell) {
      cells.push(cell)
      starts.push(at)
    }
  }
  starts.push(located)
  return { cells: Int32Array.from(cells), starts: Int32Array.from(starts), rows }
}
