import { fromEpochMs, toParsedDate, yearOfEpochMs } from './calendar'
import { InvalidDate } from './invalid-date'
import { parseDateNumber } from './parse-date-number'
import { parseIsoDate } from './parse-iso'
import { parseNumericDate } from './parse-numeric-date'
import { extractTime } from './parse-time'
import { parseWrittenDate } from './parse-written-date'
import type { ParsedDate, ParseDateOptions } from './types'

/** Longer values are prose, not dates; the limit also bounds the work spent on garbage. */
const MAX_LENGTH = 120
const NO_OPTIONS: ParseDateOptions = {}
const NUMERIC = /^[+-]?\d+(?:\.\d+)?$/

/**
 * Parses a date the way people write it in spreadsheets: ISO 8601 (with `T` or a space, zones
 * converted to UTC), `M/D/Y`, `D/M/Y` and `Y/M/D` with `/ . -` separators and 2- or 4-digit years,
 * month names in seven languages, weekday prefixes, 12-hour times, Excel serials, Unix times, years
 * alone (before 1000 and BCE too), 'circa' dates and ranges. Zone-less times are read as UTC.
 * @param value - a cell: a string, a number (see `options.numbers`) or a Date
 * @param options - the column's decisions, e.g. from {@link inferDateFormat}
 * @throws {@link InvalidDate} naming the value and why it is not a date
 * @example parseDate('03/04/2021', { order: 'DMY' }) // { iso: '2021-04-03T00:00:00.000Z', precision: 'day', ... }
 * @example parseDate('c. 1850') // { iso: '1850-01-01T00:00:00.000Z', precision: 'year', isApproximate: true, ... }
 * @example parseDate('44 BC').iso // '-000043-01-01T00:00:00.000Z'
 */
export function parseDate(value: string | number | Date, options: ParseDateOptions = NO_OPTIONS): ParsedDate {
  if (typeof value === 'string') return parseDateText(value, options)
  if (typeof value === 'number') return parseDateNumber(value, String(value), options)
  if (value instanceof Date) return parseDateObject(value)
  throw new InvalidDate(
    String(value),
    `expected text, a number or a Date, got ${value === null ? 'null' : typeof value}`,
  )
}

/**
 * Like {@link parseDate}, but returns undefined for empty, missing or unparseable values instead of
 * throwing; for callers that only need to know whether a value is a date.
 * @example tryParseDate('  ') // undefined
 * @example tryParseDate('2021-04-03')?.precision // 'day'
 */
export function tryParseDate(value: unknown, options?: ParseDateOptions): ParsedDate | undefined {
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) return undefined
  try {
    return parseDate(value, options)
  } catch (error) {
    if (error instanceof InvalidDate) return undefined
    throw error
  }
}

function parseDateObject(value: Date): ParsedDate {
  const epochMs = value.getTime()
  if (Number.isNaN(epochMs)) throw new InvalidDate('Invalid Date', 'the Date object is invalid')
  // Spreadsheet readers give date-only cells as midnight UTC.
  return fromEpochMs(value.toISOString(), 'date', epochMs, epochMs % 86_400_000 === 0 ? 'day' : 'second')
}

function parseDateText(value: string, options: ParseDateOptions): ParsedDate {
  const text = value.trim()
  if (text === '') throw new InvalidDate(value, 'it is empty')
  if (text.length > MAX_LENGTH)
    throw new InvalidDate(`${text.slice(0, 40)}…`, `it is longer than ${MAX_LENGTH} characters`)
  if (options.numbers !== undefined && options.numbers !== 'year' && NUMERIC.test(text)) {
    return parseDateNumber(Number(text), text, options)
  }
  return parseIsoDate(text) ?? parseNumericDate(text, options) ?? parseApproximateOrRange(text, options)
}

/** Prefixes and suffixes that mark a date as approximate; matched on the lowercased value. */
const APPROXIMATE_PREFIXES = [
  'circa',
  'ca.',
  'ca',
  'c.',
  'c',
  '~',
  '≈',
  'about',
  'approx.',
  'approx',
  'approximately',
  'around',
  'um',
  'vers',
  'hacia',
]

function stripApproximate(text: string): string | undefined {
  if (text.endsWith('?')) return text.slice(0, -1).trimEnd()
  const lower = text.toLowerCase()
  for (const prefix of APPROXIMATE_PREFIXES) {
    if (!lower.startsWith(prefix)) continue
    const rest = text.slice(prefix.length)
    // A word prefix needs a boundary: 'c 1850' and 'c.1850', not 'cat'.
    const isWordPrefix = /[a-z]$/.test(prefix)
    if (isWordPrefix && !/^[\s\d]/.test(rest)) continue
    return rest.trim()
  }
  return undefined
}

function parseApproximateOrRange(text: string, options: ParseDateOptions): ParsedDate {
  const unmarked = stripApproximate(text)
  if (unmarked !== undefined && unmarked !== '') {
    const parsed = parseIsoDate(unmarked) ?? parseRangeOrSingle(unmarked, text, options)
    return markApproximate(parsed)
  }
  return parseRangeOrSingle(text, text, options)
}

function markApproximate(date: ParsedDate): ParsedDate {
  return date.end
    ? { ...date, isApproximate: true, end: { ...date.end, isApproximate: true } }
    : { ...date, isApproximate: true }
}

/** '1914-1918', '476-480': two years joined by a hyphen (a month needs two digits, so no clash with '2021-04'). */
const YEAR_RANGE = /^(\d{3,4})\s?-\s?(\d{3,4})$/
/** Separators of ranges written in words or with dashes. */
const RANGE_SEPARATORS = [' – ', '–', ' — ', '—', ' - ', ' to ', ' until ', ' bis ', ' au ', ' al ']

function parseRangeOrSingle(text: string, original: string, options: ParseDateOptions): ParsedDate {
  const years = YEAR_RANGE.exec(text)
  if (years)
    return joinRange(
      original,
      parseSingle(years[1] ?? '', original, options),
      parseSingle(years[2] ?? '', original, options),
    )
  const slash = text.indexOf('/')
  if (slash > 0 && text.indexOf('/', slash + 1) < 0) {
    // ISO 8601 intervals: '2020-01-01/2020-03-31'.
    const start = parseIsoDate(text.slice(0, slash))
    const end = start && parseIsoDate(text.slice(slash + 1))
    if (start && end) return joinRange(original, start, end)
  }
  const lower = text.toLowerCase()
  for (const separator of RANGE_SEPARATORS) {
    const at = lower.indexOf(separator)
    if (at <= 0) continue
    return parseSeparatedRange(text.slice(0, at).trim(), text.slice(at + separator.length).trim(), original, options)
  }
  return parseSingle(text, original, options)
}

/** 'June 3 – July 5, 2020': the start may borrow its year (and '3 – 5 June 2020' its month) from the end. */
function parseSeparatedRange(left: string, right: string, original: string, options: ParseDateOptions): ParsedDate {
  // 'June 3 - 5, 2020': the halves are not dates on their own ('5, 2020' would be May), the whole is.
  const joined = tryParseSingle(`${left}-${right}`, original, options)
  if (joined?.end) return joined
  const end = parseIsoDate(right) ?? parseSingle(right, original, options)
  if (/^\d{1,2}$/.test(left) && end.precision === 'day') {
    const endDate = new Date(end.epochMs)
    const start = toParsedDate(original, 'date range', {
      year: endDate.getUTCFullYear(),
      month: endDate.getUTCMonth() + 1,
      day: Number(left),
      hour: 0,
      minute: 0,
      second: 0,
      millisecond: 0,
      offsetMinutes: 0,
      precision: 'day',
    })
    return joinRange(original, start, end)
  }
  const start = parseIsoDate(left) ?? parseSingle(left, original, options, yearOfEpochMs(end.epochMs))
  return joinRange(original, start, end)
}

function joinRange(original: string, start: ParsedDate, end: ParsedDate): ParsedDate {
  if (end.epochMs < start.epochMs) {
    throw new InvalidDate(original, `the range ends (${end.iso}) before it starts (${start.iso})`, 'date range')
  }
  return { ...start, end }
}

function tryParseSingle(text: string, original: string, options: ParseDateOptions): ParsedDate | undefined {
  try {
    return parseSingle(text, original, options)
  } catch (error) {
    if (error instanceof InvalidDate) return undefined
    throw error
  }
}

/** `Date.prototype.toString()` ends with the zone's name in brackets: '… GMT+0100 (CET)'. */
const ZONE_NAME_SUFFIX = /\s\([A-Za-z ]{1,60}\)$/

/** One date that is not ISO-shaped: a bare number, or a written date with an optional time of day. */
function parseSingle(text: string, original: string, options: ParseDateOptions, defaultYear?: number): ParsedDate {
  if (NUMERIC.test(text)) return parseDateNumber(Number(text), original, options)
  const time = extractTime(text.replace(ZONE_NAME_SUFFIX, ''))
  if (time && 'reason' in time) throw new InvalidDate(original, time.reason)
  const written = parseWrittenDate(
    time ? time.rest : text.replace(ZONE_NAME_SUFFIX, ''),
    original,
    options,
    defaultYear,
  )
  if (time) {
    if (written.start.precision !== 'day' || written.end) {
      throw new InvalidDate(original, 'it has a time of day but no single day')
    }
    Object.assign(written.start, {
      hour: time.hour,
      minute: time.minute,
      second: time.second,
      millisecond: time.millisecond,
      offsetMinutes: time.offsetMinutes,
      precision: time.precision,
    })
  }
  const start = toParsedDate(original, written.kind, written.start)
  return written.end ? joinRange(original, start, toParsedDate(original, written.kind, written.end)) : start
}
