import { toParsedDate } from './calendar'
import { decideOrder, ORDER_KINDS } from './numeric-date-order'
import { expandTwoDigitYear } from './two-digit-year'
import type { ParsedDate, ParseDateOptions } from './types'

/**
 * The fast path for the most common CSV shape, `D/M/Y`, `M/D/Y` or `Y/M/D` with one separator
 * (`/`, `.` or `-`) and nothing else, read by char codes. Values with times, words or odd digit
 * counts return undefined and take the general path, which gives the same results more slowly.
 * @throws {@link InvalidDate} when the shape matches but the date does not exist (31/02/2021)
 * @example parseNumericDate('9/13/2016', {})?.iso // '2016-09-13T00:00:00.000Z'
 */
export function parseNumericDate(text: string, options: ParseDateOptions): ParsedDate | undefined {
  const parts = [0, 0, 0]
  const lengths = [0, 0, 0]
  let part = 0
  let separator = 0
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code >= 48 && code <= 57) {
      parts[part] = (parts[part] ?? 0) * 10 + (code - 48)
      lengths[part] = (lengths[part] ?? 0) + 1
      if ((lengths[part] ?? 0) > 4) return undefined
    } else if (
      (code === 47 /* / */ || code === 46 /* . */ || code === 45) /* - */ &&
      part < 2 &&
      (lengths[part] ?? 0) > 0
    ) {
      if (separator !== 0 && code !== separator) return undefined
      separator = code
      part++
    } else {
      return undefined
    }
  }
  const [first = 0, second = 0, third = 0] = parts
  const [firstLength = 0, secondLength = 0, thirdLength = 0] = lengths
  if (part !== 2 || secondLength > 2 || thirdLength === 0) return undefined
  // Odd year lengths get the general path's explanation before any question of order.
  if (firstLength < 3 && options.order === undefined && thirdLength !== 2 && thirdLength !== 4) return undefined
  const order = firstLength >= 3 ? 'YMD' : (options.order ?? decideOrder(first, second, text, options))
  const [year, yearLength, month, day] =
    order === 'YMD'
      ? [first, firstLength, second, third]
      : order === 'MDY'
        ? [third, thirdLength, first, second]
        : [third, thirdLength, second, first]
  // Odd digit counts ('3/4/202', '21/4/3' read as YMD) get the general path's explanation.
  const isYearShape = order === 'YMD' ? firstLength >= 3 || firstLength === 2 : yearLength === 2 || yearLength === 4
  if (!isYearShape || (order !== 'YMD' && firstLength > 2) || (order === 'YMD' && thirdLength > 2)) return undefined
  return toParsedDate(text, ORDER_KINDS[order], {
    year: yearLength === 2 ? expandTwoDigitYear(year, options) : year,
    month,
    day,
    hour: 0,
    minute: 0,
    second: 0,
    millisecond: 0,
    offsetMinutes: 0,
    precision: 'day',
  })
}
