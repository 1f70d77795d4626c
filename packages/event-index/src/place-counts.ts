/**
 * The mix of events at some places: how many of the selected events at each place belong to each
 * dataset and carry each value of a field, for the map's marks of events at one place (their ring
 * split by share). Equals what the SQL of the map-clusters endpoint counts for the same rows.
 * @module
 */
import { finestCellX, type ClusterCell } from '@chronotope/filters'

import { gridCellOf, NO_CELL } from './event-segment'
import { decodeRows, groupSlice } from './row-lists'
import type { Selection } from './row-selection'

/** The selected events of one place, counted. */
export interface PlaceCounts {
  readonly count: number
  /** Events per dataset id. */
  readonly byDataset: ReadonlyMap<number, number>
  /** Events per text of the field (as `data #>> path` gives it; null without one); empty when no field is asked. */
  readonly byValue: ReadonlyMap<string | null, number>
}

// Finest cells run from -2^23 to 2^23 on each axis: one number per place, exact in a double.
const HALF_CELLS = 2 ** 23
const CELL_SPAN = 2 ** 24 + 1

function keyOf(x: number, y: number): number {
  return (x + HALF_CELLS) * CELL_SPAN + (y + HALF_CELLS)
}

interface Tally {
  count: number
  readonly byDataset: Map<number, number>
  readonly byValue: Map<string | null, number>
}

/**
 * Counts the selected rows at each place by dataset and, when `path` is given, by the field's
 * value. Only the rows near the places are read where the selection allows it: a span through the
 * coarse grid's row lists, runs by skipping those wholly in a grid cell without a place.
 * @param places - cells of the finest zoom (`PLACE_ZOOM` of `@chronotope/filters`)
 * @param path - a data field whose column is loaded in every segment, or undefined
 * @returns one entry per place, in the order given
 * @example countPlaces(selections, [placeOf([2.3522, 48.8566])], 'kind')[0].byValue.get('strike') // 10
 */
export function countPlaces(
  selections: readonly Selection[],
  places: readonly ClusterCell[],
  path?: string,
): PlaceCounts[] {
  const tallies: Tally[] = places.map(() => ({ count: 0, byDataset: new Map(), byValue: new Map() }))
  if (places.length === 0) return tallies
  const slotOf = new Map<number, number>()
  const gridCells = new Set<number>()
  places.forEach((place, slot) => {
    slotOf.set(keyOf(place.x, place.y), slot)
    gridCells.add(gridCellOf(place.x, place.y))
  })
  for (const selection of selections) {
    const { segment } = selection
    const { longitudes, cellY } = segment
    const column = path === undefined ? undefined : segment.field(path)
    if (path !== undefined && !column)
      throw new Error(`field "${path}" is not loaded in the segment of dataset ${segment.datasetId}`)
    const add = (row: number) => {
      const y = cellY[row]!
      if (y === NO_CELL) return
      const slot = slotOf.get(keyOf(finestCellX(longitudes[row]!), y))
      if (slot === undefined) return
      const tally = tallies[slot]!
      tally.count++
      tally.byDataset.set(segment.datasetId, (tally.byDataset.get(segment.datasetId) ?? 0) + 1)
      if (column) {
        const code = column.codes[row]!
        const text = code < 0 ? null : column.dictionary[code]!
        tally.byValue.set(text, (tally.byValue.get(text) ?? 0) + 1)
      }
    }
    if (selection.span) {
      // Exactly the rows of a span: the grid's lists give those of the places' grid cells.
      const grid = segment.gridRows()
      for (const cell of gridCells) {
        const [from, to] = groupSlice(grid, cell, selection.span.low, selection.span.high)
        const rows = decodeRows(grid, from, to)
        for (let index = 0; index < rows.length; index++) add(rows[index]!)
      }
      continue
    }
    selection.forEachRun(
      (rows, from, to, wholeCell) => {
        if (wholeCell >= 0 && !gridCells.has(wholeCell)) return
        for (let index = from; index < to; index++) add(rows[index]!)
      },
      (cell) => !gridCells.has(cell),
    )
  }
  return tallies
}
