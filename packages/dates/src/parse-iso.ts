import { daysFromCivil, fromEpochMs, isLeapYear, toParsedDate } from './calendar'
import type { DateFields } from './calendar'
import { InvalidDate } from './invalid-date'
import type { ParsedDate } from './types'

const KIND = 'ISO 8601 date'

/** The digit at `index`, or -1; char codes rather than a regex keep the hot path allocation-free. */
function digitAt(text: string, index: number): number {
  const code = text.charCodeAt(index) - 48
  return code >= 0 && code <= 9 ? code : -1
}

/** The number written by `length` digits at `index`, or -1 when one of them is not a digit. */
function digitsAt(text: string, index: number, length: number): number {
  let result = 0
  for (let i = index; i < index + length; i++) {
    const digit = digitAt(text, i)
    if (digit < 0) return -1
    result = result * 10 + digit
  }
  return result
}

/**
 * Reads an ISO 8601 / RFC 3339 value: `YYYY`, `YYYY-MM`, `YYYY-MM-DD`, `YYYY-DDD` (ordinal),
 * `YYYY-Www-D` (week), expanded years (`-0043`, `+012021`), then optionally a time after `T` or a
 * space (`HH`, `HH:mm`, `HH:mm:ss`, fractions with `.` or `,`) and a zone (`Z`, `+02:00`, `+0200`,
 * `+02`). Zone-less times are UTC.
 * @returns undefined when the text is not shaped like ISO 8601, so other readers can try it
 * @throws {@link InvalidDate} when it is ISO-shaped but names a month, day or time that does not exist
 * @example parseIsoDate('2021-04-03T10:15:00+02:00')?.iso // '2021-04-03T08:15:00.000Z'
 */
export function parseIsoDate(text: string): ParsedDate | undefined {
  let index = 0
  let sign = 1
  const first = text.charCodeAt(0)
  if (first === 45 /* - */ || first === 43 /* + */) {
    sign = first === 45 ? -1 : 1
    index = 1
  }
  // Signed years may be expanded to six digits (ISO 8601-1 §4.1.2.4, as Date.prototype.toISOString).
  const yearLength = index === 1 && digitAt(text, 5) >= 0 && digitAt(text, 6) >= 0 ? 6 : 4
  const unsignedYear = digitsAt(text, index, yearLength)
  if (unsignedYear < 0) return undefined
  index += yearLength
  const fields: DateFields = {
    year: sign * unsignedYear,
    month: 1,
    day: 1,
    hour: 0,
    minute: 0,
    second: 0,
    millisecond: 0,
    offsetMinutes: 0,
    precision: 'year',
  }
  if (index === text.length) return toParsedDate(text, KIND, fields)
  if (text.charCodeAt(index) !== 45 /* - */) return undefined
  index++
  if (text.charCodeAt(index) === 87 /* W */) return parseWeekDate(text, index + 1, fields.year)
  const month = digitsAt(text, index, 2)
  if (month < 0) return undefined
  const third = digitAt(text, index + 2)
  if (third >= 0) return parseOrdinalDate(text, index, fields)
  fields.month = month
  fields.precision = 'month'
  index += 2
  if (index === text.length) return toParsedDate(text, KIND, fields)
  if (text.charCodeAt(index) !== 45 /* - */) return undefined
  const day = digitsAt(text, index + 1, 2)
  if (day < 0) return undefined
  fields.day = day
  fields.precision = 'day'
  index += 3
  if (index === text.length) return toParsedDate(text, KIND, fields)
  return readTime(text, index, fields) ? toParsedDate(text, KIND, fields) : undefined
}

/** `YYYY-DDD`, the day of the year, with an optional time. */
function parseOrdinalDate(text: string, index: number, fields: DateFields): ParsedDate | undefined {
  const dayOfYear = digitsAt(text, index, 3)
  if (dayOfYear < 0 || digitAt(text, index + 3) >= 0) return undefined
  const daysInYear = isLeapYear(fields.year) ? 366 : 365
  if (dayOfYear < 1 || dayOfYear > daysInYear) {
    throw new InvalidDate(text, `day ${dayOfYear} is not between 1 and ${daysInYear}`, 'ISO 8601 ordinal date')
  }
  fields.precision = 'day'
  const end = index + 3
  if (end < text.length && !readTime(text, end, fields)) return undefined
  const january1 = toParsedDate(text, KIND, { ...fields, day: 1, month: 1 })
  return fromEpochMs(text, KIND, january1.epochMs + (dayOfYear - 1) * 86_400_000, fields.precision)
}

/** `YYYY-Www-D`: the day D (1 = Monday) of ISO week ww, whose week 1 holds the year's first Thursday. */
function parseWeekDate(text: string, index: number, year: number): ParsedDate | undefined {
  const week = digitsAt(text, index, 2)
  if (week < 0 || text.charCodeAt(index + 2) !== 45 /* - */) return undefined
  const weekday = digitAt(text, index + 3)
  if (weekday < 0 || text.length !== index + 4) return undefined
  const mondayOfWeek1 = mondayOfIsoWeek1(year)
  const weeksInYear = (mondayOfIsoWeek1(year + 1) - mondayOfWeek1) / 7
  if (week < 1 || week > weeksInYear || weekday < 1 || weekday > 7) {
    throw new InvalidDate(text, `week ${week} day ${weekday} does not exist in ${year}`, 'ISO 8601 week date')
  }
  const days = mondayOfWeek1 + (week - 1) * 7 + weekday - 1
  return fromEpochMs(text, KIND, days * 86_400_000, 'day')
}

/** Days from 1970 to the Monday of ISO week 1 of a year, the week that holds January 4th. */
function mondayOfIsoWeek1(year: number): number {
  const january4 = daysFromCivil(year, 1, 4)
  // 1970-01-01 was a Thursday, so (days + 3) mod 7 counts from Monday = 0.
  return january4 - ((((january4 + 3) % 7) + 7) % 7)
}

/** Reads `THH[:mm[:ss[.fff]]][zone]` into `fields`; false when the rest is not an ISO time. */
function readTime(text: string, start: number, fields: DateFields): boolean {
  const separator = text.charCodeAt(start)
  if (separator !== 84 /* T */ && separator !== 116 /* t */ && separator !== 32 /* space */) return false
  let index = start + 1
  const hour = digitsAt(text, index, 2)
  if (hour < 0) return false
  fields.hour = hour
  fields.precision = 'hour'
  index += 2
  if (text.charCodeAt(index) === 58 /* : */) {
    const minute = digitsAt(text, index + 1, 2)
    if (minute < 0) return false
    fields.minute = minute
    fields.precision = 'minute'
    index += 3
    if (text.charCodeAt(index) === 58 /* : */) {
      const second = digitsAt(text, index + 1, 2)
      if (second < 0) return false
      fields.second = second
      fields.precision = 'second'
      index += 3
      const mark = text.charCodeAt(index)
      if (mark === 46 /* . */ || mark === 44 /* , */) {
        index = readFraction(text, index + 1, fields)
        if (index < 0) return false
      }
    }
  }
  return readZone(text, index, fields)
}

/** Reads fractional seconds, keeping milliseconds; returns the index after them or -1. */
function readFraction(text: string, start: number, fields: DateFields): number {
  let index = start
  let scale = 100
  let millisecond = 0
  while (digitAt(text, index) >= 0) {
    // Digits past milliseconds are truncated, as Date does.
    millisecond += digitAt(text, index) * scale
    scale /= 10
    index++
  }
  if (index === start || index - start > 9) return -1
  fields.millisecond = Math.floor(millisecond)
  return index
}

/** Reads an optional zone at `index` (`Z`, `±HH:mm`, `±HHmm`, `±HH`, after an optional space). */
function readZone(text: string, start: number, fields: DateFields): boolean {
  let index = start
  if (index === text.length) return true
  if (text.charCodeAt(index) === 32 /* space */) index++
  const mark = text.charCodeAt(index)
  if ((mark === 90 /* Z */ || mark === 122) /* z */ && index + 1 === text.length) return true
  if (mark !== 43 /* + */ && mark !== 45 /* - */ && mark !== 0x2212 /* − */) return false
  const hours = digitsAt(text, index + 1, 2)
  if (hours < 0) return false
  index += 3
  let minutes = 0
  if (text.charCodeAt(index) === 58 /* : */) index++
  if (index < text.length) {
    minutes = digitsAt(text, index, 2)
    if (minutes < 0 || index + 2 !== text.length) return false
  }
  if (hours > 18 || minutes > 59) {
    throw new InvalidDate(
      text,
      `the time zone offset ${text.slice(start).trim()} is not between -18:00 and +18:00`,
      KIND,
    )
  }
  fields.offsetMinutes = (mark === 43 ? 1 : -1) * (hours * 60 + minutes)
  return true
}
