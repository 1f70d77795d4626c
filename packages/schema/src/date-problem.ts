import { AmbiguousDateOrder, tryParseDate } from '@chronotope/dates'
import type { DateOrder } from '@chronotope/dates'

import { DATE_ORDER_PATTERNS, DATE_ORDER_WORDS } from './date-order-choice'
import { shortenValue } from './row-error'

/** Day/month dates with the year last: the shape a date order is about. */
const DAY_MONTH_DATE = /^\s*\d{1,2}[/.-]\d{1,2}[/.-]\d{1,4}(?:$|[\sT,])/
const ORDERS: readonly DateOrder[] = ['DMY', 'MDY', 'YMD']

/**
 * The message of an `invalid-date` row error: the value, the column's date order and the fix.
 * A value that cannot be read in the column's order is never read another way; the message says
 * which order it would fit, so the user can correct it or choose that order for the column.
 * @param error - what parsing the value threw
 * @param order - the order the column is read with, if it has one
 * @example describeDateProblem(error, '25/03/2024', 'Date', 'MDY')
 * // '"25/03/2024" cannot be read month first (month/day/year), the date order of "Date": there is no month 25. It reads only day first: correct it in the file, or choose day first for "Date" if the whole column is written so'
 */
export function describeDateProblem(error: Error, text: string, column: string, order: DateOrder | undefined): string {
  const value = shortenValue(text)
  if (error instanceof AmbiguousDateOrder) {
    return `"${value}" could be ${error.dayFirst} (day first) or ${error.monthFirst} (month first), and no other value of "${column}" tells which: choose the date order of "${column}" and import again`
  }
  if (order === undefined || !DAY_MONTH_DATE.test(text)) return shortenValue(error.message)
  const reason = 'reason' in error && typeof error.reason === 'string' ? error.reason : error.message
  const start = `"${value}" cannot be read ${DATE_ORDER_WORDS[order]} (${DATE_ORDER_PATTERNS[order]}), the date order of "${column}": ${reason}.`
  const other = ORDERS.find(
    (candidate) => candidate !== order && tryParseDate(text, { order: candidate }) !== undefined,
  )
  if (other === undefined) return `${start} Correct it in the file`
  return `${start} It reads only ${DATE_ORDER_WORDS[other]}: correct it in the file, or choose ${DATE_ORDER_WORDS[other]} for "${column}" if the whole column is written so`
}
