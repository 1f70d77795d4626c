/**
 * A segment's event times, held in about half the bytes of a `Float64Array` and given back bit for
 * bit. Rows are in list order, so the times of a block of {@link TIME_BLOCK_ROWS} rows lie close
 * together: a block keeps its first time as a double and each row's distance from it as a uint32
 * in the block's unit (the greatest common divisor of the distances: a second for times in whole
 * seconds, a day for dates). A block whose rows do not fit so (fractional milliseconds, a span of
 * more than 2³² units) keeps its times as doubles. Rows from `timedCount` on have no time (NaN).
 * @module
 */

/** Rows per block; a power of two, so a row's block is a shift. */
export const TIME_BLOCK_ROWS = 256
const BLOCK_SHIFT = 8
const MAX_OFFSET = 0xffff_ffff

// The greatest common divisor of two whole numbers of at most 2⁵³ (`%` is exact on them).
function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b]
  return a
}

/** The arrays a {@link TimeColumn} is made of, as a snapshot stores them. */
export interface TimeColumnParts {
  /** Per block, its first row's time. */
  readonly bases: Float64Array
  /** Per block, the unit of its offsets in milliseconds; 0 for a block kept as doubles. */
  readonly units: Float64Array
  /** Per timed row, its distance from its block's base in the block's unit (0 in a block of doubles). */
  readonly offsets: Uint32Array
  /** The times of the blocks kept as doubles, a block after another. */
  readonly wide: Float64Array
  /** Per block, where its times start in `wide`, or -1. */
  readonly wideStarts: Int32Array
}

/** Event times: random access by row, exact. */
export class TimeColumn {
  private readonly bases: Float64Array
  private readonly units: Float64Array
  private readonly offsets: Uint32Array
  private readonly wide: Float64Array
  private readonly wideStarts: Int32Array

  /**
   * @param length - how many rows, timed or not
   * @param timedCount - rows `0 … timedCount - 1` have a time; the rest do not
   */
  private constructor(
    readonly length: number,
    readonly timedCount: number,
    parts: TimeColumnParts,
  ) {
    this.bases = parts.bases
    this.units = parts.units
    this.offsets = parts.offsets
    this.wide = parts.wide
    this.wideStarts = parts.wideStarts
  }

  /**
   * The column of `times`.
   * @param times - per row, milliseconds; the timed rows first, ascending, then NaN for those without a time
   * @param timedCount - how many rows have a time
   */
  static fromTimes(times: Float64Array, timedCount: number): TimeColumn {
    const blocks = Math.ceil(timedCount / TIME_BLOCK_ROWS)
    const bases = new Float64Array(blocks)
    const units = new Float64Array(blocks)
    const wideStarts = new Int32Array(blocks).fill(-1)
    const offsets = new Uint32Array(timedCount)
    const wide: number[] = []
    for (let block = 0; block < blocks; block++) {
      const first = block << BLOCK_SHIFT
      const end = Math.min(first + TIME_BLOCK_ROWS, timedCount)
      const base = times[first]!
      // Whole milliseconds only: the unit is their greatest common divisor.
      let fits = Number.isInteger(base)
      let unit = 0
      for (let row = first + 1; row < end && fits; row++) {
        const distance = times[row]! - base
        fits = Number.isSafeInteger(distance)
        if (fits) unit = gcd(distance, unit)
      }
      unit ||= 1
      for (let row = first; row < end && fits; row++) {
        const offset = (times[row]! - base) / unit
        // The expression `time` reads it with: a block is kept narrow only when every bit comes back
        // (-0 included).
        fits =
          Number.isInteger(offset) && offset >= 0 && offset <= MAX_OFFSET && Object.is(base + offset * unit, times[row])
        offsets[row] = offset
      }
      bases[block] = base
      if (fits) {
        units[block] = unit
        continue
      }
      wideStarts[block] = wide.length
      for (let row = first; row < end; row++) {
        wide.push(times[row]!)
        offsets[row] = 0
      }
    }
    return new TimeColumn(times.length, timedCount, {
      bases,
      units,
      offsets,
      wide: Float64Array.from(wide),
      wideStarts,
    })
  }

  /**
   * The column made of `parts` (a snapshot read back), for `length` rows of which
   * `parts.offsets.length` have a time. Checks the parts fit together; whether the times ascend is
   * the segment's to check.
   * @throws RangeError naming what does not fit
   */
  static fromParts(parts: TimeColumnParts, length: number): TimeColumn {
    const timedCount = parts.offsets.length
    const blocks = Math.ceil(timedCount / TIME_BLOCK_ROWS)
    if (timedCount > length || [parts.bases, parts.units, parts.wideStarts].some((array) => array.length !== blocks))
      throw new RangeError(`time blocks for ${timedCount} of ${length} rows do not match ${blocks} blocks`)
    let wideRows = 0
    for (let block = 0; block < blocks; block++) {
      const unit = parts.units[block]!
      const start = parts.wideStarts[block]!
      const rows = Math.min(TIME_BLOCK_ROWS, timedCount - (block << BLOCK_SHIFT))
      const fits = unit === 0 ? start === wideRows : unit > 0 && Number.isFinite(unit) && start === -1
      if (!fits) throw new RangeError(`time block ${block} has unit ${unit} and start ${start} of its doubles`)
      if (unit === 0) wideRows += rows
    }
    if (wideRows !== parts.wide.length)
      throw new RangeError(`time blocks hold ${wideRows} doubles; ${parts.wide.length} are given`)
    return new TimeColumn(length, timedCount, parts)
  }

  /** The arrays the column is made of (views, not copies). */
  get parts(): TimeColumnParts {
    return { bases: this.bases, units: this.units, offsets: this.offsets, wide: this.wide, wideStarts: this.wideStarts }
  }

  /** The time of `row` in milliseconds, NaN when it has none. */
  time(row: number): number {
    if (row >= this.timedCount) return Number.NaN
    const block = row >>> BLOCK_SHIFT
    const unit = this.units[block]!
    if (unit === 0) return this.wide[this.wideStarts[block]! + (row & (TIME_BLOCK_ROWS - 1))]!
    return this.bases[block]! + this.offsets[row]! * unit
  }

  /**
   * The first row in `[low, high)` (timed rows only) whose time is ≥ `ms`, or > `ms` when
   * `after`; `high` when none is. Times ascend, so it searches the blocks' first times, then one
   * block.
   */
  firstFrom(low: number, high: number, ms: number, after: boolean): number {
    if (low >= high) return low
    // The last block starting at or before the answer: the last whose first time is below `ms`.
    let lowBlock = low >>> BLOCK_SHIFT
    let highBlock = ((high - 1) >>> BLOCK_SHIFT) + 1
    while (lowBlock < highBlock) {
      const middle = (lowBlock + highBlock) >>> 1
      const first = this.time(middle << BLOCK_SHIFT)
      if (after ? first <= ms : first < ms) lowBlock = middle + 1
      else highBlock = middle
    }
    let from = Math.max(low, (lowBlock - 1) << BLOCK_SHIFT)
    let to = Math.min(high, lowBlock << BLOCK_SHIFT)
    if (lowBlock === 0) to = from
    while (from < to) {
      const middle = (from + to) >>> 1
      const time = this.time(middle)
      if (after ? time <= ms : time < ms) from = middle + 1
      else to = middle
    }
    return from
  }

  /** The times as one array (a copy, 8 bytes a row): for snapshots and tests. */
  toArray(): Float64Array {
    const times = new Float64Array(this.length).fill(Number.NaN)
    for (let row = 0; row < this.timedCount; row++) times[row] = this.time(row)
    return times
  }

  /** The bytes the column holds. */
  get byteLength(): number {
    return (
      this.bases.byteLength +
      this.units.byteLength +
      this.offsets.byteLength +
      this.wide.byteLength +
      this.wideStarts.byteLength
    )
  }
}
