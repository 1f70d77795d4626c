import { InvalidDate } from './invalid-date'
import type { ParsedDate, TimePrecision } from './types'

const MS_PER_DAY = 86_400_000
/** The largest instant a JavaScript Date can hold (±100,000,000 days from 1970). */
const MAX_EPOCH_MS = 8.64e15

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

/**
 * Whether a year of the proleptic Gregorian calendar is a leap year (astronomical years: 0 is 1 BC).
 * @example isLeapYear(2000) // true
 */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

/**
 * The number of days in a month (1–12) of a year.
 * @example daysInMonth(2021, 2) // 28
 */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

/**
 * The English name of a month (1–12), for messages.
 * @example monthName(2) // 'February'
 */
export function monthName(month: number): string {
  return MONTH_NAMES[month - 1] ?? String(month)
}

/**
 * Days from 1970-01-01 to a proleptic Gregorian date; works for any year, unlike `Date.UTC`, which
 * maps years 0–99 to 1900–1999. Howard Hinnant's `days_from_civil`.
 * @example daysFromCivil(1970, 1, 2) // 1
 */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yearOfEra = y - era * 400
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146_097 + dayOfEra - 719_468
}

/** The fields of a date as read, before they become a {@link ParsedDate}. */
export interface DateFields {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
  millisecond: number
  /** Minutes to subtract to reach UTC (`+02:00` → 120); 0 for zone-less values, read as UTC. */
  offsetMinutes: number
  precision: TimePrecision
}

/**
 * Checks the calendar fields and turns them into a {@link ParsedDate}.
 * @param value - the original value, for the error message
 * @param kind - what the value was read as, for the error message (`day/month/year date`)
 * @throws {@link InvalidDate} when the month, day or time does not exist
 * @example toParsedDate('2021-04', 'date', { year: 2021, month: 4, day: 1, hour: 0, minute: 0, second: 0, millisecond: 0, offsetMinutes: 0, precision: 'month' }).iso // '2021-04-01T00:00:00.000Z'
 */
export function toParsedDate(value: string, kind: string, fields: DateFields): ParsedDate {
  const { year, month, day, hour, minute, second } = fields
  if (month < 1 || month > 12) throw new InvalidDate(value, `there is no month ${month}`, kind)
  if (day < 1 || day > daysInMonth(year, month)) {
    const reason =
      day < 1
        ? `there is no day ${day}`
        : `${monthName(month)} has ${daysInMonth(year, month)} days${month === 2 ? ` in ${year}` : ''}`
    throw new InvalidDate(value, reason, kind)
  }
  if (hour > 24 || (hour === 24 && (minute > 0 || second > 0 || fields.millisecond > 0))) {
    throw new InvalidDate(value, `the hour ${hour} is not between 0 and 23`, kind)
  }
  if (minute > 59) throw new InvalidDate(value, `the minute ${minute} is not between 0 and 59`, kind)
  // 60 allows a leap second as written; it rolls over into the next minute.
  if (second > 60) throw new InvalidDate(value, `the second ${second} is not between 0 and 59`, kind)
  const epochMs =
    daysFromCivil(year, month, day) * MS_PER_DAY +
    ((hour * 60 + minute - fields.offsetMinutes) * 60 + second) * 1000 +
    fields.millisecond
  return fromEpochMs(value, kind, epochMs, fields.precision)
}

/**
 * Wraps a UTC instant as a {@link ParsedDate}.
 * @throws {@link InvalidDate} when the instant is beyond what a JavaScript Date holds (±275,000 years)
 * @example fromEpochMs('0', 'Unix time', 0, 'second').iso // '1970-01-01T00:00:00.000Z'
 */
export function fromEpochMs(value: string, kind: string, epochMs: number, precision: TimePrecision): ParsedDate {
  if (!(Math.abs(epochMs) <= MAX_EPOCH_MS)) {
    throw new InvalidDate(value, 'it is outside the supported range (about 271,821 BC to AD 275,760)', kind)
  }
  return { epochMs, iso: formatIsoInstant(epochMs), precision }
}

/** '00' to '99': string padding is a measurable share of the fast path. */
const TWO_DIGITS = Array.from({ length: 100 }, (_, index) => String(index).padStart(2, '0'))

function twoDigits(value: number): string {
  return TWO_DIGITS[value] ?? String(value)
}

/**
 * The same text as `new Date(epochMs).toISOString()`, about five times faster: building it from the
 * calendar fields avoids the engine's Date formatting, which dominated `parseDate`'s ISO path.
 * Expects an integer within ±8.64e15.
 * @example formatIsoInstant(-2_182_506_000_000) // '1900-11-01T13:00:00.000Z'
 */
export function formatIsoInstant(epochMs: number): string {
  const days = Math.floor(epochMs / MS_PER_DAY)
  const msOfDay = epochMs - days * MS_PER_DAY
  // Howard Hinnant's civil_from_days.
  const z = days + 719_468
  const era = Math.floor(z / 146_097)
  const dayOfEra = z - era * 146_097
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  )
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153)
  const day = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  const hour = Math.floor(msOfDay / 3_600_000)
  const minute = Math.floor(msOfDay / 60_000) % 60
  const second = Math.floor(msOfDay / 1000) % 60
  const millisecond = msOfDay % 1000
  const yearText =
    year >= 0 && year <= 9999
      ? String(year).padStart(4, '0')
      : (year < 0 ? '-' : '+') + String(Math.abs(year)).padStart(6, '0')
  const millisecondText =
    millisecond < 10 ? `00${millisecond}` : millisecond < 100 ? `0${millisecond}` : String(millisecond)
  return `${yearText}-${twoDigits(month)}-${twoDigits(day)}T${twoDigits(hour)}:${twoDigits(minute)}:${twoDigits(second)}.${millisecondText}Z`
}

/**
 * The calendar year of a UTC instant in astronomical numbering (1 BC = 0).
 * @example yearOfEpochMs(0) // 1970
 */
export function yearOfEpochMs(epochMs: number): number {
  return new Date(epochMs).getUTCFullYear()
}
