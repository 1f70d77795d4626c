/**
 * The events of a point block (one row of `event_cell_points`): per event its time (epoch
 * milliseconds, NaN for an undated event) and place, three big-endian float8 as PostgreSQL's
 * `float8send` writes them, and apart from them its codes, a byte per value-list field of the
 * build (see build-value-cells.ts), in the same order. A block's events are tested against a map
 * view exactly as `e.location && st_makeenvelope(…)` tests them in SQL (PostGIS compares boxes of
 * float4, each rounded outwards from the float8: see `postgisViewBox`).
 * @module
 */
import { postgisViewBox, type BoundingBox } from '@chronotope/filters'

import type { ValueCodes } from './build-value-cells'
import type { ValueSlice } from './cell-queries'

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
  /** Only the events this filter keeps. */
  readonly values?: PointValueFilter
}

/** Which events of a block a value filter keeps, by their codes. */
export interface PointValueFilter {
  /** The block's codes: `stride` bytes an event, in the order of its points. */
  readonly codes: Uint8Array
  readonly stride: number
  /** The byte of an event's codes that is the filtered field's. */
  readonly offset: number
  /** 256 flags, one per code: 1 keeps an event with that code. */
  readonly kept: Uint8Array
}

/**
 * The filter keeping the events of `codes` (a run of a build's blocks) with one of `slice`'s values,
 * for a build that coded `fields` with `valueCodes`; null when it did not code `slice`'s field.
 * @example pointValueFilter(codes, ['category'], { category: ['fire', 'quake'] }, { field: 'category', values: ['quake'] })!.kept[1] // 1
 */
export function pointValueFilter(
  codes: Uint8Array,
  fields: readonly string[],
  valueCodes: ValueCodes,
  slice: ValueSlice,
): PointValueFilter | null {
  const offset = fields.indexOf(slice.field)
  const values = valueCodes[slice.field]
  if (offset < 0 || !values) return null
  const kept = new Uint8Array(256)
  values.forEach((value, code) => {
    if (slice.values.includes(value)) kept[code] = 1
  })
  return { codes, stride: fields.length, offset, kept }
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

/**
 * Calls `visit` with each event of `blocks` in the view of `boxes` (as SQL's `&&` has it, see
 * `postgisViewBox` of @chronotope/filters) that a block's value filter keeps: with a `span`, only the dated events
 * in it; with none, every event, an undated one with the time NaN.
 * @throws RangeError when a block's points are missing (too many to pack), or its points or codes are not whole events
 */
export function visitPoints(
  blocks: readonly PointBlock[],
  boxes: readonly BoundingBox[],
  span: MillisecondSpan | null,
  visit: (time: number, longitude: number, latitude: number) => void,
): void {
  const passing = boxes.map(postgisViewBox)
  // A plain loop: this runs once per event of the blocks, up to 400,000 of them a read.
  const inView = (longitude: number, latitude: number) => {
    for (const box of passing)
      if (longitude >= box.west && longitude <= box.east && latitude >= box.south && latitude <= box.north) return true
    return false
  }
  const start = span?.start ?? -Infinity
  const end = span?.end ?? Infinity
  for (const block of blocks) {
    const bytes = block.points
    if (!bytes) throw new RangeError(`a block of ${block.count} events was not packed`)
    if (bytes.length !== block.count * POINT_BYTES)
      throw new RangeError(`a block of ${block.count} events holds ${bytes.length} bytes`)
    const values = block.values
    if (values && values.codes.length !== block.count * values.stride)
      throw new RangeError(`a block of ${block.count} events holds ${values.codes.length} bytes of codes`)
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    for (let at = 0, index = 0; at < bytes.length; at += POINT_BYTES, index++) {
      if (values && values.kept[values.codes[index * values.stride + values.offset]!] === 0) continue
      const time = view.getFloat64(at)
      // Written so that NaN, an undated event, fails it.
      if (span && !(time >= start && time < end)) continue
      const longitude = view.getFloat64(at + 8)
      const latitude = view.getFloat64(at + 16)
      if (block.inside || inView(longitude, latitude)) visit(time, longitude, latitude)
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
