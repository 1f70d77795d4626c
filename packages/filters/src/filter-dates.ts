import { formatPostgresTimestamp, InvalidDate, parseDate } from '@chronotope/dates'
import type { ParsedDate, TimePrecision } from '@chronotope/dates'

import { FilterParameterError, quoteValue } from './filter-parameter-error'
import { nextBucketMs } from './histogram-buckets'

/**
 * The shapes `start` and `end` accept: `YYYY`, `YYYY-MM`, `YYYY-MM-DD`, then optionally a time
 * (`T` or a space, `HH[:mm[:ss[.fff]]]`) and a zone. Years may be signed (`-0500`) or expanded to six
 * digits (`-000500`, `+012021`). Anything else (`03/04/2021`, `March 2021`) is refused: a URL
 * parameter should mean one thing, whatever the reader's locale.
 */
const FILTER_DATE =
  /^(?:\d{4}|[+-]\d{4}|[+-]\d{6})(?:-\d{2}(?:-\d{2}(?:[T ]\d{2}(?::\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?)?)?$/i
/** A `+HH:mm` zone decoded from an unescaped URL: `+` became a space. */
const SPACE_ZONE = /(T\d{2}(?::\d{2}(?::\d{2}(?:[.,]\d+)?)?)?) (\d{2}(?::?\d{2})?)$/i
const FRACTION = /:\d{2}[.,]\d/

/**
 * 4714-11-24 BC, 00:00 UTC (astronomical year -4713): the earliest instant a PostgreSQL
 * `timestamptz` holds. Earlier `start` values are raised to it, since no event can be earlier.
 */
export const EARLIEST_FILTER_MS = utcMidnight(-4713, 10, 24)
/** 275760-09-13 00:00 UTC: the latest instant a JavaScript Date holds (PostgreSQL goes further). */
export const LATEST_FILTER_MS = 8.64e15

function utcMidnight(year: number, monthIndex: number, day: number): number {
  // setUTCFullYear, unlike Date.UTC, does not map years 0–99 to 1900–1999.
  const date = new Date(0)
  date.setUTCFullYear(year, monthIndex, day)
  return date.getTime()
}

/**
 * Reads the `start` or `end` URL parameter as a UTC instant in milliseconds. A partial `end` means
 * the end of the period it names: `end=2020` is 2020-12-31T23:59:59.999Z, `end=2020-06-30T12:00`
 * the end of that minute; with written milliseconds (`…:00.250Z`) the instant is exact. Zone-less
 * times are UTC. Years are astronomical, as in ISO 8601: `-0500` is 501 BC (year 0 is 1 BC).
 * @throws {@link FilterParameterError} naming the parameter, the value and the accepted forms
 * @example parseFilterDate('end', '2020') // 1609459199999 (2020-12-31T23:59:59.999Z)
 * @example new Date(parseFilterDate('start', '-0500-03-01')).toISOString() // '-000500-03-01T00:00:00.000Z'
 */
export function parseFilterDate(parameter: 'start' | 'end', text: string): number {
  const written = text.trim().replace(SPACE_ZONE, '$1+$2')
  if (!FILTER_DATE.test(written)) {
    throw new FilterParameterError(
      parameter,
      `must be an ISO 8601 date (YYYY, YYYY-MM, YYYY-MM-DD or a date-time such as 2020-06-30T12:00:00Z; BCE as -0500); got ${quoteValue(text)}`,
    )
  }
  const parsed = readIsoDate(parameter, written)
  const epochMs = parameter === 'end' && !FRACTION.test(written) ? endOfPeriod(parsed) : parsed.epochMs
  if (epochMs > LATEST_FILTER_MS) {
    throw new FilterParameterError(parameter, `${quoteValue(text)} is after the latest supported date (275760-09-13)`)
  }
  if (epochMs < EARLIEST_FILTER_MS) {
    if (parameter === 'start') return EARLIEST_FILTER_MS
    throw new FilterParameterError(
      parameter,
      `${quoteValue(text)} is before the earliest date PostgreSQL stores (4714-11-24 BC, written -4713-11-24)`,
    )
  }
  return epochMs
}

function readIsoDate(parameter: string, written: string): ParsedDate {
  try {
    return parseDate(written)
  } catch (error) {
    if (error instanceof InvalidDate) throw new FilterParameterError(parameter, error.message)
    throw error
  }
}

/** Fixed-length periods; a zone offset such as +05:30 may put their start off the UTC hour. */
const FIXED_PERIOD_MS: Partial<Record<TimePrecision, number>> = { hour: 3_600_000, minute: 60_000, second: 1000 }

/** The last millisecond of the period a date names at its precision (years, months, days in UTC). */
function endOfPeriod(date: ParsedDate): number {
  const fixed = FIXED_PERIOD_MS[date.precision]
  if (fixed !== undefined) return date.epochMs + fixed - 1
  const calendarPeriod = date.precision === 'year' || date.precision === 'month' ? date.precision : 'day'
  // NaN past the last instant a Date holds: the comparison with LATEST_FILTER_MS then reports it.
  const next = nextBucketMs(date.epochMs, calendarPeriod)
  return Number.isNaN(next) ? Number.POSITIVE_INFINITY : next - 1
}

/** `Date.prototype.toISOString`'s form: `2020-06-30T12:00:00.000Z`, `-000043-03-15T…`, `+010000-…`. */
const ISO_INSTANT = /^(?:\d{4}|[+-]\d{6})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
/** The forms only PostgreSQL uses: `0044-03-15T00:00:00.000Z BC`, and years past 9999 without a sign. */
const POSTGRES_INSTANT = /^(\d{4,6})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{3})Z( BC)?$/

/**
 * Writes a UTC instant the way PostgreSQL reads a `timestamptz`: ISO 8601 for years 1 and later
 * (without the `+` JavaScript puts before years past 9999), and the year before Christ with a `BC`
 * suffix otherwise, since PostgreSQL rejects negative years (astronomical year 0 is 1 BC).
 * @throws RangeError for an invalid Date
 * @example formatFilterInstant(new Date('2020-06-30T12:00:00Z')) // '2020-06-30T12:00:00.000Z'
 * @example formatFilterInstant(new Date('-000043-03-15T00:00:00Z')) // '0044-03-15T00:00:00.000Z BC'
 */
export function formatFilterInstant(date: Date | number): string {
  const instant = new Date(date)
  if (Number.isNaN(instant.getTime())) throw new RangeError('formatFilterInstant needs a valid Date')
  // The same text the database layer writes timestamps in.
  return formatPostgresTimestamp(instant)
}

/**
 * Reads an instant written by {@link formatFilterInstant} (or by `Date.prototype.toISOString`) back
 * into a Date, e.g. a {@link FilterState}'s `startDate` for {@link chooseHistogramInterval}.
 * @throws RangeError when the text is neither form
 * @example parseFilterInstant('0044-03-15T00:00:00.000Z BC').toISOString() // '-000043-03-15T00:00:00.000Z'
 */
export function parseFilterInstant(text: string): Date {
  const isIso = ISO_INSTANT.test(text)
  const date = isIso ? new Date(text) : readPostgresInstant(text)
  // Comparing with the canonical text rejects 2021-02-30 and friends, which Date would roll over.
  if (date !== undefined && !Number.isNaN(date.getTime())) {
    if ((isIso ? date.toISOString() : formatFilterInstant(date)) === text) return date
  }
  throw new RangeError(
    `${JSON.stringify(text.slice(0, 60))} is not an instant such as 2020-06-30T12:00:00.000Z or 0044-03-15T00:00:00.000Z BC`,
  )
}

function readPostgresInstant(text: string): Date | undefined {
  const match = POSTGRES_INSTANT.exec(text)
  if (!match) return undefined
  const [, year = '', month = '', day = '', hour = '', minute = '', second = '', millisecond = '', bc] = match
  const date = new Date(0)
  date.setUTCFullYear(bc ? 1 - Number(year) : Number(year), Number(month) - 1, Number(day))
  date.setUTCHours(Number(hour), Number(minute), Number(second), Number(millisecond))
  return date
}
