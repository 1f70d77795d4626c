/**
 * Selecting a segment's rows that pass a filter. The time range narrows the rows by binary search
 * (rows are in time order); then the most selective of the other conditions that has row lists
 * (full-text matches, a field's values, the coarse grid cells under a small box) gives the
 * candidates, and every remaining condition is checked on those rows only.
 * @module
 */
import { clusterCellSize, lngLatToMercator, splitBoundingBox, type BoundingBox, type FieldFilter } from '@chronotope/filters'

import { GRID_CELLS, GRID_ZOOM, type EventSegment } from './event-segment'
import { groupSlice, lowerBound } from './row-lists'

/** What a selection keeps, in the index's terms (the filter state after parsing). */
export interface IndexQuery {
  /** Inclusive bounds in milliseconds; either one drops the events without a time. */
  readonly startMs?: number
  readonly endMs?: number
  /** The map area; crossing the antimeridian is allowed. Drops events without a location. */
  readonly bbox?: BoundingBox
  /** Conditions on data fields; each path's column must be loaded in the segment. */
  readonly fields?: Readonly<Record<string, FieldFilter>>
  /** Only events with a location (map marks). */
  readonly locatedOnly?: boolean
}

/** A run of consecutive rows, `low … high - 1`. */
export interface RowSpan {
  readonly low: number
  readonly high: number
}

/**
 * The rows of one segment that pass a query, in list order: listed, or a span of consecutive rows
 * (no condition but time), which aggregations use without listing a million rows.
 */
export class Selection {
  private listed: Int32Array | undefined

  /**
   * @param rows - the rows, ascending; or undefined with `span`
   * @param span - set when the rows are exactly a span
   */
  constructor(
    readonly segment: EventSegment,
    rows: Int32Array | undefined,
    readonly span?: RowSpan,
  ) {
    if (!rows && !span) throw new RangeError('a selection needs rows or a span')
    this.listed = rows
  }

  /** How many rows are selected. */
  get size(): number {
    return this.listed ? this.listed.length : this.span!.high - this.span!.low
  }

  /** The row at a position of the selection. */
  rowAt(index: number): number {
    return this.listed ? this.listed[index]! : this.span!.low + index
  }

  /** The rows as a list (a span is listed on first use). */
  get rows(): Int32Array {
    if (!this.listed) {
      const { low, high } = this.span!
      this.listed = new Int32Array(high - low)
      for (let index = 0; index < this.listed.length; index++) this.listed[index] = low + index
    }
    return this.listed
  }

  /** Whether every row of the segment is selected. */
  get isWhole(): boolean {
    return this.span !== undefined && this.span.low === 0 && this.span.high === this.segment.size
  }
}

/** A grid wider than this many cells is not worth reading list by list. */
const MAX_GRID_CELLS_READ = 4096

/** First row in `[low, high)` whose time is ≥ `ms` (times ascend over the timed rows). */
function firstAtOrAfter(times: Float64Array, low: number, high: number, ms: number): number {
  while (low < high) {
    const middle = (low + high) >>> 1
    if (times[middle]! < ms) low = middle + 1
    else high = middle
  }
  return low
}

/** First row in `[low, high)` whose time is > `ms`. */
function firstAfter(times: Float64Array, low: number, high: number, ms: number): number {
  while (low < high) {
    const middle = (low + high) >>> 1
    if (times[middle]! <= ms) low = middle + 1
    else high = middle
  }
  return low
}

interface CodeTest {
  readonly path: string
  readonly codes: Int32Array
  readonly keep: Uint8Array
  /** Rows per code, for a values filter that may drive the selection. */
  readonly valueCodes?: number[]
}

function codeTests(segment: EventSegment, fields: Readonly<Record<string, FieldFilter>>): CodeTest[] {
  return Object.entries(fields).map(([path, filter]) => {
    const column = segment.field(path)
    if (!column) throw new Error(`field "${path}" is not loaded in the segment of dataset ${segment.datasetId}`)
    if (filter.kind === 'range') return { path, codes: column.codes, keep: column.codesInRange(filter.min, filter.max) }
    const keep = column.codesMatching(filter.values)
    const valueCodes: number[] = []
    keep.forEach((kept, code) => kept && valueCodes.push(code))
    return { path, codes: column.codes, keep, valueCodes }
  })
}

/** Slices of row lists: `[list, from, to)` each. */
type Slices = Array<readonly [Int32Array, number, number]>

interface Candidates {
  /** What the candidates already guarantee, so it is not checked again. */
  readonly driver: 'time' | 'text' | 'box' | string
  readonly count: number
  readonly slices?: Slices
}

function sliceCount(slices: Slices): number {
  return slices.reduce((sum, [, from, to]) => sum + to - from, 0)
}

function gridSlices(segment: EventSegment, boxes: readonly BoundingBox[], low: number, high: number): Slices | undefined {
  const size = clusterCellSize(GRID_ZOOM)
  const half = GRID_CELLS / 2
  const clamp = (cell: number) => Math.min(GRID_CELLS - 1, Math.max(0, cell))
  const ranges = boxes.map((box) => {
    const [westX, southY] = lngLatToMercator([box.west, box.south])
    const [eastX, northY] = lngLatToMercator([box.east, box.north])
    // One cell more on each side: a point on a cell edge may round into its neighbour.
    return [
      clamp(Math.floor(westX / size) + half - 1),
      clamp(Math.floor(southY / size) + half - 1),
      clamp(Math.floor(eastX / size) + half + 1),
      clamp(Math.floor(northY / size) + half + 1),
    ] as const
  })
  const cells = ranges.reduce((sum, [x0, y0, x1, y1]) => sum + (x1 - x0 + 1) * (y1 - y0 + 1), 0)
  if (cells > MAX_GRID_CELLS_READ) return undefined
  const grid = segment.gridRows()
  const slices: Slices = []
  for (const [x0, y0, x1, y1] of ranges) {
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const [from, to] = groupSlice(grid, y * GRID_CELLS + x, low, high)
        if (to > from) slices.push([grid.rows, from, to])
      }
    }
  }
  return slices
}

function chooseCandidates(
  segment: EventSegment,
  low: number,
  high: number,
  textRows: Int32Array | undefined,
  tests: readonly CodeTest[],
  boxes: readonly BoundingBox[] | undefined,
): Candidates {
  let best: Candidates = { driver: 'time', count: high - low }
  let bestCost = high - low
  const consider = (driver: string, slices: Slices | undefined) => {
    if (!slices) return
    const count = sliceCount(slices)
    // Rows from several lists must be sorted back into list order, which costs more than a scan.
    const cost = slices.length > 1 ? (count * Math.log2(count + 1)) / 2 : count
    if (cost < bestCost) {
      best = { driver, count, slices }
      bestCost = cost
    }
  }
  if (textRows) consider('text', [[textRows, lowerBound(textRows, 0, textRows.length, low), lowerBound(textRows, 0, textRows.length, high)]])
  for (const test of tests) {
    if (!test.valueCodes) continue
    const postings = segment.field(test.path)!.rowsByCode()
    consider(
      test.path,
      test.valueCodes.map((code) => [postings.rows, ...groupSlice(postings, code, low, high)] as const),
    )
  }
  if (boxes) consider('box', gridSlices(segment, boxes, low, high))
  return best
}

function gather(slices: Slices, count: number): Int32Array {
  const rows = new Int32Array(count)
  let at = 0
  for (const [list, from, to] of slices) {
    rows.set(list.subarray(from, to), at)
    at += to - from
  }
  // Several lists interleave; rows must come back in list order.
  return slices.length > 1 ? rows.sort() : rows
}

function containsExtent(box: BoundingBox, extent: readonly [number, number, number, number]): boolean {
  return box.west <= extent[0] && box.south <= extent[1] && box.east >= extent[2] && box.north >= extent[3]
}

/**
 * The rows of `segment` that pass `query` and, when given, are among `textRows` (the ascending
 * rows that match a full-text search).
 * @example selectRows(segment, { startMs: Date.UTC(1990, 0, 1) }).rows.length
 */
export function selectRows(segment: EventSegment, query: IndexQuery, textRows?: Int32Array): Selection {
  const { times, longitudes, latitudes } = segment
  let low = 0
  let high = segment.size
  if (query.startMs !== undefined || query.endMs !== undefined) {
    high = segment.timedCount
    if (query.startMs !== undefined) low = firstAtOrAfter(times, 0, high, query.startMs)
    if (query.endMs !== undefined) high = firstAfter(times, low, high, query.endMs)
  }
  high = Math.max(low, high)
  const allBoxes = query.bbox ? splitBoundingBox(query.bbox) : []
  const extent = segment.extent
  // A box around every located event only asks for a location.
  const boxes = allBoxes.length > 0 && !(extent && allBoxes.some((box) => containsExtent(box, extent))) ? allBoxes : undefined
  const needsLocation = (query.locatedOnly === true || allBoxes.length > 0) && segment.locatedCount < segment.size
  const tests = query.fields ? codeTests(segment, query.fields) : []

  const candidates = chooseCandidates(segment, low, high, textRows, tests, boxes)
  const remaining = tests.filter((test) => test.path !== candidates.driver)
  const textMask = textRows && candidates.driver !== 'text' ? maskOf(textRows, segment.size) : undefined
  const checkBoxes = boxes !== undefined
  if (!checkBoxes && !needsLocation && remaining.length === 0 && textMask === undefined) {
    if (candidates.slices) return new Selection(segment, gather(candidates.slices, candidates.count))
    return new Selection(segment, undefined, { low, high })
  }

  // Plain numbers and flags, so the loop below runs on locals (it visits up to millions of rows).
  const first = boxes?.[0]
  const second = boxes?.[1]
  const west1 = first?.west ?? 0
  const south1 = first?.south ?? 0
  const east1 = first?.east ?? 0
  const north1 = first?.north ?? 0
  const hasSecond = second !== undefined
  const west2 = second?.west ?? 0
  const south2 = second?.south ?? 0
  const east2 = second?.east ?? 0
  const north2 = second?.north ?? 0
  const checkPlace = checkBoxes || needsLocation
  const testCount = remaining.length
  const hasText = textMask !== undefined
  const source = candidates.slices ? gather(candidates.slices, candidates.count) : undefined
  const count = source ? source.length : high - low
  const rows = new Int32Array(count)
  let kept = 0
  if (checkBoxes && !hasSecond && !hasText && testCount === 0) {
    // The common map view: one box. Branch-free, since whether a row is inside is unpredictable.
    for (let index = 0; index < count; index++) {
      const row = source === undefined ? low + index : source[index]!
      const longitude = longitudes[row]!
      const latitude = latitudes[row]!
      rows[kept] = row
      kept += +(longitude >= west1) & +(longitude <= east1) & +(latitude >= south1) & +(latitude <= north1)
    }
    return new Selection(segment, rows.subarray(0, kept))
  }
  for (let index = 0; index < count; index++) {
    const row = source === undefined ? low + index : source[index]!
    if (hasText && textMask[row] === 0) continue
    if (checkPlace) {
      const longitude = longitudes[row]!
      const latitude = latitudes[row]!
      // NaN fails every comparison, so an event without a location never passes a box.
      if (checkBoxes) {
        const inFirst = longitude >= west1 && longitude <= east1 && latitude >= south1 && latitude <= north1
        if (!inFirst && !(hasSecond && longitude >= west2 && longitude <= east2 && latitude >= south2 && latitude <= north2)) continue
      } else if (longitude !== longitude || latitude !== latitude) {
        continue
      }
    }
    let passes = true
    for (let test = 0; test < testCount; test++) {
      const { codes, keep } = remaining[test]!
      const code = codes[row]!
      if (code < 0 || keep[code] === 0) {
        passes = false
        break
      }
    }
    if (passes) rows[kept++] = row
  }
  return new Selection(segment, rows.subarray(0, kept))
}

function maskOf(rows: Int32Array, size: number): Uint8Array {
  const mask = new Uint8Array(size)
  for (let index = 0; index < rows.length; index++) mask[rows[index]!] = 1
  return mask
}
