import type { DateFields } from './calendar'
import { toParsedDate } from './calendar'
import { InvalidDate } from './invalid-date'
import { parseMonthName } from './month-names'
import { parseDate } from './parse-date'
import { extractTime } from './parse-time'
import { expandTwoDigitYear } from './two-digit-year'
import type { DateParts, ParsedDate, ParseDateOptions } from './types'

const INTEGER = /^[+-]?\d{1,6}$/

/**
 * Builds one date from split columns: month 'February' + day 23 + year 2015 → 2015-02-23 at day
 * precision. Without a day it has month precision, without a month year precision; a time needs a day.
 * @param options - only `twoDigitYearPivot` and `referenceDate` apply (for years like '15')
 * @throws {@link InvalidDate} naming the parts, e.g. `year 2015, month February, day 30 is not a valid date: February has 28 days in 2015`
 * @example composeDate({ year: 2015, month: 'February', day: 23 }).iso // '2015-02-23T00:00:00.000Z'
 */
export function composeDate(parts: DateParts, options: ParseDateOptions = {}): ParsedDate {
  const described = describeParts(parts)
  const fields: DateFields = {
    year: readYear(parts.year, described, options),
    month: 1,
    day: 1,
    hour: 0,
    minute: 0,
    second: 0,
    millisecond: 0,
    offsetMinutes: 0,
    precision: 'year',
  }
  if (isPresent(parts.month)) {
    fields.month = readMonth(parts.month, described)
    fields.precision = 'month'
  }
  if (isPresent(parts.day)) {
    if (fields.precision !== 'month') throw new InvalidDate(described, 'it has a day but no month')
    fields.day = readWholeNumber(parts.day, 'day', described)
    fields.precision = 'day'
  }
  if (parts.time !== undefined && parts.time.trim() !== '') {
    if (fields.precision !== 'day') throw new InvalidDate(described, 'it has a time but no day')
    const time = extractTime(parts.time.trim())
    if (time === undefined || 'reason' in time || time.rest.trim() !== '') {
      throw new InvalidDate(
        described,
        time && 'reason' in time ? time.reason : `the time "${parts.time}" is not H:mm, H:mm:ss or H:mm AM/PM`,
      )
    }
    Object.assign(fields, {
      hour: time.hour,
      minute: time.minute,
      second: time.second,
      millisecond: time.millisecond,
      offsetMinutes: time.offsetMinutes,
      precision: time.precision,
    })
  }
  return toParsedDate(described, 'date', fields)
}

function isPresent(value: string | number | undefined): value is string | number {
  return value !== undefined && !(typeof value === 'string' && value.trim() === '')
}

function describeParts(parts: DateParts): string {
  const described = [`year ${parts.year}`]
  if (isPresent(parts.month)) described.push(`month ${parts.month}`)
  if (isPresent(parts.day)) described.push(`day ${parts.day}`)
  if (parts.time !== undefined && parts.time.trim() !== '') described.push(`time ${parts.time}`)
  return described.join(', ')
}

function readYear(year: string | number, described: string, options: ParseDateOptions): number {
  const text = String(year).trim()
  if (INTEGER.test(text)) {
    const value = Number(text)
    return text.length === 2 ? expandTwoDigitYear(value, options) : value
  }
  // '44 BC', 'c. 1850' and friends.
  const parsed = text === '' ? undefined : parseYearText(text)
  if (parsed === undefined) throw new InvalidDate(described, `the year "${text}" is not a whole number`)
  return parsed
}

function parseYearText(text: string): number | undefined {
  try {
    const parsed = parseDate(text, { numbers: 'year' })
    return parsed.precision === 'year' && !parsed.end ? new Date(parsed.epochMs).getUTCFullYear() : undefined
  } catch (error) {
    if (error instanceof InvalidDate) return undefined
    throw error
  }
}

function readMonth(month: string | number, described: string): number {
  if (typeof month === 'string' && !INTEGER.test(month.trim())) {
    const byName = parseMonthName(month.trim())
    if (byName === undefined) throw new InvalidDate(described, `"${month}" is not a month name or number`)
    return byName
  }
  return readWholeNumber(month, 'month', described)
}

function readWholeNumber(value: string | number, part: 'month' | 'day', described: string): number {
  const number = typeof value === 'number' ? value : Number(value.trim())
  if (!Number.isInteger(number)) throw new InvalidDate(described, `the ${part} "${value}" is not a whole number`)
  return number
}
