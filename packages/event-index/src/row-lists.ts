/**
 * Rows grouped by a small integer key (a field's value code, a coarse map cell), each group's rows
 * in ascending order: the lists a selection reads instead of every row when one condition is
 * selective; and the binary searches over ascending rows and times that read them.
 * @module
 */
import type { TimeColumn } from './time-column'

/**
 * Groups of rows: group `g` holds the entries `starts[g] … starts[g + 1] - 1`, its rows ascending.
 * A row is held as its low 16 bits; the high bits are shared by runs of entries (most entries of
 * a group fall in a handful of 65,536-row stretches), so an entry takes 2 bytes instead of 4.
 * {@link decodeRows} gives the rows of some entries back; {@link groupSlice} finds entries by row.
 */
export interface RowLists {
  /** How many rows were grouped (rows `0 … size - 1`). */
  readonly size: number
  readonly starts: Int32Array
  /** Per entry, its row's low 16 bits. */
  readonly lows: Uint16Array
  /** Run `r` is the entries from `runStarts[r]` to the next run's start, all with high bits `runHighs[r]`. */
  readonly runStarts: Int32Array
  readonly runHighs: Uint16Array
}

/**
 * Groups rows by key with a counting sort (rows keep their order within a group).
 * @param keys - per row, its group from 0 to `groups - 1`, or a negative number for none
 * @example decodeRows(groupRows(Int32Array.of(1, 0, 1, -1), 2), 0, 3) // Int32Array [1, 0, 2]
 */
export function groupRows(keys: Int8Array | Int16Array | Int32Array, groups: number): RowLists {
  const starts = new Int32Array(groups + 1)
  // Runs per group, then where each group's first run goes.
  const groupRuns = new Int32Array(groups + 1)
  // Rows come in ascending order, so a group's high bits only grow: a run starts at a group's first
  // entry and wherever they change.
  const lastHigh = new Int32Array(groups).fill(-1)
  for (let row = 0; row < keys.length; row++) {
    const key = keys[row]!
    if (key < 0) continue
    starts[key + 1]!++
    if (lastHigh[key] !== row >>> 16) {
      lastHigh[key] = row >>> 16
      groupRuns[key + 1]!++
    }
  }
  for (let group = 0; group < groups; group++) {
    starts[group + 1]! += starts[group]!
    groupRuns[group + 1]! += groupRuns[group]!
  }
  const next = starts.slice(0, groups)
  const nextRun = groupRuns.slice(0, groups)
  const lows = new Uint16Array(starts[groups]!)
  const runStarts = new Int32Array(groupRuns[groups]!)
  const runHighs = new Uint16Array(groupRuns[groups]!)
  lastHigh.fill(-1)
  for (let row = 0; row < keys.length; row++) {
    const key = keys[row]!
    if (key < 0) continue
    const at = next[key]!++
    lows[at] = row & 0xffff
    if (lastHigh[key] !== row >>> 16) {
      lastHigh[key] = row >>> 16
      const run = nextRun[key]!++
      runStarts[run] = at
      runHighs[run] = row >>> 16
    }
  }
  return { size: keys.length, starts, lows, runStarts, runHighs }
}

/**
 * The rows of the entries `from … to - 1`, written to `rows` from `at` on.
 * @returns `rows`
 */
export function decodeRowsInto(lists: RowLists, from: number, to: number, rows: Int32Array, at: number): Int32Array {
  if (to <= from) return rows
  const { lows, runStarts, runHighs } = lists
  // Run by run from the one holding `from` (the last starting at or before it), each with its high bits.
  const out = at - from
  for (let run = lowerBound(runStarts, 0, runStarts.length, from + 1) - 1; run < runStarts.length; run++) {
    const runStart = Math.max(from, runStarts[run]!)
    if (runStart >= to) break
    const runEnd = Math.min(to, run + 1 < runStarts.length ? runStarts[run + 1]! : lows.length)
    const base = runHighs[run]! << 16
    for (let index = runStart; index < runEnd; index++) rows[out + index] = base | lows[index]!
  }
  return rows
}

/** The rows of the entries `from … to - 1`, in a fresh array. */
export function decodeRows(lists: RowLists, from: number, to: number): Int32Array {
  return decodeRowsInto(lists, from, to, new Int32Array(Math.max(0, to - from)), 0)
}

/** The bytes the lists' arrays hold. */
export function rowListsBytes(lists: RowLists | undefined): number {
  return lists
    ? lists.starts.byteLength + lists.lows.byteLength + lists.runStarts.byteLength + lists.runHighs.byteLength
    : 0
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

/** The first entry of group `group` whose row is ≥ `row` (the group's end when none is). */
function groupLowerBound(lists: RowLists, group: number, row: number): number {
  const { lows, runStarts, runHighs } = lists
  const highBits = row >>> 16
  // The group's runs start at its first entry and end before the next group's; of them, the first
  // whose high bits are ≥ the row's. A run never spans two groups.
  let low = lowerBound(runStarts, 0, runStarts.length, lists.starts[group]!)
  let high = lowerBound(runStarts, low, runStarts.length, lists.starts[group + 1]!)
  const lastRun = high
  while (low < high) {
    const middle = (low + high) >>> 1
    if (runHighs[middle]! < highBits) low = middle + 1
    else high = middle
  }
  if (low === lastRun) return lists.starts[group + 1]!
  const runFrom = runStarts[low]!
  if (runHighs[low]! > highBits) return runFrom
  // The same high bits: search the run's low bits.
  let from = runFrom
  let to = low + 1 < runStarts.length ? runStarts[low + 1]! : lows.length
  const lowBits = row & 0xffff
  while (from < to) {
    const middle = (from + to) >>> 1
    if (lows[middle]! < lowBits) from = middle + 1
    else to = middle
  }
  return from
}

/** The part of group `group` within rows `[low, high)`, as entry bounds (see {@link decodeRows}). */
export function groupSlice(lists: RowLists, group: number, low: number, high: number): [number, number] {
  const from = lists.starts[group]!
  const to = lists.starts[group + 1]!
  if (from === to) return [from, to]
  // The whole group, the common case (a span of every row), needs no search.
  return [
    low <= 0 ? from : groupLowerBound(lists, group, low),
    high >= lists.size ? to : groupLowerBound(lists, group, high),
  ]
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
