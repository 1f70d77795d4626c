/**
 * Rows grouped by a small integer key (a field's value code, a coarse map cell), each group's rows
 * in ascending order: the lists a selection reads instead of every row when one condition is
 * selective; and the binary searches over ascending rows and times that read them.
 * @module
 */
import type { TimeColumn } from './time-column'

/** Groups of rows: group `g` holds `rows[starts[g] … starts[g + 1] - 1]`, ascending. */
export interface RowLists {
  readonly starts: Int32Array
  readonly rows: Int32Array
}

/**
 * Groups rows by key with a counting sort (rows keep their order within a group).
 * @param keys - per row, its group from 0 to `groups - 1`, or a negative number for none
 * @example groupRows(Int32Array.of(1, 0, 1, -1), 2) // starts [0, 1, 3], rows [1, 0, 2]
 */
export function groupRows(keys: Int8Array | Int16Array | Int32Array, groups: number): RowLists {
  const starts = new Int32Array(groups + 1)
  for (let row = 0; row < keys.length; row++) {
    const key = keys[row]!
    if (key >= 0) starts[key + 1]!++
  }
  for (let group = 0; group < groups; group++) starts[group + 1]! += starts[group]!
  const next = starts.slice(0, groups)
  const rows = new Int32Array(starts[groups]!)
  for (let row = 0; row < keys.length; row++) {
    const key = keys[row]!
    if (key >= 0) rows[next[key]!++] = row
  }
  return { starts, rows }
}

/** The bytes the lists' arrays hold. */
export function rowListsBytes(lists: RowLists | undefined): number {
  return lists ? lists.starts.byteLength + lists.rows.byteLength : 0
}

/**
 * An estimate of the memory of `texts` as V8 keeps them: a header and two bytes a character
 * (one for Latin-1 text, so this errs on the high side).
 */
export function textsBytes(texts: Iterable<string>): number {
  let bytes = 0
  for (const text of texts) bytes += 32 + 2 * text.length
  return bytes
}

/** First index in `rows[from … to)` whose row is ≥ `row`. */
export function lowerBound(rows: Int32Array, from: number, to: number, row: number): number {
  let low = from
  let high = to
  while (low < high) {
    const middle = (low + high) >>> 1
    if (rows[middle]! < row) low = middle + 1
    else high = middle
  }
  return low
}

/** The part of group `group` within rows `[low, high)`, as index bounds into `lists.rows`. */
export function groupSlice(lists: RowLists, group: number, low: number, high: number): [number, number] {
  const from = lists.starts[group]!
  const to = lists.starts[group + 1]!
  return [lowerBound(lists.rows, from, to, low), lowerBound(lists.rows, from, to, high)]
}

/** First row in `[low, high)` whose time is ≥ `ms` (times ascend over the timed rows). */
export function firstAtOrAfter(times: TimeColumn, low: number, high: number, ms: number): number {
  return times.firstFrom(low, high, ms, false)
}

/** First row in `[low, high)` whose time is > `ms`. */
export function firstAfter(times: TimeColumn, low: number, high: number, ms: number): number {
  return times.firstFrom(low, high, ms, true)
}

/** Distinct rows spread over at most this many times their count are sorted through a bit set. */
const BITSET_SPREAD = 64

/**
 * Distinct rows in ascending order. When they are dense in their range, setting them in a bit set
 * and reading its set bits in order beats a comparison sort (a map view's rows, read cell by cell).
 * @example sortDistinctRows(Int32Array.of(7, 2, 5)) // Int32Array [2, 5, 7]
 */
export function sortDistinctRows(rows: Int32Array): Int32Array {
  if (rows.length < 2) return rows.slice()
  let min = rows[0]!
  let max = min
  for (let index = 1; index < rows.length; index++) {
    const row = rows[index]!
    if (row < min) min = row
    if (row > max) max = row
  }
  if (max - min + 1 > rows.length * BITSET_SPREAD) return rows.slice().sort()
  const bits = new Int32Array(((max - min) >>> 5) + 1)
  for (let index = 0; index < rows.length; index++) {
    const offset = rows[index]! - min
    bits[offset >>> 5]! |= 1 << (offset & 31)
  }
  const sorted = new Int32Array(rows.length)
  let count = 0
  for (let word = 0; word < bits.length; word++) {
    let set = bits[word]!
    while (set !== 0) {
      const lowest = set & -set
      sorted[count++] = min + (word << 5) + (31 - Math.clz32(lowest))
      set ^= lowest
    }
  }
  return sorted
}
