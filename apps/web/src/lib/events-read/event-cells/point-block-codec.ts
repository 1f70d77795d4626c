/**
 * The events of a point block (one row of `event_cell_points`): per event its time (epoch
 * milliseconds, NaN for an undated event) and place, three big-endian float8 as PostgreSQL's
 * `float8send` writes them. A
 * block's events are tested against a map view exactly as `e.location && st_makeenvelope(…)`
 * tests them in SQL: PostGIS compares boxes of float4, each rounded outwards from the float8.
 * @module
 */
import type { BoundingBox } from '@chronotope/filters'

/** The bytes of one event in a block: time, longitude, latitude. */
export const POINT_BYTES = 24

/** Packed events of one or more rows of `event_cell_points`, as a read takes them. */
export interface PointBlock {
  readonly count: number
  /**
   * Whether every event lies in one of the view's boxes by float8 comparisons of the blocks'
   * extents (then each passes `&&` too: rounding outwards only widens both boxes).
   */
  readonly inside: boolean
  /** Null for a block of too many events to pack. */
  readonly points: Uint8Array | null
}

/** A time span in epoch milliseconds: `start` inclusive, `end` exclusive. */
export interface MillisecondSpan {
  readonly start: number
  readonly end: number
}

/** A span of dates (either end open) in epoch milliseconds, an open end at ±∞. */
export function millisecondSpanOf(span: { readonly start?: Date; readonly end?: Date }): MillisecondSpan {
  return { start: span.start?.getTime() ?? -Infinity, end: span.end?.getTime() ?? Infinity }
}

const single = new Float32Array(1)
const singleBits = new Int32Array(single.buffer)

// The float4 next to `value` (itself a float4) towards -∞ or +∞, as C's nextafterf.
function nextSingle(value: number, up: boolean): number {
  if (value === 0) {
    singleBits[0] = 1
    return up ? single[0]! : -single[0]!
  }
  single[0] = value
  singleBits[0] = singleBits[0]! + (value > 0 === up ? 1 : -1)
  return single[0]
}

/** The largest float4 at most `value`, as PostGIS rounds a box's minimum. */
export function singleDown(value: number): number {
  const rounded = Math.fround(value)
  return rounded <= value ? rounded : nextSingle(rounded, false)
}

/** The smallest float4 at least `value`, as PostGIS rounds a box's maximum. */
export function singleUp(value: number): number {
  const rounded = Math.fround(value)
  return rounded >= value ? rounded : nextSingle(rounded, true)
}

/** A view's boxes with their edges rounded outwards to float4, as PostGIS compares them. */
export interface SingleBox {
  readonly west: number
  readonly south: number
  readonly east: number
  readonly north: number
}

/** Each box of a view (split at the antimeridian by the caller) as PostGIS's `&&` sees it. */
export function singleBoxesOf(boxes: readonly BoundingBox[]): SingleBox[] {
  return boxes.map((box) => ({
    west: singleDown(box.west),
    south: singleDown(box.south),
    east: singleUp(box.east),
    north: singleUp(box.north),
  }))
}

/**
 * Whether a point passes `location && st_makeenvelope(box)` for one of `boxes` (from
 * {@link singleBoxesOf}): its own float4 box overlaps one of theirs.
 */
export function pointOverlaps(longitude: number, latitude: number, boxes: readonly SingleBox[]): boolean {
  const west = singleDown(longitude)
  const east = singleUp(longitude)
  const south = singleDown(latitude)
  const north = singleUp(latitude)
  for (const box of boxes)
    if (west <= box.east && east >= box.west && south <= box.north && north >= box.south) return true
  return false
}

/**
 * Calls `visit` with each event of `blocks` in the view of `boxes` (as SQL's `&&` has it, see
 * {@link pointOverlaps}): with a `span`, only the dated events in it; with none, every event,
 * an undated one with the time NaN.
 * @throws RangeError when a block's points are missing (too many to pack) or not whole events
 */
export function visitPoints(
  blocks: readonly PointBlock[],
  boxes: readonly BoundingBox[],
  span: MillisecondSpan | null,
  visit: (time: number, longitude: number, latitude: number) => void,
): void {
  const singleBoxes = singleBoxesOf(boxes)
  const start = span?.start ?? -Infinity
  const end = span?.end ?? Infinity
  for (const block of blocks) {
    const bytes = block.points
    if (!bytes) throw new RangeError(`a block of ${block.count} events was not packed`)
    if (bytes.length !== block.count * POINT_BYTES)
      throw new RangeError(`a block of ${block.count} events holds ${bytes.length} bytes`)
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    for (let at = 0; at < bytes.length; at += POINT_BYTES) {
      const time = view.getFloat64(at)
      // Written so that NaN, an undated event, fails it.
      if (span && !(time >= start && time < end)) continue
      const longitude = view.getFloat64(at + 8)
      const latitude = view.getFloat64(at + 16)
      if (block.inside || pointOverlaps(longitude, latitude, singleBoxes)) visit(time, longitude, latitude)
    }
  }
}

/** The times of the dated events of `blocks` in the view and in `span` (see {@link visitPoints}). */
export function visitPointTimes(
  blocks: readonly PointBlock[],
  boxes: readonly BoundingBox[],
  span: MillisecondSpan,
  visit: (time: number) => void,
): void {
  visitPoints(blocks, boxes, span, (time) => visit(time))
}

/** How many events a read found, and their extent (west, south, east, north; null for none). */
export interface PointsExtent {
  readonly count: number
  readonly bounds: [number, number, number, number] | null
}

/**
 * The count and extent of the events of `blocks` in the view, and in `span` when one is given
 * (see {@link visitPoints}).
 */
export function extentOfPoints(
  blocks: readonly PointBlock[],
  boxes: readonly BoundingBox[],
  span: MillisecondSpan | null,
): PointsExtent {
  let count = 0
  let west = Infinity
  let south = Infinity
  let east = -Infinity
  let north = -Infinity
  visitPoints(blocks, boxes, span, (_time, longitude, latitude) => {
    count++
    if (longitude < west) west = longitude
    if (longitude > east) east = longitude
    if (latitude < south) south = latitude
    if (latitude > north) north = latitude
  })
  return { count, bounds: count === 0 ? null : [west, south, east, north] }
}

/**
 * Counts the times `visitPointTimes` gives per bucket of `starts` (ascending epoch milliseconds,
 * each bucket up to the next start, the last up to `end`).
 * @returns the counts, in the order of `starts`
 */
export function countPointsByBucket(
  blocks: readonly PointBlock[],
  boxes: readonly BoundingBox[],
  span: MillisecondSpan,
  starts: Float64Array,
  end: number,
): Int32Array {
  const counts = new Int32Array(starts.length)
  visitPointTimes(blocks, boxes, span, (time) => {
    if (starts.length === 0 || time < starts[0]! || time >= end) return
    // The last start at most `time`.
    let low = 0
    let high = starts.length - 1
    while (low < high) {
      const middle = (low + high + 1) >>> 1
      if (starts[middle]! <= time) low = middle
      else high = middle - 1
    }
    counts[low]!++
  })
  return counts
}
