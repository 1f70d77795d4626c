import { daysFromCivil, daysInMonth, fromEpochMs, toParsedDate } from './calendar'
import { InvalidDate } from './invalid-date'
import type { DateNumberReading, ParsedDate, ParseDateOptions } from './types'

const MS_PER_DAY = 86_400_000
/** 9999-12-31 in Excel's 1900 date system. */
const MAX_EXCEL_SERIAL = 2_958_465
/** Days from 1899-12-30 (Excel's effective day 0 after its 1900 leap-year bug) to 1970-01-01. */
const EXCEL_1900_EPOCH_OFFSET = 25_569
/** Days from 1904-01-01 (day 0 of the 1904 system) to 1970-01-01. */
const EXCEL_1904_EPOCH_OFFSET = 24_107

/**
 * Which reading applies to a bare number when the column's is not known: 1–4 digit integers are
 * years, 8-digit YYYYMMDD values are basic ISO dates, 1e9–1e10 are Unix seconds (2001–2286),
 * 1e12–1e13 are Unix milliseconds. Excel serials are never guessed: 44197 could be a count.
 * @example inferNumberReading(1617408000) // 'unix-seconds'
 */
export function inferNumberReading(value: number): DateNumberReading | 'basic-iso' | undefined {
  const magnitude = Math.abs(value)
  if (Number.isInteger(value) && magnitude >= 1 && magnitude <= 9999) return 'year'
  if (Number.isInteger(value) && value >= 10_000_101 && value <= 99_991_231) return 'basic-iso'
  if (magnitude >= 1e9 && magnitude < 1e10) return 'unix-seconds'
  if (magnitude >= 1e12 && magnitude < 1e13) return 'unix-milliseconds'
  return undefined
}

/**
 * Reads a bare number as a date: an Excel serial, Unix seconds or milliseconds, or a year.
 * @param text - the value as written, for messages
 * @throws {@link InvalidDate} when the number cannot be read the chosen way
 * @example parseDateNumber(44197, '44197', { numbers: 'excel-serial' }).iso // '2021-01-01T00:00:00.000Z'
 */
export function parseDateNumber(value: number, text: string, options: ParseDateOptions): ParsedDate {
  if (!Number.isFinite(value)) throw new InvalidDate(text, 'it is not a finite number', 'date number')
  const reading = options.numbers ?? inferNumberReading(value)
  switch (reading) {
    case 'year':
      if (!Number.isInteger(value)) throw new InvalidDate(text, 'a year must be a whole number', 'year')
      return toParsedDate(text, 'year', {
        year: value,
        month: 1,
        day: 1,
        hour: 0,
        minute: 0,
        second: 0,
        millisecond: 0,
        offsetMinutes: 0,
        precision: 'year',
      })
    case 'basic-iso': {
      const year = Math.floor(value / 10_000)
      const month = Math.floor(value / 100) % 100
      const day = value % 100
      if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
        throw new InvalidDate(
          text,
          'it is neither a year, a YYYYMMDD date nor a Unix time; set how numbers are read',
          'date number',
        )
      }
      return fromEpochMs(text, 'date number', daysFromCivil(year, month, day) * MS_PER_DAY, 'day')
    }
    case 'excel-serial':
      return parseExcelSerial(value, text, options.excel1904 === true)
    case 'unix-seconds':
      return fromEpochMs(text, 'Unix time in seconds', Math.round(value * 1000), 'second')
    case 'unix-milliseconds':
      return fromEpochMs(text, 'Unix time in milliseconds', Math.round(value), 'second')
    case 'reject':
      throw new InvalidDate(text, 'bare numbers are not read as dates in this column', 'date')
    default:
      throw new InvalidDate(
        text,
        'a bare number is read as a date only as a year (1–9999), YYYYMMDD, Unix seconds (1e9–1e10) or milliseconds (1e12–1e13); set how numbers are read (Excel serial, Unix time)',
        'date',
      )
  }
}

/**
 * Excel serials: in the 1900 system serial 1 is 1900-01-01 and serial 60 is the non-existent
 * 1900-02-29 (a bug kept for Lotus 1-2-3 compatibility), so later serials count from 1899-12-30; in
 * the 1904 system serial 0 is 1904-01-01. The fraction is the time of day.
 */
function parseExcelSerial(value: number, text: string, is1904: boolean): ParsedDate {
  const kind = is1904 ? 'Excel serial (1904 system)' : 'Excel serial'
  const minimum = is1904 ? 0 : 1
  const maximum = is1904 ? MAX_EXCEL_SERIAL - 1462 : MAX_EXCEL_SERIAL
  if (value < minimum || value >= maximum + 1) {
    throw new InvalidDate(text, `it is not between ${minimum} and ${maximum} (9999-12-31)`, kind)
  }
  const wholeDays = Math.floor(value)
  if (!is1904 && wholeDays === 60) {
    throw new InvalidDate(
      text,
      'Excel shows it as 1900-02-29, a day that does not exist (its 1900 leap-year bug)',
      kind,
    )
  }
  // Serials before the phantom 1900-02-29 count from 1899-12-31, one day later than the rest.
  const days = is1904
    ? wholeDays - EXCEL_1904_EPOCH_OFFSET
    : wholeDays - EXCEL_1900_EPOCH_OFFSET + (wholeDays < 60 ? 1 : 0)
  // Times are stored as fractions of a day with binary rounding error; whole seconds are what was typed.
  const secondOfDay = Math.round((value - wholeDays) * 86_400)
  const precision = secondOfDay === 0 ? 'day' : secondOfDay % 60 === 0 ? 'minute' : 'second'
  return fromEpochMs(text, kind, days * MS_PER_DAY + secondOfDay * 1000, precision)
}
