/**
 * The events of one dataset, column by column, in the read API's list order: by time, events
 * without a time last, ties by id. Held per dataset so a change to one dataset reloads only its
 * segment.
 * @module
 */
import { clusterCellSize, finestCellX, lngLatToMercator, MAX_CLUSTER_ZOOM } from '@chronotope/filters'

import type { FieldColumn } from './field-column'
import { decodeRows, groupRows, rowListsBytes, type RowLists } from './row-lists'
import type { TextPostings } from './text-postings'
import { TimeColumn } from './time-column'

/** The columns a segment is built from, one entry per event, already in list order. */
export interface SegmentColumns {
  readonly ids: Int32Array
  /** Milliseconds since 1970 (negative before); NaN for an event without a time. */
  readonly times: Float64Array
  /** Degrees; NaN for an event without a location. */
  readonly longitudes: Float64Array
  readonly latitudes: Float64Array
}

/** A segment's columns with the times as it holds them, as a snapshot stores them. */
export interface HeldSegmentColumns extends Omit<SegmentColumns, 'times'> {
  readonly timeColumn: TimeColumn
}

/**
 * What a segment costs per event before any field or search column is read: its id, time (about
 * 4 bytes, see `time-column`), position and cell row columns (28 bytes) and the coarse grid's row
 * list (about 2, see `row-lists`). Reads size the index with it before a segment exists; {@link EventSegment.byteLength}
 * then counts what it holds.
 */
export const SEGMENT_BYTES_PER_EVENT = 30

/** The cell coordinate of an event without a location. */
export const NO_CELL = -2_147_483_648

/**
 * The map-cluster cell of a point at the finest zoom ({@link MAX_CLUSTER_ZOOM}). A cell at zoom z
 * is this shifted right by `MAX_CLUSTER_ZOOM - z`: cells halve exactly from zoom to zoom, so an
 * arithmetic shift is the floor of the division. Its column is `finestCellX(longitude)`
 * (`@chronotope/filters`), computed where it is needed; its row is held ({@link EventSegment.cellY}).
 */
const FINEST_CELL_SIZE = clusterCellSize(MAX_CLUSTER_ZOOM)

/** The zoom of the coarse grid that narrows a small box to the rows near it. */
export const GRID_ZOOM = 6
/** Cells of the coarse grid along each axis. */
export const GRID_CELLS = 4 * 2 ** GRID_ZOOM
const GRID_SHIFT = MAX_CLUSTER_ZOOM - GRID_ZOOM

/** The coarse grid cell of a finest-zoom cell, or -1 without a location (`finestY` {@link NO_CELL}). */
export function gridCellOf(finestX: number, finestY: number): number {
  if (finestY === NO_CELL) return -1
  const half = GRID_CELLS / 2
  const column = Math.min(GRID_CELLS - 1, Math.max(0, (finestX >> GRID_SHIFT) + half))
  const row = Math.min(GRID_CELLS - 1, Math.max(0, (finestY >> GRID_SHIFT) + half))
  return row * GRID_CELLS + column
}

/** The extents of a segment's occupied coarse grid cells. */
export interface GridCellExtents {
  /** Per grid cell, its slot in `extents`, or -1 when it holds no located event. */
  readonly slotOfCell: Int32Array
  /** West, south, east and north in degrees of each slot's rows. */
  readonly extents: Float64Array
}

/** One dataset's events. */
export class EventSegment implements SegmentColumns {
  readonly ids: Int32Array
  /** The events' times, exactly as given, in about half the bytes (see `time-column`). */
  readonly timeColumn: TimeColumn
  readonly longitudes: Float64Array
  readonly latitudes: Float64Array
  /**
   * The Web Mercator grid row of each event at the finest cluster zoom (latitudes clamped as the
   * map draws them); {@link NO_CELL} without a location. The column is not held: it is
   * `finestCellX(longitude)`, a few operations away, where the row needs the projection's
   * trigonometry.
   */
  readonly cellY: Int32Array
  /** Rows `0 … timedCount-1` have a time; the rest do not. */
  readonly timedCount: number
  /** How many events have a location. */
  readonly locatedCount: number
  /** The extent of the located events (west, south, east, north); null when none has a location. */
  readonly extent: readonly [number, number, number, number] | null
  private readonly fields = new Map<string, FieldColumn>()
  private postings: TextPostings | undefined
  private rowsById: Int32Array | undefined
  private grid: RowLists | undefined
  private gridBounds: GridCellExtents | undefined
  private readonly memos = new Map<string, unknown>()

  /**
   * @param datasetId - the dataset the events belong to
   * @param version - the dataset's events version these columns were read at
   * @param columns - the columns; or with the times as a segment holds them (a snapshot read back)
   * @throws RangeError when the columns differ in length or are not in list order
   */
  constructor(
    readonly datasetId: number,
    readonly version: string,
    columns: SegmentColumns | HeldSegmentColumns,
  ) {
    const size = columns.ids.length
    const held = 'timeColumn' in columns ? columns.timeColumn : undefined
    const times = 'times' in columns ? columns.times : undefined
    if ((held ?? times!).length !== size || columns.longitudes.length !== size || columns.latitudes.length !== size) {
      throw new RangeError('segment columns must have one entry per event')
    }
    // Reads one way or the other only here, while the segment is made.
    const timeAt = held ? (row: number) => held.time(row) : (row: number) => times![row]!
    this.ids = columns.ids
    this.longitudes = columns.longitudes
    this.latitudes = columns.latitudes
    this.cellY = new Int32Array(size)
    let timedCount = size
    let locatedCount = 0
    let west = Number.POSITIVE_INFINITY
    let south = Number.POSITIVE_INFINITY
    let east = Number.NEGATIVE_INFINITY
    let north = Number.NEGATIVE_INFINITY
    let previous = Number.NaN
    for (let row = 0; row < size; row++) {
      const time = timeAt(row)
      if (Number.isNaN(time)) {
        if (timedCount === size) timedCount = row
      } else if (
        timedCount !== size ||
        (row > 0 && (time < previous || (time === previous && this.ids[row]! <= this.ids[row - 1]!)))
      ) {
        throw new RangeError(`segment rows must be in list order (time, then id; no time last); row ${row} is not`)
      }
      const longitude = this.longitudes[row]!
      const latitude = this.latitudes[row]!
      if (Number.isNaN(longitude) || Number.isNaN(latitude)) {
        this.cellY[row] = NO_CELL
      } else {
        this.cellY[row] = Math.floor(lngLatToMercator([longitude, latitude])[1] / FINEST_CELL_SIZE)
        locatedCount++
        if (longitude < west) west = longitude
        if (longitude > east) east = longitude
        if (latitude < south) south = latitude
        if (latitude > north) north = latitude
      }
      previous = time
    }
    if (held && held.timedCount !== timedCount)
      throw new RangeError(`the time blocks say ${held.timedCount} rows have a time; ${timedCount} do`)
    this.timedCount = timedCount
    this.timeColumn = held ?? TimeColumn.fromTimes(times!, timedCount)
    this.locatedCount = locatedCount
    this.extent = locatedCount === 0 ? null : [west, south, east, north]
  }

  /**
   * The events' times as one array, NaN without a time: a copy made on each call (8 bytes an
   * event), for snapshots and tests; reads use {@link timeColumn}.
   */
  get times(): Float64Array {
    return this.timeColumn.toArray()
  }

  /** How many events the segment holds. */
  get size(): number {
    return this.ids.length
  }

  /**
   * The memory the segment holds now, in bytes: its columns, the field columns and search
   * postings loaded so far, and the lists built on first use. The memoised map summaries of
   * {@link memoize} are not counted: they are built by map reads, per zoom, and are smaller than
   * the rows they summarise.
   */
  get byteLength(): number {
    let bytes =
      this.ids.byteLength +
      this.timeColumn.byteLength +
      this.longitudes.byteLength +
      this.latitudes.byteLength +
      this.cellY.byteLength +
      (this.rowsById?.byteLength ?? 0) +
      rowListsBytes(this.grid) +
      (this.gridBounds ? this.gridBounds.slotOfCell.byteLength + this.gridBounds.extents.byteLength : 0)
    for (const column of this.fields.values()) bytes += column.byteLength
    return bytes + (this.postings?.byteLength ?? 0)
  }

  /** The field column of `path`, when it has been loaded. */
  field(path: string): FieldColumn | undefined {
    return this.fields.get(path)
  }

  /** Adds a field column, read in the same row order. */
  setField(path: string, column: FieldColumn): void {
    if (column.codes.length !== this.size)
      throw new RangeError(`field "${path}" has ${column.codes.length} rows; the segment has ${this.size}`)
    this.fields.set(path, column)
  }

  /** The paths whose columns are loaded. */
  fieldPaths(): string[] {
    return [...this.fields.keys()]
  }

  /** The full-text postings of the events' search documents, when they have been loaded. */
  get textPostings(): TextPostings | undefined {
    return this.postings
  }

  /**
   * Adds the full-text postings, built over the same rows. The rows by id built for searches the
   * database answered while the postings loaded are let go (4 bytes an event): the postings answer
   * from now on, and a search they cannot answer (a phrase) builds them again.
   */
  setTextPostings(postings: TextPostings): void {
    if (postings.size !== this.size)
      throw new RangeError(`text postings cover ${postings.size} rows; the segment has ${this.size}`)
    this.postings = postings
    this.rowsById = undefined
  }

  /**
   * The rows of the given event ids, ascending (ids not in the segment are ignored).
   * @example segment.rowsOf([12, 40]) // Int32Array [3, 17]
   */
  rowsOf(eventIds: Iterable<number>): Int32Array {
    const byId = this.sortedRows()
    const rows: number[] = []
    for (const id of eventIds) {
      let low = 0
      let high = byId.length - 1
      while (low <= high) {
        const middle = (low + high) >> 1
        const found = this.ids[byId[middle]!]!
        if (found === id) {
          rows.push(byId[middle]!)
          break
        }
        if (found < id) low = middle + 1
        else high = middle - 1
      }
    }
    return Int32Array.from(rows).sort()
  }

  /**
   * A value computed once from the segment's rows, which never change (a changed dataset gets a
   * new segment), e.g. its map-cluster cells at a coarse zoom.
   */
  memoize<T>(key: string, compute: () => T): T {
    if (!this.memos.has(key)) this.memos.set(key, compute())
    return this.memos.get(key) as T
  }

  /** The located rows grouped by their cell of the coarse grid ({@link GRID_ZOOM}), built on first use. */
  gridRows(): RowLists {
    if (!this.grid) {
      const keys = new Int32Array(this.size)
      for (let row = 0; row < this.size; row++)
        keys[row] = gridCellOf(finestCellX(this.longitudes[row]!), this.cellY[row]!)
      this.grid = groupRows(keys, GRID_CELLS * GRID_CELLS)
    }
    return this.grid
  }

  /**
   * The extent of each occupied coarse grid cell's rows, built on first use: a box that holds a
   * cell's extent holds every row of it, and one that misses the extent holds none, whatever the
   * rounding of positions into cells.
   */
  gridExtents(): GridCellExtents {
    if (!this.gridBounds) {
      const grid = this.gridRows()
      const { starts } = grid
      const slotOfCell = new Int32Array(GRID_CELLS * GRID_CELLS).fill(-1)
      let occupied = 0
      for (let cell = 0; cell < GRID_CELLS * GRID_CELLS; cell++)
        if (starts[cell + 1]! > starts[cell]!) slotOfCell[cell] = occupied++
      const extents = new Float64Array(4 * occupied)
      for (let cell = 0; cell < GRID_CELLS * GRID_CELLS; cell++) {
        const slot = slotOfCell[cell]!
        if (slot < 0) continue
        let west = Number.POSITIVE_INFINITY
        let south = Number.POSITIVE_INFINITY
        let east = Number.NEGATIVE_INFINITY
        let north = Number.NEGATIVE_INFINITY
        const rows = decodeRows(grid, starts[cell]!, starts[cell + 1]!)
        for (let index = 0; index < rows.length; index++) {
          const longitude = this.longitudes[rows[index]!]!
          const latitude = this.latitudes[rows[index]!]!
          if (longitude < west) west = longitude
          if (longitude > east) east = longitude
          if (latitude < south) south = latitude
          if (latitude > north) north = latitude
        }
        extents.set([west, south, east, north], 4 * slot)
      }
      this.gridBounds = { slotOfCell, extents }
    }
    return this.gridBounds
  }

  // Row numbers ordered by event id, built on first use (only text search needs it).
  private sortedRows(): Int32Array {
    this.rowsById ??= Int32Array.from({ length: this.size }, (_, row) => row).sort(
      (a, b) => this.ids[a]! - this.ids[b]!,
    )
    return this.rowsById
  }
}
