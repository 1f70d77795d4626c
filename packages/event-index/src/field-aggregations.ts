/**
 * What the read API's `filters` endpoint counts over selected rows for one data field: how many
 * rows hold each value, and the range of its numbers. Equal to the SQL of the same endpoint for
 * the same rows (a row's value is the text `data #>> path` gives; JSON null and missing are none),
 * except that a number is any numeric text, as the range filter itself reads it.
 * @module
 */
import { NO_VALUE, type FieldColumn } from './field-column'
import type { Selection } from './row-selection'

/** The range of a field's numbers over the selected rows, and how many rows hold one. */
export interface FieldNumberRange {
  readonly min: number
  readonly max: number
  readonly count: number
}

// How many selected rows of one segment hold each code of its column.
function countCodes(selection: Selection, column: FieldColumn): Uint32Array {
  const counts = new Uint32Array(column.dictionary.length)
  const { codes } = column
  if (selection.span) {
    for (let row = selection.span.low; row < selection.span.high; row++) {
      const code = codes[row]!
      if (code !== NO_VALUE) counts[code]!++
    }
    return counts
  }
  selection.forEachRun((rows, from, to) => {
    for (let index = from; index < to; index++) {
      const code = codes[rows[index]!]!
      if (code !== NO_VALUE) counts[code]!++
    }
  })
  return counts
}

function columnOf(selection: Selection, path: string): FieldColumn {
  const column = selection.segment.field(path)
  if (!column) throw new Error(`field "${path}" is not loaded in the segment of dataset ${selection.segment.datasetId}`)
  return column
}

/**
 * How many selected rows hold each value of the field at `path`, across every selection's
 * segment (the field's column must be loaded in each). Values no selected row holds are absent.
 * @example countFieldValues(selections, 'category') // Map { 'flood' => 1204, 'fire' => 312 }
 */
export function countFieldValues(selections: readonly Selection[], path: string): Map<string, number> {
  const totals = new Map<string, number>()
  for (const selection of selections) {
    const column = columnOf(selection, path)
    countCodes(selection, column).forEach((count, code) => {
      if (count === 0) return
      const value = column.dictionary[code]!
      totals.set(value, (totals.get(value) ?? 0) + count)
    })
  }
  return totals
}

/**
 * The smallest and largest number of the field at `path` among the selected rows, and how many of
 * them hold a number; null when none does.
 * @example fieldNumberRange(selections, 'magnitude') // { min: 0, max: 9.1, count: 48211 }
 */
export function fieldNumberRange(selections: readonly Selection[], path: string): FieldNumberRange | null {
  let min = Number.POSITIVE_INFINITY
  let max = Number.NEGATIVE_INFINITY
  let count = 0
  for (const selection of selections) {
    const column = columnOf(selection, path)
    countCodes(selection, column).forEach((rows, code) => {
      const number = column.numbers[code]!
      if (rows === 0 || Number.isNaN(number)) return
      count += rows
      if (number < min) min = number
      if (number > max) max = number
    })
  }
  return count === 0 ? null : { min, max, count }
}
