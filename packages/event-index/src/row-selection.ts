/**
 * Selecting a segment's rows that pass a filter: the time range narrows the rows by binary search
 * (rows are in time order), then place, data fields and text are checked row by row.
 * @module
 */
import { splitBoundingBox, type BoundingBox, type FieldFilter } from '@chronotope/filters'

import type { EventSegment } from './event-segment'

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

/** The rows of one segment that pass a query, in list order. */
export interface Selection {
  readonly segment: EventSegment
  readonly rows: Int32Array
}

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
  readonly codes: Int32Array
  readonly keep: Uint8Array
}

function codeTests(segment: EventSegment, fields: Readonly<Record<string, FieldFilter>>): CodeTest[] {
  return Object.entries(fields).map(([path, filter]) => {
    const column = segment.field(path)
    if (!column) throw new Error(`field "${path}" is not loaded in the segment of dataset ${segment.datasetId}`)
    const keep = filter.kind === 'values' ? column.codesMatching(filter.values) : column.codesInRange(filter.min, filter.max)
    return { codes: column.codes, keep }
  })
}

/**
 * The rows of `segment` that pass `query` (and `textMask`, when given: 1 keeps a row).
 * @example selectRows(segment, { startMs: Date.UTC(1990, 0, 1) }).rows.length
 */
export function selectRows(segment: EventSegment, query: IndexQuery, textMask?: Uint8Array): Selection {
  const { times, longitudes, latitudes } = segment
  let low = 0
  let high = segment.size
  if (query.startMs !== undefined || query.endMs !== undefined) {
    high = segment.timedCount
    if (query.startMs !== undefined) low = firstAtOrAfter(times, 0, high, query.startMs)
    if (query.endMs !== undefined) high = firstAfter(times, low, high, query.endMs)
  }
  const boxes = query.bbox ? splitBoundingBox(query.bbox) : []
  const first = boxes[0]
  const second = boxes[1]
  const tests = query.fields ? codeTests(segment, query.fields) : []
  const locatedOnly = query.locatedOnly === true || boxes.length > 0
  const rows = new Int32Array(Math.max(0, high - low))
  let kept = 0
  for (let row = low; row < high; row++) {
    if (textMask !== undefined && textMask[row] === 0) continue
    if (locatedOnly) {
      const longitude = longitudes[row]!
      const latitude = latitudes[row]!
      if (Number.isNaN(longitude) || Number.isNaN(latitude)) continue
      if (
        first !== undefined &&
        !(longitude >= first.west && longitude <= first.east && latitude >= first.south && latitude <= first.north) &&
        !(second !== undefined && longitude >= second.west && longitude <= second.east && latitude >= second.south && latitude <= second.north)
      ) {
        continue
      }
    }
    let passes = true
    for (const test of tests) {
      const code = test.codes[row]!
      if (code < 0 || test.keep[code] === 0) {
        passes = false
        break
      }
    }
    if (passes) rows[kept++] = row
  }
  return { segment, rows: rows.subarray(0, kept) }
}
