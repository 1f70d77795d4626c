import {
  countCoordinateOrder,
  emptyCoordinateOrderTally,
  tryParseCoordinate,
  tryParseCoordinatePair,
} from '@chronotope/coordinates'
import type { CoordinateFormat, CoordinateOrderTally } from '@chronotope/coordinates'
import { countDateOrder, emptyDateOrderTally, tryParseDate } from '@chronotope/dates'
import type { DateOrderTally, ParsedDate } from '@chronotope/dates'

import { parseBooleanWord } from '../boolean-words'
import type { CellValue } from '../cell-value'
import { isNullMarker } from '../null-markers'
import { hasFractionPart, parseNumberText } from '../number-text'
import type { DecimalSeparator } from '../number-text'
import { DistinctValues } from './distinct-values'
import type { DistinctValuesState } from './distinct-values'

/** Distinct values kept per column for date-format and month-name inference. */
export const SAMPLE_VALUE_CAP = 1_000
/** Coordinate pairs kept per column for swap detection. */
export const PAIR_SAMPLE_CAP = 1_000
/**
 * Date and coordinate parsing is given up for a column after this many distinct values when
 * fewer than {@link PARSE_GIVE_UP_HIT_RATE} of them parsed: such a column cannot reach the 95%
 * a type needs, and failed parses are the expensive part of sampling free text.
 */
export const PARSE_GIVE_UP_AFTER = 200
/** See {@link PARSE_GIVE_UP_AFTER}. */
export const PARSE_GIVE_UP_HIT_RATE = 0.05
const EXAMPLE_CAP = 5
const KIND_EXAMPLE_CAP = 3

/** What a single non-empty value reads as, before the column's decimal separator is decided. */
export type ValueKind = 'numeric' | 'boolean' | 'date' | 'coordinate' | 'string'

/** Numbers of a column read with one decimal separator. */
export interface NumericReading {
  count: number
  integerCount: number
  min: number | null
  max: number | null
}

/** Parse attempts of one kind in a column. */
export interface ParseAttempts {
  tried: number
  parsed: number
}

/** A date extreme: its instant and ISO text. */
export interface DateExtreme {
  epochMs: number
  iso: string
}

/** JSON form of {@link ColumnStatistics}. */
export interface ColumnStatisticsState {
  count: number
  nullCount: number
  emptyCount: number
  distinct: DistinctValuesState
  examples: string[]
  samples: string[]
  length: { min: number; max: number; total: number; count: number }
  kindCounts: Record<ValueKind, number>
  kindExamples: Record<ValueKind, string[]>
  numbers: {
    point: NumericReading
    comma: NumericReading
    /** Values that are numbers only with `.` decimals ("1.5", "1,234,567"). */
    pointOnly: number
    /** Values that are numbers only with `,` decimals ("1,5", "1.234,5"). */
    commaOnly: number
    /** Digit strings with a leading zero ("02134"): codes, not quantities. */
    leadingZeroCount: number
    /** Values exactly 0 or 1. */
    zeroOneCount: number
  }
  /** Distinct values tried as dates and as coordinates, and how many parsed. */
  attempts: { date: ParseAttempts; coordinate: ParseAttempts }
  /** Extremes of the values read as dates with the default (month-first when ambiguous) order. */
  dates: { earliest: DateExtreme | null; latest: DateExtreme | null }
  /** What every value read as a date (not only the kept samples) says about the day/month order. */
  dateOrder: DateOrderTally
  coordinates: {
    /** Values read as one coordinate (numbers or degrees-minutes-seconds). */
    parsed: number
    within90: number
    within180: number
    dms: number
    pairFormats: Partial<Record<CoordinateFormat, number>>
    pairSamples: Array<[latitude: number, longitude: number]>
    /** What every unlettered pair says about the pair order (absent in states saved before it). */
    pairOrder?: CoordinateOrderTally
    /** The first value read as one number beyond ±90, and beyond ±180, as written (for warnings). */
    beyond90Example?: string
    beyond180Example?: string
  }
}

function emptyReading(): NumericReading {
  return { count: 0, integerCount: 0, min: null, max: null }
}

function emptyKinds<T>(make: () => T): Record<ValueKind, T> {
  return { numeric: make(), boolean: make(), date: make(), coordinate: make(), string: make() }
}

/** A fresh, empty column state. */
export function emptyColumnState(): ColumnStatisticsState {
  return {
    count: 0,
    nullCount: 0,
    emptyCount: 0,
    distinct: { exact: [], sketch: null },
    examples: [],
    samples: [],
    length: { min: 0, max: 0, total: 0, count: 0 },
    kindCounts: emptyKinds(() => 0),
    kindExamples: emptyKinds((): string[] => []),
    numbers: {
      point: emptyReading(),
      comma: emptyReading(),
      pointOnly: 0,
      commaOnly: 0,
      leadingZeroCount: 0,
      zeroOneCount: 0,
    },
    attempts: { date: { tried: 0, parsed: 0 }, coordinate: { tried: 0, parsed: 0 } },
    dates: { earliest: null, latest: null },
    dateOrder: emptyDateOrderTally(),
    coordinates: {
      parsed: 0,
      within90: 0,
      within180: 0,
      dms: 0,
      pairFormats: {},
      pairSamples: [],
      pairOrder: emptyCoordinateOrderTally(),
    },
  }
}

function addReading(reading: NumericReading, value: number, isInteger: boolean): void {
  reading.count++
  if (isInteger) reading.integerCount++
  if (reading.min === null || value < reading.min) reading.min = value
  if (reading.max === null || value > reading.max) reading.max = value
}

/** The earlier of an extreme and a date. */
export function earlier(current: DateExtreme | null, epochMs: number, iso: string): DateExtreme | null {
  return current === null || epochMs < current.epochMs ? { epochMs, iso } : current
}

/** The later of an extreme and a date. */
export function later(current: DateExtreme | null, epochMs: number, iso: string): DateExtreme | null {
  return current === null || epochMs > current.epochMs ? { epochMs, iso } : current
}

const HAS_DIGIT = /\d/
/** Letters other than hemispheres and d/m/s/deg units, which no single coordinate or pair contains. */
const NON_COORDINATE_LETTER = /[abcfh-lo-rt-vx-z]/i
const WKT_OR_GEOJSON = /^(?:point\b|\{)/i

function isWorthTrying(attempts: ParseAttempts): boolean {
  return attempts.tried < PARSE_GIVE_UP_AFTER || attempts.parsed >= attempts.tried * PARSE_GIVE_UP_HIT_RATE
}
const DECIMAL_DEGREES = /^[+-]?\d+(?:[.,]\d+)?$/
const LEADING_ZERO = /^0\d+$/

/**
 * True when a pair is in range as latitude/longitude or as longitude/latitude (swapped columns
 * are decided later). Street numbers such as "1600 W 500 N" read as pairs but are not in range.
 */
function isPlausiblePair(latitude: number, longitude: number): boolean {
  const a = Math.abs(latitude)
  const b = Math.abs(longitude)
  return (a <= 90 && b <= 180) || (a <= 180 && b <= 90)
}

/**
 * Accumulates one column's statistics over sampled rows, with memory bounded by the distinct-value
 * cap and the sample caps. Each distinct value is classified once (the kind is cached with it).
 */
export class ColumnStatistics {
  private readonly data: ColumnStatisticsState
  private readonly distinct: DistinctValues

  /** Continues from a saved state, or starts empty. */
  constructor(state?: ColumnStatisticsState) {
    this.data = state ? structuredClone(state) : emptyColumnState()
    this.distinct = new DistinctValues(this.data.distinct)
  }

  /** Counts one cell. */
  add(cell: CellValue): void {
    const data = this.data
    data.count++
    if (cell === null) {
      data.nullCount++
      return
    }
    let text: string
    if (typeof cell === 'string') {
      text = cell.trim()
      if (text.length === 0) {
        data.emptyCount++
        return
      }
      if (isNullMarker(text)) {
        data.nullCount++
        return
      }
    } else {
      text = String(cell)
    }
    const length = data.length
    if (length.count === 0 || text.length < length.min) length.min = text.length
    if (text.length > length.max) length.max = text.length
    length.total += text.length
    length.count++

    const cachedKind = this.distinct.countRepeat(text) as ValueKind | undefined
    if (cachedKind !== undefined) {
      data.kindCounts[cachedKind]++
      if (cachedKind === 'numeric') this.addNumber(cell, text)
      else if (cachedKind === 'coordinate') this.addCoordinateText(text, false)
      else if (cachedKind === 'date') countDateOrder(data.dateOrder, text)
      return
    }
    if (data.examples.length < EXAMPLE_CAP) data.examples.push(text)
    if (data.samples.length < SAMPLE_VALUE_CAP) data.samples.push(text)
    const kind = this.classifyNew(cell, text)
    data.kindCounts[kind]++
    if (kind === 'date') countDateOrder(data.dateOrder, text)
    const examples = data.kindExamples[kind]
    if (examples.length < KIND_EXAMPLE_CAP) examples.push(text)
    this.distinct.addNew(text, kind)
  }

  /** Classifies a value seen for the first time and records what only first sightings need. */
  private classifyNew(cell: CellValue, text: string): ValueKind {
    if (typeof cell === 'boolean') return 'boolean'
    if (this.addNumber(cell, text)) return 'numeric'
    if (parseBooleanWord(text) !== undefined) return 'boolean'
    // Dates and coordinates need a digit: skipping digit-free text keeps names and words cheap.
    if (!HAS_DIGIT.test(text)) return 'string'
    const attempts = this.data.attempts
    let date: ParsedDate | undefined
    if (isWorthTrying(attempts.date)) {
      attempts.date.tried++
      date = tryParseDate(text)
    }
    if (date !== undefined) {
      attempts.date.parsed++
      const dates = this.data.dates
      dates.earliest = earlier(dates.earliest, date.epochMs, date.iso)
      dates.latest = later(dates.latest, date.epochMs, date.iso)
      return 'date'
    }
    if (!isWorthTrying(attempts.coordinate) || (NON_COORDINATE_LETTER.test(text) && !WKT_OR_GEOJSON.test(text)))
      return 'string'
    attempts.coordinate.tried++
    if (!this.addCoordinateText(text, true)) return 'string'
    attempts.coordinate.parsed++
    return 'coordinate'
  }

  /** Counts a number cell or numeric text under both decimal conventions; false when not a number. */
  private addNumber(cell: CellValue, text: string): boolean {
    const numbers = this.data.numbers
    let point: number | undefined
    let comma: number | undefined
    if (typeof cell === 'number') {
      if (!Number.isFinite(cell)) return false
      point = cell
      comma = cell
    } else {
      point = parseNumberText(text, '.')
      comma = parseNumberText(text, ',')
      if (point === undefined && comma === undefined) return false
      if (comma === undefined) numbers.pointOnly++
      else if (point === undefined) numbers.commaOnly++
      if (LEADING_ZERO.test(text)) numbers.leadingZeroCount++
    }
    const isNumberCell = typeof cell === 'number'
    if (point !== undefined)
      addReading(numbers.point, point, Number.isInteger(point) && (isNumberCell || !hasFractionPart(text, '.')))
    if (comma !== undefined)
      addReading(numbers.comma, comma, Number.isInteger(comma) && (isNumberCell || !hasFractionPart(text, ',')))
    const value = (point ?? comma) as number
    if (value === 0 || value === 1) numbers.zeroOneCount++
    this.addCoordinateValue(value, text)
    return true
  }

  private addCoordinateValue(value: number, text: string): void {
    const coordinates = this.data.coordinates
    coordinates.parsed++
    const magnitude = Math.abs(value)
    if (magnitude <= 90) coordinates.within90++
    else coordinates.beyond90Example ??= text
    if (magnitude <= 180) coordinates.within180++
    else coordinates.beyond180Example ??= text
  }

  /** Counts a degrees-minutes-seconds value or a coordinate pair; false when the text is neither. */
  private addCoordinateText(text: string, isFirstSighting: boolean): boolean {
    const coordinates = this.data.coordinates
    const single = tryParseCoordinate(text)
    if (single !== undefined) {
      this.addCoordinateValue(single, text)
      if (!DECIMAL_DEGREES.test(text)) coordinates.dms++
      return true
    }
    const pair = tryParseCoordinatePair(text)
    if (pair === undefined || !isPlausiblePair(pair.latitude, pair.longitude)) return false
    coordinates.pairFormats[pair.format] = (coordinates.pairFormats[pair.format] ?? 0) + 1
    countCoordinateOrder((coordinates.pairOrder ??= emptyCoordinateOrderTally()), pair, text)
    if (isFirstSighting && coordinates.pairSamples.length < PAIR_SAMPLE_CAP) {
      coordinates.pairSamples.push([pair.latitude, pair.longitude])
    }
    return true
  }

  /**
   * Counts a cell read beyond the sample only for the column's day/month order, so the order can
   * be decided over the whole file at the cost of one pattern match per value.
   */
  addDateOrderEvidence(cell: CellValue): void {
    if (typeof cell === 'string') countDateOrder(this.data.dateOrder, cell)
  }

  /** The distinct-value counter (read-only use). */
  get distinctValues(): DistinctValues {
    return this.distinct
  }

  /** The accumulated figures (read-only use). */
  get figures(): Readonly<ColumnStatisticsState> {
    return this.data
  }

  /** JSON-serializable state. */
  state(): ColumnStatisticsState {
    return { ...structuredClone(this.data), distinct: this.distinct.state() }
  }
}

/**
 * Decides a column's decimal separator from values that read as numbers with only one of them;
 * `.` unless `,` has more evidence.
 * @example decideDecimalSeparator({ pointOnly: 0, commaOnly: 3 }) // ','
 */
export function decideDecimalSeparator(numbers: { pointOnly: number; commaOnly: number }): DecimalSeparator {
  return numbers.commaOnly > numbers.pointOnly ? ',' : '.'
}
