/**
 * Rows grouped by the coarse grid's cells, so that a filter in a map view reads only its rows in
 * the cells under the view, and checks none of those in a cell wholly inside it against the view:
 * a search's matches, or a category's rows, in a city's view are a few hundred of a hundred
 * thousand, and in a continent's a third.
 * @module
 */
import { finestCellX } from '@chronotope/filters'

import { ByteBudgetCache, identityOf } from './byte-budget-cache'
import { gridCellOf, type EventSegment } from './event-segment'
import type { FieldColumn } from './field-column'
import { decodeRows } from './row-lists'

/** Some rows' located ones by coarse grid cell (`GRID_ZOOM` of `event-segment`). */
export interface RowGrid {
  /** The cells holding a row, ascending. */
  readonly cells: Int32Array
  /** Cell `cells[i]`'s rows are `rows[starts[i] … starts[i + 1] - 1]`; one more entry than cells. */
  readonly starts: Int32Array
  /** The rows, cell after cell, each cell's ascending. */
  readonly rows: Int32Array
}

/** Fewer rows than this are read whole: checking each is cheap. */
export const MIN_GRIDDED_ROWS = 4096

/**
 * Most bytes the grids of values filters may take together in a process; the least recently used
 * goes first. A category's grid costs about 4 bytes for each of its rows.
 */
export const VALUE_GRIDS_MAX_BYTES = 64 * 1024 * 1024

// Kept with the matched rows, which the text match cache holds per dataset version and search.
const searchGrids = new WeakMap<Int32Array, RowGrid>()

/**
 * The matches of a search grouped by coarse grid cell, built on first use and kept as long as the
 * matched rows are.
 * @param segment - the segment the rows are of
 * @param matched - the search's matched rows, ascending
 * @example searchGridOf(segment, matched).cells.length // 1204
 */
export function searchGridOf(segment: EventSegment, matched: Int32Array): RowGrid {
  let grid = searchGrids.get(matched)
  if (!grid) {
    grid = groupByCell(segment, matched)
    searchGrids.set(matched, grid)
  }
  return grid
}

/** The grids of field values, least recently used first, within a byte budget. */
export class ValueGridCache {
  private readonly grids: ByteBudgetCache<RowGrid>

  /** @param maxBytes - most bytes the grids may take together; the newest is kept even past it */
  constructor(maxBytes = VALUE_GRIDS_MAX_BYTES) {
    this.grids = new ByteBudgetCache(maxBytes, gridBytes)
  }

  /**
   * The rows of one value of a field column grouped by coarse grid cell, built on first use.
   * @param segment - the segment the column is of
   * @param column - the field's column in that segment
   * @param code - the value's code in the column
   */
  gridOf(segment: EventSegment, column: FieldColumn, code: number): RowGrid {
    // A column is its segment's for good, so its identity names its values' grids.
    return this.grids.get(`${identityOf(column)}:${code}`, () => {
      const lists = column.rowsByCode()
      return groupByCell(segment, decodeRows(lists, lists.starts[code]!, lists.starts[code + 1]!))
    })
  }

  /** Changes the byte budget, forgetting the least recently used grids past it at once. */
  resize(maxBytes: number): void {
    this.grids.resize(maxBytes)
  }

  /** How many grids are kept. */
  get size(): number {
    return this.grids.size
  }

  /** The bytes the kept grids take. */
  get bytes(): number {
    return this.grids.bytes
  }
}

/** The grids every selection in the process shares. */
export const valueGrids = new ValueGridCache()

function gridBytes(grid: RowGrid): number {
  return grid.cells.byteLength + grid.starts.byteLength + grid.rows.byteLength
}

function groupByCell(segment: EventSegment, ascending: Int32Array): RowGrid {
  const { longitudes, cellY } = segment
  // Cell and position in one number each, so one numeric sort orders by cell and keeps each cell's
  // rows in their ascending order; a row without a location (cell -1) is in no map view.
  const keyed = new Float64Array(ascending.length)
  let located = 0
  for (let index = 0; index < ascending.length; index++) {
    const row = ascending[index]!
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
    rows[at] = ascending[key - cell * 2 ** 32]!
    if (cells.length === 0 || cells.at(-1) !== cell) {
      cells.push(cell)
      starts.push(at)
    }
  }
  starts.push(located)
  return { cells: Int32Array.from(cells), starts: Int32Array.from(starts), rows }
}
