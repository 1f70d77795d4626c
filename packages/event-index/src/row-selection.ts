/**
 * Selecting a segment's rows that pass a filter. The time range narrows the rows by binary search
 * (rows are in time order); then the most selective of the other conditions that has row lists
 * (full-text matches, a field's values, the coarse grid cells under a small box) gives the
 * candidates, and every remaining condition is checked on those rows only.
 *
 * The rows are worked out only when a read asks for them, since many never do: map clusters and
 * bounds take whole grid cells' summaries, a histogram counts a crowded cell from its row list, and
 * a list page or a time extent of a wide selection walks the time range from an end and stops as
 * soon as it has what it needs.
 * @module
 */
import { postgisViewBox, splitBoundingBox, type BoundingBox, type FieldFilter } from '@chronotope/filters'

import { extentOverlap } from './box-overlap'
import type { CodeArray } from './field-column'
import { GRID_CELLS, NO_CELL, type EventSegment } from './event-segment'
import { forEachCellUnder, gridRanges, rangeCells } from './grid-ranges'
import { MIN_GRIDDED_ROWS, searchGridOf, valueGrids, type RowGrid } from './row-grid'
import {
  decodeRowsInto,
  firstAfter,
  firstAtOrAfter,
  groupSlice,
  lowerBound,
  sortDistinctRows,
  type RowLists,
} from './row-lists'

/** What a selection keeps, in the index's terms (the filter state after parsing). */
export interface IndexQuery {
  /** Inclusive bounds in milliseconds; either one drops the events without a time. */
  readonly startMs?: number
  readonly endMs?: number
  /**
   * The map area; crossing the antimeridian is allowed. Drops events without a location. A row
   * passes as PostGIS's `&&` lets it (see `postgisViewBox`), a hair outside included.
   */
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
 * Selected rows as ascending runs that are not in list order across runs: run `r` is
 * `rows[ends[r - 1] … ends[r] - 1]` (from 0 for the first run). Aggregations read them as they
 * come; a list page needs them sorted.
 */
export interface RowRuns {
  readonly rows: Int32Array
  readonly ends: Int32Array
  /**
   * Per run, the coarse grid cell ({@link GRID_ZOOM}) whose located rows the run holds every one
   * of, so its precomputed summary can stand for the rows; -1 for any other run.
   */
  readonly wholeCells: Int32Array
}

/** A selection that is exactly every row with some values of one field. */
export interface WholeValues {
  readonly path: string
  /** The value codes (`FieldColumn`) whose rows are all selected. */
  readonly codes: readonly number[]
}

/**
 * A selection that is exactly the rows of a span, or of some values of one field, that lie in some
 * boxes, nothing else being asked: summaries of the span's or the values' rows, cell by cell, stand
 * for the selection in every cell whose extent is wholly inside or outside the boxes.
 */
export interface BoxedRows {
  readonly boxes: readonly BoundingBox[]
  /** The span whose rows in the boxes are selected; or `values`, or `searched`. */
  readonly span?: RowSpan
  /** The values whose rows in the boxes are selected (no time range). */
  readonly values?: WholeValues
  /** A search's matched rows (ascending, no time range) whose rows in the boxes are selected. */
  readonly searched?: Int32Array
}

/** How a selection's rows are held besides a list, and what they are exactly. */
export interface SelectionShape {
  /** Set when the rows are exactly a span. */
  readonly span?: RowSpan
  /** Set when the rows are runs that are not in list order. */
  readonly runs?: RowRuns
  /** Set when the rows are exactly every row with some values of a field. */
  readonly wholeValues?: WholeValues
  /** Set when the rows are exactly those of a span or of some values in some boxes. */
  readonly boxed?: BoxedRows
  /**
   * Set when the located rows are exactly those of a search's matched rows (ascending, no time
   * range, no other condition). The same list comes back for every read of the search while the
   * dataset is unchanged, so summaries of its rows can be kept with it.
   */
  readonly searched?: Int32Array
}

/** Calls `visit(rows, from, to, wholeCell)` for each ascending run of a selection that is not a span. */
export type RunVisitor = (rows: Int32Array, from: number, to: number, wholeCell: number) => void

/**
 * A selection's rows before they are worked out: the candidates and the checks each must pass.
 * Reads answered from summaries (map cells, whole values) never need the rows, and a list page
 * needs only the first few of a wide selection, so the rows are listed only when first asked for.
 */
export interface DeferredRows {
  /** The candidates come from the rows `low … high - 1`, in time order. */
  readonly low: number
  readonly high: number
  /** The candidates as slices of row lists, found when first asked for; none: every row from `low` to `high`. */
  readonly slices?: () => readonly Slice[]
  /** How many candidates there are (for a box over part of the time range, an estimate). */
  readonly count: number
  /** Set when the candidates are the grid cells under these boxes: they can be read a cell at a time. */
  readonly gridBoxes?: readonly BoundingBox[]
  readonly checks: RowChecks
  /** Whether the rows come back in list order. */
  readonly ordered: boolean
  /**
   * Every condition, the candidates' own included, when the selection is wide (at least one in
   * 64 rows of the time range may pass) and not a search: a list page, or the
   * first and last rows, may then walk the rows from `low` to `high` instead of listing them.
   */
  readonly walk?: RowChecks
}

/** A way through a selection's rows in list order that lists none of them: for a page of a wide selection. */
export interface RowWalk {
  /** The rows walked are `low … high - 1`, in list order; {@link RowWalk.keep} says which are selected. */
  readonly low: number
  readonly high: number
  /**
   * Writes the selected rows among `from … to - 1` to `out` from 0 on, ascending.
   * @returns how many
   */
  keep(from: number, to: number, out: Int32Array): number
}

/**
 * The rows of one segment that pass a query: listed in list order, a span of consecutive rows (no
 * condition but time), which aggregations use without listing a million rows, or ascending runs
 * in no overall order (selected for an aggregation, which needs no order). Rows that need working
 * out are worked out when first asked for.
 */
export class Selection {
  private listed: Int32Array | undefined
  private heldRuns: RowRuns | undefined
  private deferred: DeferredRows | undefined
  /** {@inheritDoc SelectionShape.span} */
  readonly span?: RowSpan
  /** {@inheritDoc SelectionShape.wholeValues} */
  readonly wholeValues?: WholeValues
  /** {@inheritDoc SelectionShape.boxed} */
  readonly boxed?: BoxedRows
  /** {@inheritDoc SelectionShape.searched} */
  readonly searched?: Int32Array
  /** Set when a list page may walk the rows in list order rather than list them all. */
  readonly walk?: RowWalk

  /**
   * @param rows - the rows, ascending; or undefined with a span, runs or deferred rows
   * @param shape - the span or runs, and what the rows are exactly when it is known
   * @param deferred - how to work the rows out when first asked for
   */
  constructor(
    readonly segment: EventSegment,
    rows: Int32Array | undefined,
    shape: SelectionShape = {},
    deferred?: DeferredRows,
  ) {
    if (!rows && !shape.span && !shape.runs && !deferred)
      throw new RangeError('a selection needs rows, a span, runs or deferred rows')
    this.listed = rows
    this.span = shape.span
    this.heldRuns = shape.runs
    this.wholeValues = shape.wholeValues
    this.boxed = shape.boxed
    this.searched = shape.searched
    this.deferred = deferred
    if (deferred?.walk && deferred.ordered) this.walk = walkOf(segment, deferred, deferred.walk)
  }

  /** {@inheritDoc SelectionShape.runs} */
  get runs(): RowRuns | undefined {
    this.resolve()
    return this.heldRuns
  }

  /** How many rows are selected. */
  get size(): number {
    this.resolve()
    if (this.listed) return this.listed.length
    return this.span ? this.span.high - this.span.low : this.heldRuns!.rows.length
  }

  /** The row at a position of the selection, in list order. */
  rowAt(index: number): number {
    return this.span && !this.listed ? this.span.low + index : this.rows[index]!
  }

  /** The rows in list order, as a list (a span or runs are listed, and runs sorted, on first use). */
  get rows(): Int32Array {
    this.resolve()
    if (!this.listed) {
      if (this.span) {
        const { low, high } = this.span
        this.listed = new Int32Array(high - low)
        for (let index = 0; index < this.listed.length; index++) this.listed[index] = low + index
      } else {
        const { rows, ends } = this.heldRuns!
        this.listed = ends.length > 1 ? sortDistinctRows(rows) : rows
      }
    }
    return this.listed
  }

  /**
   * Visits the selected rows run by run, each run ascending (one run for listed rows). A span is
   * visited as one run of its listed rows; aggregations handle spans before asking.
   * @param needsNoRows - for a reader that answers some whole grid cells without their rows (from
   *   their summaries, or by skipping them): says which. Rows not worked out yet are then worked out
   *   a slice at a time for this visit only, and such a cell's run comes with no rows
   *   (`from === to`) when it is wholly selected.
   */
  forEachRun(visit: RunVisitor, needsNoRows?: (cell: number) => boolean): void {
    const plan = this.deferred
    // Read a slice at a time only when that spares some cells: else listing the rows once serves
    // this read and the next alike.
    if (plan && needsNoRows && sparesSomeCell(plan, needsNoRows)) {
      visitDeferred(this.segment, plan, visit, needsNoRows)
      return
    }
    this.resolve()
    if (this.heldRuns && !this.listed) {
      const { rows, ends, wholeCells } = this.heldRuns
      let from = 0
      for (let run = 0; run < ends.length; run++) {
        visit(rows, from, ends[run]!, wholeCells[run]!)
        from = ends[run]!
      }
      return
    }
    const rows = this.rows
    if (rows.length > 0) visit(rows, 0, rows.length, -1)
  }

  /**
   * Whether more than `limit` rows are selected (only rows with a location counted when
   * `locatedOnly`), found without listing them all when they are not worked out yet.
   */
  hasMoreThan(limit: number, locatedOnly = false): boolean {
    const plan = this.deferred
    if (!plan) return countRows(this, locatedOnly) > limit
    return countDeferredUpTo(this.segment, plan, limit, locatedOnly) > limit
  }

  /** Whether the rows are worked out already (listed, or held as runs), so reading them costs nothing more. */
  get isListed(): boolean {
    return this.deferred === undefined
  }

  /**
   * The first and the last selected row with a time (rows are in time order), or null when none has
   * one. A wide selection not listed yet is walked from both ends of its time range instead.
   */
  timedEnds(): [number, number] | null {
    const plan = this.deferred
    const walked = plan?.walk && walkedTimedEnds(this.segment, plan, plan.walk)
    if (walked !== undefined) return walked
    const { timedCount } = this.segment
    let first = -1
    let last = -1
    // Each run ascends, so its rows with a time come first.
    this.forEachRun((rows, from, to) => {
      if (rows[from]! >= timedCount) return
      const timedEnd = lowerBound(rows, from, to, timedCount)
      if (first < 0 || rows[from]! < first) first = rows[from]!
      if (rows[timedEnd - 1]! > last) last = rows[timedEnd - 1]!
    })
    return first < 0 ? null : [first, last]
  }

  /** Whether every row of the segment is selected. */
  get isWhole(): boolean {
    return this.span !== undefined && this.span.low === 0 && this.span.high === this.segment.size
  }

  private resolve(): void {
    const plan = this.deferred
    if (!plan) return
    this.deferred = undefined
    const worked = workOut(this.segment, plan)
    if (worked instanceof Int32Array) this.listed = worked
    else this.heldRuns = worked
  }
}

function countRows(selection: Selection, locatedOnly: boolean): number {
  if (!locatedOnly) return selection.size
  const { cellY } = selection.segment
  let count = 0
  const visit = (rows: Int32Array | undefined, from: number, to: number) => {
    for (let index = from; index < to; index++) if (cellY[rows ? rows[index]! : index] !== NO_CELL) count++
  }
  if (selection.span) visit(undefined, selection.span.low, selection.span.high)
  else selection.forEachRun(visit)
  return count
}

/** A grid wider than this many cells is not worth reading list by list. */
const MAX_GRID_CELLS_READ = 4096

interface CodeTest {
  readonly path: string
  readonly codes: CodeArray
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

/** A slice of a row list, `list[from … to)`, ascending; or of row lists' entries, read when used. */
interface Slice {
  readonly list: Int32Array | RowLists
  readonly from: number
  readonly to: number
  /** Whether every row of the slice is inside the query's box (its grid cell's extent is). */
  readonly inside: boolean
  /** The grid cell whose located rows the slice holds every one of, else -1. */
  readonly wholeCell: number
  /** The value code of the driving field whose rows the slice holds every one of, else -1. */
  readonly wholeValue: number
}

/** Candidate slices, found when first asked for (a box's cells cost two binary searches each). */
type SliceSource = () => readonly Slice[]

interface Candidates {
  /** What the candidates already guarantee, so it is not checked again. */
  readonly driver: 'time' | 'text' | 'box' | 'field'
  /** The field whose values gave the candidates, with driver `field`. */
  readonly path?: string
  /** How many candidates there are; for a box over part of the time range, an estimate. */
  readonly count: number
  readonly slices?: SliceSource
}

function once(find: () => readonly Slice[]): SliceSource {
  let found: readonly Slice[] | undefined
  return () => (found ??= find())
}

function sliceCount(slices: readonly Slice[]): number {
  return slices.reduce((sum, slice) => sum + slice.to - slice.from, 0)
}

function sliceOf(list: Int32Array | RowLists, from: number, to: number, wholeValue = -1): Slice {
  return { list, from, to, inside: false, wholeCell: -1, wholeValue }
}

/** The rows in `[low, high)` of the grid cells under the boxes, a slice per cell that has rows in the boxes. */
function gridSlices(segment: EventSegment, boxes: readonly BoundingBox[], low: number, high: number): Slice[] {
  const grid = segment.gridRows()
  const slices: Slice[] = []
  forEachCellUnder(segment, gridRanges(boxes), boxes, (cell, inside) => {
    const [from, to] = groupSlice(grid, cell, low, high)
    if (to <= from) return
    const isWhole = inside && from === grid.starts[cell] && to === grid.starts[cell + 1]
    slices.push({ list: grid, from, to, inside, wholeCell: isWhole ? cell : -1, wholeValue: -1 })
  })
  return slices
}

/**
 * The rows of a grid (a search's matches, a value's rows) in `[low, high)` in the coarse grid cells
 * not wholly outside the boxes, a slice per cell; a cell wholly inside needs no check of its rows'
 * places.
 */
function rowGridSlices(
  segment: EventSegment,
  grid: RowGrid,
  boxes: readonly BoundingBox[],
  low: number,
  high: number,
  slices: Slice[] = [],
): Slice[] {
  const { cells, starts, rows } = grid
  const { slotOfCell, extents } = segment.gridExtents()
  for (let index = 0; index < cells.length; index++) {
    // Every cell holding a located row of the grid holds rows of the segment, so it has an extent.
    const at = 4 * slotOfCell[cells[index]!]!
    const overlap = extentOverlap(extents[at]!, extents[at + 1]!, extents[at + 2]!, extents[at + 3]!, boxes)
    if (overlap === 'outside') continue
    const end = starts[index + 1]!
    const from = low <= 0 ? starts[index]! : lowerBound(rows, starts[index]!, end, low)
    const to = high >= segment.size ? end : lowerBound(rows, from, end, high)
    if (to > from) slices.push({ list: rows, from, to, inside: overlap === 'inside', wholeCell: -1, wholeValue: -1 })
  }
  return slices
}

/**
 * How many located rows of `[low, high)` the grid cells under the boxes hold, and how many cells
 * have rows in the boxes, or undefined past `maxCells` cells: from the cells' sizes, scaled by the
 * share of the segment's rows in `[low, high)` when that is not all of them.
 */
function gridEstimate(
  segment: EventSegment,
  boxes: readonly BoundingBox[],
  low: number,
  high: number,
  maxCells: number,
): { count: number; cells: number } | undefined {
  const ranges = gridRanges(boxes)
  if (rangeCells(ranges) > maxCells) return undefined
  const { starts } = segment.gridRows()
  let rows = 0
  let cells = 0
  forEachCellUnder(segment, ranges, boxes, (cell) => {
    rows += starts[cell + 1]! - starts[cell]!
    cells++
  })
  const share = segment.size > 0 ? (high - low) / segment.size : 0
  return { count: Math.round(rows * Math.min(1, share)), cells }
}

function chooseCandidates(
  segment: EventSegment,
  low: number,
  high: number,
  textRows: Int32Array | undefined,
  tests: readonly CodeTest[],
  boxes: readonly BoundingBox[] | undefined,
  ordered: boolean,
): Candidates {
  let best: Candidates = { driver: 'time', count: high - low }
  let bestCost = high - low
  const weigh = (driver: Candidates['driver'], count: number, lists: number, slices: SliceSource, path?: string) => {
    // Rows from several lists must be sorted back into list order, which costs more than a scan;
    // an aggregation takes them as they come.
    const cost =
      ordered && lists > 1 ? Math.min((count * Math.log2(count + 1)) / 2, count + (high - low) / 8) : count + lists
    if (cost < bestCost) {
      best = { driver, path, count, slices }
      bestCost = cost
    }
  }
  const consider = (driver: Candidates['driver'], slices: Slice[], path?: string) =>
    weigh(driver, sliceCount(slices), slices.length, () => slices, path)
  if (textRows) {
    consider('text', [
      sliceOf(textRows, lowerBound(textRows, 0, textRows.length, low), lowerBound(textRows, 0, textRows.length, high)),
    ])
    // In a map view, only the matches in the cells under it.
    if (boxes && textRows.length >= MIN_GRIDDED_ROWS)
      consider('text', rowGridSlices(segment, searchGridOf(segment, textRows), boxes, low, high))
  }
  for (const test of tests) {
    if (!test.valueCodes) continue
    const postings = segment.field(test.path)!.rowsByCode()
    const slices = test.valueCodes.map((code) => {
      const [from, to] = groupSlice(postings, code, low, high)
      return sliceOf(postings, from, to, from === postings.starts[code] && to === postings.starts[code + 1] ? code : -1)
    })
    consider('field', slices, test.path)
    // In a map view, only the values' rows in the cells under it; values holding most rows are
    // read as well from the grid's own lists, without a second copy of them.
    const valueRows = sliceCount(slices)
    if (boxes && valueRows >= MIN_GRIDDED_ROWS && valueRows * 2 <= segment.size) {
      const column = segment.field(test.path)!
      const cellSlices: Slice[] = []
      for (const code of test.valueCodes)
        rowGridSlices(segment, valueGrids.gridOf(segment, column, code), boxes, low, high, cellSlices)
      consider('field', cellSlices, test.path)
    }
  }
  // Each cell costs two binary searches, so a box over most of the world is not worth reading cell
  // by cell; and they are done only when the rows are listed, the cells' sizes telling the count.
  if (boxes) {
    const maxCells = ordered ? MAX_GRID_CELLS_READ : Math.min(GRID_CELLS * GRID_CELLS, bestCost / 2)
    const estimate = gridEstimate(segment, boxes, low, high, maxCells)
    if (estimate)
      weigh(
        'box',
        estimate.count,
        estimate.cells,
        once(() => gridSlices(segment, boxes, low, high)),
      )
  }
  return best
}

function gather(slices: readonly Slice[], count: number): Int32Array {
  const rows = new Int32Array(count)
  let at = 0
  for (const { list, from, to } of slices) {
    if (list instanceof Int32Array) rows.set(list.subarray(from, to), at)
    else decodeRowsInto(list, from, to, rows, at)
    at += to - from
  }
  // Several lists interleave; rows must come back in list order.
  return slices.length > 1 ? sortDistinctRows(rows) : rows
}

function containsExtent(box: BoundingBox, extent: readonly [number, number, number, number]): boolean {
  return box.west <= extent[0] && box.south <= extent[1] && box.east >= extent[2] && box.north >= extent[3]
}

/** The conditions every candidate row is checked against. */
interface RowChecks {
  readonly boxes: readonly BoundingBox[] | undefined
  /** Whether rows without a location are dropped. */
  readonly needsLocation: boolean
  readonly tests: readonly CodeTest[]
  readonly textMask: Uint8Array | undefined
}

/**
 * Copies the rows of `source[from … to)` (or the rows `from … to - 1` without a source) that pass
 * the checks into `out` from `at` on; `checkBoxes` false when the rows are known to be inside.
 * @returns where the next kept row goes
 */
function keepPassing(
  segment: EventSegment,
  checks: RowChecks,
  checkBoxes: boolean,
  source: Int32Array | undefined,
  from: number,
  to: number,
  out: Int32Array,
  at: number,
): number {
  const { longitudes, latitudes } = segment
  const { boxes, tests, textMask } = checks
  // Plain numbers and flags, so the loops below run on locals (they visit up to millions of rows).
  const first = checkBoxes ? boxes?.[0] : undefined
  const second = checkBoxes ? boxes?.[1] : undefined
  const hasBox = first !== undefined
  const west1 = first?.west ?? 0
  const south1 = first?.south ?? 0
  const east1 = first?.east ?? 0
  const north1 = first?.north ?? 0
  const hasSecond = second !== undefined
  const west2 = second?.west ?? 0
  const south2 = second?.south ?? 0
  const east2 = second?.east ?? 0
  const north2 = second?.north ?? 0
  const checkPlace = hasBox || checks.needsLocation
  const testCount = tests.length
  const hasText = textMask !== undefined
  let kept = at
  if (hasBox && !hasSecond && !hasText && testCount === 0) {
    // The common map view: one box. Branch-free, since whether a row is inside is unpredictable.
    for (let index = from; index < to; index++) {
      const row = source === undefined ? index : source[index]!
      const longitude = longitudes[row]!
      const latitude = latitudes[row]!
      out[kept] = row
      kept += +(longitude >= west1) & +(longitude <= east1) & +(latitude >= south1) & +(latitude <= north1)
    }
    return kept
  }
  for (let index = from; index < to; index++) {
    const row = source === undefined ? index : source[index]!
    if (hasText && textMask[row] === 0) continue
    if (checkPlace) {
      const longitude = longitudes[row]!
      const latitude = latitudes[row]!
      // NaN fails every comparison, so an event without a location never passes a box.
      if (hasBox) {
        const inFirst = longitude >= west1 && longitude <= east1 && latitude >= south1 && latitude <= north1
        if (
          !inFirst &&
          !(hasSecond && longitude >= west2 && longitude <= east2 && latitude >= south2 && latitude <= north2)
        )
          continue
      } else if (longitude !== longitude || latitude !== latitude) {
        continue
      }
    }
    let passes = true
    for (let test = 0; test < testCount; test++) {
      const { codes, keep } = tests[test]!
      const code = codes[row]!
      if (code < 0 || keep[code] === 0) {
        passes = false
        break
      }
    }
    if (passes) out[kept++] = row
  }
  return kept
}

// The rows of several slices that pass, run by run, in no overall order.
function selectRuns(segment: EventSegment, slices: readonly Slice[], count: number, checks: RowChecks): RowRuns {
  const rows = new Int32Array(count)
  const ends = new Int32Array(slices.length)
  const wholeCells = new Int32Array(slices.length)
  let kept = 0
  let runs = 0
  for (const slice of slices) {
    const start = kept
    kept = keepSlice(segment, checks, slice, rows, kept)
    if (kept === start) continue
    ends[runs] = kept
    wholeCells[runs] = kept - start === slice.to - slice.from ? slice.wholeCell : -1
    runs++
  }
  return { rows: rows.subarray(0, kept), ends: ends.subarray(0, runs), wholeCells: wholeCells.subarray(0, runs) }
}

/**
 * Writes the rows of a slice that pass the checks to `out` from `at` on, which must have room for
 * every row of the slice.
 * @returns where the next kept row goes
 */
function keepSlice(segment: EventSegment, checks: RowChecks, slice: Slice, out: Int32Array, at: number): number {
  const { list, from, to, inside } = slice
  // Rows well inside the box need no other check when nothing but the box (and so a location) is asked.
  if (inside && asksOnlyPlace(checks)) {
    if (list instanceof Int32Array) out.set(list.subarray(from, to), at)
    else decodeRowsInto(list, from, to, out, at)
    return at + to - from
  }
  if (list instanceof Int32Array) return keepPassing(segment, checks, !inside, list, from, to, out, at)
  // Decoded into the output's own free tail, then kept in place: a kept row never overtakes the
  // one being read.
  decodeRowsInto(list, from, to, out, at)
  return keepPassing(segment, checks, !inside, out, at, at + to - from, out, at)
}

// Whether the checks ask nothing of a row but its place: a row inside the boxes then passes.
function asksOnlyPlace(checks: RowChecks): boolean {
  return checks.tests.length === 0 && checks.textMask === undefined
}

function hasChecks(checks: RowChecks): boolean {
  return checks.boxes !== undefined || checks.needsLocation || checks.tests.length > 0 || checks.textMask !== undefined
}

// The rows of a deferred selection: runs in no overall order, or a list in list order.
function workOut(segment: EventSegment, plan: DeferredRows): Int32Array | RowRuns {
  const { checks, low, high } = plan
  const slices = plan.slices?.()
  const count = slices ? sliceCount(slices) : 0
  if (slices && slices.length > 1) {
    const runs = selectRuns(segment, slices, count, checks)
    if (!plan.ordered) return runs
    return runs.ends.length > 1 ? sortDistinctRows(runs.rows) : runs.rows
  }
  const source = slices ? gather(slices, count) : undefined
  if (!hasChecks(checks)) return source ?? spanRows(low, high)
  const rows = new Int32Array(source ? source.length : high - low)
  const kept = source
    ? keepPassing(segment, checks, checks.boxes !== undefined, source, 0, source.length, rows, 0)
    : keepPassing(segment, checks, checks.boxes !== undefined, undefined, low, high, rows, 0)
  return rows.subarray(0, kept)
}

function spanRows(low: number, high: number): Int32Array {
  const rows = new Int32Array(Math.max(0, high - low))
  for (let index = 0; index < rows.length; index++) rows[index] = low + index
  return rows
}

const NO_ROWS = new Int32Array(0)

// Whether a reader that needs no rows of some whole cells would skip one of the selection's slices.
function sparesSomeCell(plan: DeferredRows, needsNoRows: (cell: number) => boolean): boolean {
  const { checks } = plan
  if (!asksOnlyPlace(checks)) return false
  const slices = plan.slices?.()
  return slices?.some((slice) => slice.inside && slice.wholeCell >= 0 && needsNoRows(slice.wholeCell)) ?? false
}

// Visits a deferred selection's runs slice by slice through one scratch list; a slice that is a
// whole cell the reader needs no rows of is not read.
function visitDeferred(
  segment: EventSegment,
  plan: DeferredRows,
  visit: RunVisitor,
  needsNoRows: (cell: number) => boolean,
): void {
  const { checks } = plan
  // A slice wholly inside the boxes with nothing else to check keeps every row.
  const keepsWholeSlices = asksOnlyPlace(checks)
  let scratch = NO_ROWS
  for (const slice of plan.slices?.() ?? []) {
    if (keepsWholeSlices && slice.inside && slice.wholeCell >= 0 && needsNoRows(slice.wholeCell)) {
      visit(NO_ROWS, 0, 0, slice.wholeCell)
      continue
    }
    if (scratch.length < slice.to - slice.from)
      scratch = new Int32Array(Math.max(slice.to - slice.from, 2 * scratch.length))
    const kept = keepSlice(segment, checks, slice, scratch, 0)
    if (kept > 0) visit(scratch, 0, kept, kept === slice.to - slice.from ? slice.wholeCell : -1)
  }
}

/** Rows checked at a time when counting a deferred selection, so counting stops soon after the limit. */
const COUNT_CHUNK_ROWS = 16_384

// Counts the rows of a deferred selection chunk by chunk, stopping once past `limit`.
function countDeferredUpTo(segment: EventSegment, plan: DeferredRows, limit: number, locatedOnly: boolean): number {
  const { cellY } = segment
  const { checks } = plan
  let count = 0
  const add = (rows: Int32Array, kept: number) => {
    if (!locatedOnly) count += kept
    else for (let index = 0; index < kept; index++) if (cellY[rows[index]!] !== NO_CELL) count++
  }
  const scratch = new Int32Array(COUNT_CHUNK_ROWS)
  // A slice of a whole value's rows may be long: a chunk at a time.
  const addSlice = (slice: Slice) => {
    for (let from = slice.from; from < slice.to && count <= limit; from += COUNT_CHUNK_ROWS)
      add(
        scratch,
        keepSlice(segment, checks, { ...slice, from, to: Math.min(slice.to, from + COUNT_CHUNK_ROWS) }, scratch, 0),
      )
  }
  const { gridBoxes } = plan
  if (gridBoxes) {
    // The view's cells one at a time, so a wide view stops after its first few.
    const grid = segment.gridRows()
    forEachCellUnder(segment, gridRanges(gridBoxes), gridBoxes, (cell, inside) => {
      const [from, to] = groupSlice(grid, cell, plan.low, plan.high)
      if (to > from) addSlice({ list: grid, from, to, inside, wholeCell: -1, wholeValue: -1 })
      return count <= limit
    })
    return count
  }
  const slices = plan.slices?.()
  if (slices) {
    for (const slice of slices) {
      addSlice(slice)
      if (count > limit) break
    }
    return count
  }
  for (let from = plan.low; from < plan.high && count <= limit; from += COUNT_CHUNK_ROWS) {
    const to = Math.min(plan.high, from + COUNT_CHUNK_ROWS)
    add(scratch, keepPassing(segment, checks, checks.boxes !== undefined, undefined, from, to, scratch, 0))
  }
  return count
}

/** Rows a walk for a wide selection's first or last row reads before it lists the rows instead. */
const MAX_END_WALK_ROWS = 262_144

// The first and last selected rows with a time, found by walking in from each end of the timed part
// of the range a stretch at a time; undefined when a walk reads too far without finding one (the
// selected rows are not spread over the range after all).
function walkedTimedEnds(
  segment: EventSegment,
  plan: DeferredRows,
  checks: RowChecks,
): [number, number] | null | undefined {
  const low = plan.low
  const high = Math.min(plan.high, segment.timedCount)
  if (high <= low) return null
  const checkBoxes = checks.boxes !== undefined
  const scratch = new Int32Array(Math.min(LAST_STRETCH_ROWS, high - low))
  const keep = (from: number, to: number) => keepPassing(segment, checks, checkBoxes, undefined, from, to, scratch, 0)
  let first = -1
  for (let from = low, stretch = FIRST_STRETCH_ROWS; from < high && first < 0; from += stretch, stretch *= 2) {
    if (from - low > MAX_END_WALK_ROWS) return undefined
    stretch = Math.min(stretch, LAST_STRETCH_ROWS)
    if (keep(from, Math.min(high, from + stretch)) > 0) first = scratch[0]!
  }
  if (first < 0) return null
  for (let to = high, stretch = FIRST_STRETCH_ROWS; to > first; to -= stretch, stretch *= 2) {
    if (high - to > MAX_END_WALK_ROWS) return undefined
    stretch = Math.min(stretch, LAST_STRETCH_ROWS)
    const kept = keep(Math.max(first, to - stretch), to)
    if (kept > 0) return [first, scratch[kept - 1]!]
  }
  return [first, first]
}

/** Rows a walk through a wide selection reads in its first stretch; each next is twice as long. */
export const FIRST_STRETCH_ROWS = 256
/** The longest stretch a walk through a wide selection reads at once. */
export const LAST_STRETCH_ROWS = 65_536

// The selected rows of stretches of a wide selection, for a walk through it.
function walkOf(segment: EventSegment, plan: DeferredRows, checks: RowChecks): RowWalk {
  const checkBoxes = checks.boxes !== undefined
  return {
    low: plan.low,
    high: plan.high,
    keep: (from, to, out) => keepPassing(segment, checks, checkBoxes, undefined, from, to, out, 0),
  }
}

/** How {@link selectRows} returns the rows. */
export interface SelectOptions {
  /**
   * Whether the rows must be in list order (a list page). An aggregation takes them in any order,
   * which lets a map view's rows be read cell by cell from the coarse grid without sorting them.
   * Default true.
   */
  readonly ordered?: boolean
}

/**
 * The rows of `segment` that pass `query` and, when given, are among `textRows` (the ascending
 * rows that match a full-text search).
 * @example selectRows(segment, { startMs: Date.UTC(1990, 0, 1) }).rows.length
 */
export function selectRows(
  segment: EventSegment,
  query: IndexQuery,
  textRows?: Int32Array,
  options: SelectOptions = {},
): Selection {
  const ordered = options.ordered ?? true
  const { timeColumn: times } = segment
  let low = 0
  let high = segment.size
  if (query.startMs !== undefined || query.endMs !== undefined) {
    high = segment.timedCount
    if (query.startMs !== undefined) low = firstAtOrAfter(times, 0, high, query.startMs)
    if (query.endMs !== undefined) high = firstAfter(times, low, high, query.endMs)
  }
  high = Math.max(low, high)
  // Widened as PostGIS's float4 boxes widen them, so a row a hair outside passes as it does in SQL.
  const allBoxes = query.bbox ? splitBoundingBox(query.bbox).map(postgisViewBox) : []
  const extent = segment.extent
  // A box around every located event only asks for a location.
  const boxes =
    allBoxes.length > 0 && !(extent && allBoxes.some((box) => containsExtent(box, extent))) ? allBoxes : undefined
  const needsLocation = (query.locatedOnly === true || allBoxes.length > 0) && segment.locatedCount < segment.size
  const tests = query.fields ? codeTests(segment, query.fields) : []

  const candidates = chooseCandidates(segment, low, high, textRows, tests, boxes, ordered)
  const checks: RowChecks = {
    boxes,
    needsLocation,
    tests: tests.filter((test) => candidates.driver !== 'field' || test.path !== candidates.path),
    textMask: textRows && candidates.driver !== 'text' ? maskOf(textRows, segment.size) : undefined,
  }
  const { slices, count } = candidates
  // Every match of a search, with nothing else asked but maybe a location.
  const searched = textRows && !boxes && tests.length === 0 && low === 0 && high === segment.size ? textRows : undefined
  if (!boxes && !needsLocation && checks.tests.length === 0 && checks.textMask === undefined) {
    if (!slices) return new Selection(segment, undefined, { span: { low, high } })
    // Every row of some values, and nothing else: their summaries can stand for the rows.
    const values =
      candidates.driver === 'field' && slices().every((slice) => slice.wholeValue >= 0)
        ? { path: candidates.path!, codes: slices().map((slice) => slice.wholeValue) }
        : undefined
    const walkable = !textRows && isWide(count, low, high)
    return new Selection(
      segment,
      undefined,
      { wholeValues: values, searched },
      { low, high, slices, count, checks, ordered, walk: walkable ? { ...checks, tests } : undefined },
    )
  }
  const boxed = boxes ? boxedRows(segment, boxes, low, high, tests, textRows) : undefined
  // A page walks the rows in time order and checks each, where enough of them pass.
  const walkable = !textRows && isWide(count, low, high)
  return new Selection(
    segment,
    undefined,
    { boxed, searched },
    {
      low,
      high,
      slices,
      count,
      gridBoxes: candidates.driver === 'box' ? boxes : undefined,
      checks,
      ordered,
      walk: walkable ? { ...checks, tests } : undefined,
    },
  )
}

/** A selection smaller than this is listed rather than walked: listing it is cheap. */
const MIN_WALKED_ROWS = 4096
/**
 * A list page walks the rows of the time range, rather than listing the selection, when at least
 * one in this many may pass: a page of 100 then walks some 6,400 rows, against listing every one.
 */
const WALK_DENSITY = 64

function isWide(candidates: number, low: number, high: number): boolean {
  return candidates >= MIN_WALKED_ROWS && candidates * WALK_DENSITY >= high - low
}

// What the rows are when the box is the only condition besides the time range, or besides one
// values filter or a search (with no time range).
function boxedRows(
  segment: EventSegment,
  boxes: readonly BoundingBox[],
  low: number,
  high: number,
  tests: readonly CodeTest[],
  textRows: Int32Array | undefined,
): BoxedRows | undefined {
  const wholeRange = low === 0 && high === segment.size
  if (textRows) return tests.length === 0 && wholeRange ? { boxes, searched: textRows } : undefined
  if (tests.length === 0) return { boxes, span: { low, high } }
  const [test] = tests
  if (tests.length > 1 || !test!.valueCodes || !wholeRange) return undefined
  return { boxes, values: { path: test!.path, codes: test!.valueCodes } }
}

function maskOf(rows: Int32Array, size: number): Uint8Array {
  const mask = new Uint8Array(size)
  for (let index = 0; index < rows.length; index++) mask[rows[index]!] = 1
  return mask
}
