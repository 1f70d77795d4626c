import { monthName } from './calendar'
import { AmbiguousDateOrder } from './invalid-date'
import type { DateOrder, ParseDateOptions } from './types'

/** What a numeric date in each order is called in messages. */
export const ORDER_KINDS: Readonly<Record<DateOrder, string>> = {
  MDY: 'month/day/year date',
  DMY: 'day/month/year date',
  YMD: 'year/month/day date',
}

/**
 * The order of one numeric date when the column's is not known: a first part over 12 must be a day;
 * when both parts are 12 or less (and differ), MDY is the documented default, unless
 * `options.onAmbiguousOrder` is `reject`.
 * @param text - the value as written, for the error
 * @throws {@link AmbiguousDateOrder} when the value reads both ways and ambiguity is rejected
 * @example decideOrder(25, 3, '25/03/2021', {}) // 'DMY'
 * @example decideOrder(3, 4, '03/04/2021', {}) // 'MDY'
 */
export function decideOrder(first: number, second: number, text: string, options: ParseDateOptions): DateOrder {
  if (first > 12 && second <= 12) return 'DMY'
  if (options.onAmbiguousOrder === 'reject' && first <= 12 && second <= 12 && first !== second && first > 0) {
    throw new AmbiguousDateOrder(text, `${first} ${monthName(second)}`, `${second} ${monthName(first)}`)
  }
  return 'MDY'
}
