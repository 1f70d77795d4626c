import { formatHistoricalDate } from './format-historical-date'
import { AmbiguousDateOrder, InvalidDate } from './invalid-date'
import { parseDate } from './parse-date'
import type { DateNumberReading, DateOrder, ParsedDate } from './types'

function formatParsed(date: ParsedDate): string {
  const start = formatHistoricalDate(date.iso, date.precision)
  const text = date.end ? `${start} – ${formatHistoricalDate(date.end.iso, date.end.precision)}` : start
  return date.isApproximate ? `about ${text}` : text
}

/**
 * How an import reads one value of a date column, in words, for the import preview: the date as
 * people write it (`3 April 2024`), both readings when the column has no order and the value
 * reads both ways, or why it will be a row error. Never guesses an order.
 * @param order - the column's order, if it has one
 * @param numbers - how the column's bare numbers are read (Excel serials, Unix times)
 * @example formatDateReading('03/04/2024', 'DMY') // '3 April 2024'
 * @example formatDateReading('03/04/2024') // '3 April 2024 (day first) or 4 March 2024 (month first)'
 * @example formatDateReading('13/25/2024', 'DMY') // 'row error: there is no month 25'
 */
export function formatDateReading(raw: string, order?: DateOrder, numbers?: DateNumberReading): string {
  try {
    return formatParsed(
      parseDate(raw, { onAmbiguousOrder: 'reject', ...(order ? { order } : {}), ...(numbers ? { numbers } : {}) }),
    )
  } catch (error) {
    if (error instanceof AmbiguousDateOrder) {
      const dayFirst = formatParsed(parseDate(raw, { order: 'DMY' }))
      const monthFirst = formatParsed(parseDate(raw, { order: 'MDY' }))
      return `${dayFirst} (day first) or ${monthFirst} (month first)`
    }
    if (error instanceof InvalidDate) return `row error: ${error.reason}`
    throw error
  }
}
