import { headerMeaning } from './header-words'
import { InvalidDate } from './invalid-date'
import type { DateOrderDecision } from './date-order-tally'
import { inferDateOrder } from './infer-date-order'
import { parseDateNumber } from './parse-date-number'
import { parseIsoDate } from './parse-iso'
import { tryParseDate } from './parse-date'
import type { DateNumberReading, DateOrder, ParsedDate, TimePrecision } from './types'

/** How a date column is written. */
export type DateFormatKind =
  'iso' | 'numeric' | 'month-name' | 'excel-serial' | 'unix-seconds' | 'unix-milliseconds' | 'year' | 'mixed'

/** What {@link inferDateFormat} found out about a date column, to show in the import preview. */
export interface DateColumnFormat {
  /** The way most values are written; 'mixed' when no way has nine in ten of them. */
  kind: DateFormatKind
  /** The order of numeric dates, when the column has any and its values decide it. */
  order?: DateOrder
  /** True when the numeric dates fit both MDY and DMY and none decides: the user must be asked. */
  isAmbiguousOrder: boolean
  /** The share (0 to 1) of non-empty samples that parse as dates. */
  matchRate: number
  /** The most common precision. */
  precision: TimePrecision
  /** Whether any value names a time zone or offset (`Z`, `+02:00`, `GMT`). */
  hasTimeZone: boolean
  /** The decision in words, e.g. `104 of 106 values are month/day/year dates`. */
  reason: string
}

/** Options for {@link inferDateFormat}. */
export interface InferDateFormatOptions {
  /** The column's header: bare numbers are dates only under a date-like header ('year', 'timestamp'). */
  headerName?: string
  /**
   * The column's day/month order decided from more values than the samples (e.g. a whole file's
   * counted value by value); default: decided from the samples.
   */
  orderDecision?: DateOrderDecision
}

/** Below this share of parsing values, a column is text that happens to hold some dates. */
const MIN_MATCH_RATE = 0.5
const NUMERIC = /^[+-]?\d+(?:\.\d+)?$/
const NUMERIC_DATE = /^\s*\d{1,4}[/.-]\d{1,2}(?:[/.-]\d{1,4})?(?:$|[\sT,])/
/** A zone after a time of day: '10:00Z', '10:00:00+02:00', '10:00 GMT'; a date's own '-03' is not one. */
const ZONE =
  /\d:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?\s?(?:[Zz]|[+\-\u2212]\d{2}(?::?\d{2})?|UTC|GMT|[ECMP][SD]T|CES?T)(?![A-Za-z])/

/**
 * Decides whether a column holds dates and how they are written, from a sample of its values.
 * Plain integers are dates only as years 1000–2100 under a year header (year, jahr, année, año, anno)
 * or as Excel serials / Unix times under a date header (date, time, timestamp, created, datum,
 * fecha); 'id', 'count' or 'population' columns never are.
 * @returns undefined when the column is not a date column (fewer than half its values are dates)
 * @example inferDateFormat(['9/1/2016', '9/13/2016']) // { kind: 'numeric', order: 'MDY', matchRate: 1, ... }
 * @example inferDateFormat([1848, 1912], { headerName: 'year' })?.kind // 'year'
 * @example inferDateFormat([1848, 1912], { headerName: 'population' }) // undefined
 */
export function inferDateFormat(
  samples: readonly unknown[],
  options: InferDateFormatOptions = {},
): DateColumnFormat | undefined {
  const values = samples.filter(
    (sample) => sample !== null && sample !== undefined && !(typeof sample === 'string' && sample.trim() === ''),
  )
  if (values.length === 0) return undefined
  const numbers: number[] = []
  for (const value of values) {
    if (typeof value === 'number') numbers.push(value)
    else if (typeof value === 'string' && NUMERIC.test(value.trim())) numbers.push(Number(value.trim()))
  }
  // Bare numbers beside 'NA' or 'Unknown' are still a number column: only the header can make them dates.
  const hasWrittenDates =
    numbers.length < values.length && values.some((value) => !isBareNumber(value) && tryParseDate(value) !== undefined)
  if (!hasWrittenDates) return inferNumberFormat(numbers, values.length, options.headerName)
  return inferTextFormat(values, options.orderDecision)
}

function isBareNumber(value: unknown): boolean {
  return typeof value === 'number' || (typeof value === 'string' && NUMERIC.test(value.trim()))
}

function inferTextFormat(
  values: readonly unknown[],
  orderDecision: DateOrderDecision | undefined,
): DateColumnFormat | undefined {
  const strings = values.filter((value): value is string => typeof value === 'string')
  const decision = orderDecision ?? inferDateOrder(strings)
  const kinds = new Map<DateFormatKind, number>()
  const precisions = new Map<TimePrecision, number>()
  let parsedCount = 0
  let hasTimeZone = false
  for (const value of values) {
    const parsed = tryParseDate(value, { order: decision.order })
    if (parsed === undefined) continue
    parsedCount++
    increment(kinds, kindOf(value, parsed))
    increment(precisions, parsed.precision)
    if (typeof value === 'string' && ZONE.test(value.trim())) hasTimeZone = true
  }
  const matchRate = parsedCount / values.length
  if (parsedCount === 0 || matchRate < MIN_MATCH_RATE) return undefined
  const [mainKind = 'mixed', mainCount = 0] = mostCommon(kinds)
  const kind = mainCount >= 0.9 * parsedCount ? mainKind : 'mixed'
  const hasNumericDates = (kinds.get('numeric') ?? 0) > 0
  const described =
    kind === 'numeric' && decision.order !== undefined ? `${ORDER_NAMES[decision.order]} dates` : `${KIND_NAMES[kind]}`
  return {
    kind,
    ...(hasNumericDates && decision.order !== undefined ? { order: decision.order } : {}),
    isAmbiguousOrder: hasNumericDates && decision.isAmbiguous,
    matchRate,
    precision: mostCommon(precisions)[0] ?? 'day',
    hasTimeZone,
    reason: `${parsedCount} of ${values.length} values are ${described}${hasNumericDates ? ` (${decision.reason})` : ''}`,
  }
}

const ORDER_NAMES: Readonly<Record<DateOrder, string>> = {
  MDY: 'month/day/year',
  DMY: 'day/month/year',
  YMD: 'year/month/day',
}
const KIND_NAMES: Readonly<Record<DateFormatKind, string>> = {
  iso: 'ISO 8601 dates',
  numeric: 'numeric dates',
  'month-name': 'dates with month names',
  'excel-serial': 'Excel serials',
  'unix-seconds': 'Unix times in seconds',
  'unix-milliseconds': 'Unix times in milliseconds',
  year: 'years',
  mixed: 'dates written in several ways',
}

function kindOf(value: unknown, parsed: ParsedDate): DateFormatKind {
  if (typeof value !== 'string') return value instanceof Date ? 'iso' : 'year'
  const text = value.trim()
  // '1848', 'c. 1850' and '44 BC' are years however they are written.
  if (parsed.precision === 'year' && !parsed.end) return 'year'
  if (parseIsoSafely(text) || /^[+-]?\d{4}-\d{2}(?:-\d{2})?\//.test(text)) return 'iso'
  if (NUMERIC_DATE.test(text)) return 'numeric'
  if (NUMERIC.test(text)) return parsed.precision === 'day' ? 'iso' : 'unix-seconds'
  return 'month-name'
}

function parseIsoSafely(text: string): boolean {
  try {
    return parseIsoDate(text) !== undefined
  } catch (error) {
    // ISO-shaped but impossible ('2021-13-01'): still written the ISO way.
    if (error instanceof InvalidDate) return true
    throw error
  }
}

/** Which readings a bare number fits, by magnitude. */
function numberReadings(value: number): DateNumberReading[] {
  const readings: DateNumberReading[] = []
  if (Number.isInteger(value) && value >= 1000 && value <= 2100) readings.push('year')
  if (value >= 1 && value <= 2_958_465) readings.push('excel-serial')
  if (value >= 1e9 && value < 1e10) readings.push('unix-seconds')
  if (value >= 1e12 && value < 1e13) readings.push('unix-milliseconds')
  return readings
}

function inferNumberFormat(
  numbers: readonly number[],
  valueCount: number,
  headerName: string | undefined,
): DateColumnFormat | undefined {
  const meaning = headerMeaning(headerName)
  if (meaning === 'not-date' || meaning === 'unknown') return undefined
  const candidates: DateNumberReading[] =
    meaning === 'year' ? ['year'] : ['unix-milliseconds', 'unix-seconds', 'excel-serial']
  for (const reading of candidates) {
    const fitting = numbers.filter((value) => numberReadings(value).includes(reading))
    const matchRate = fitting.length / valueCount
    if (matchRate < MIN_MATCH_RATE) continue
    const precisions = new Map<TimePrecision, number>()
    for (const value of fitting)
      increment(precisions, parseDateNumber(value, String(value), { numbers: reading }).precision)
    const kind = reading === 'reject' ? 'mixed' : reading
    return {
      kind,
      isAmbiguousOrder: false,
      matchRate,
      precision: mostCommon(precisions)[0] ?? 'day',
      hasTimeZone: reading.startsWith('unix'),
      reason: `${fitting.length} of ${valueCount} values are ${KIND_NAMES[kind]} under the header "${headerName}"`,
    }
  }
  return undefined
}

function increment<Key>(counts: Map<Key, number>, key: Key): void {
  counts.set(key, (counts.get(key) ?? 0) + 1)
}

function mostCommon<Key>(counts: ReadonlyMap<Key, number>): [Key | undefined, number] {
  let best: Key | undefined
  let bestCount = 0
  for (const [key, count] of counts) {
    if (count > bestCount) [best, bestCount] = [key, count]
  }
  return [best, bestCount]
}
