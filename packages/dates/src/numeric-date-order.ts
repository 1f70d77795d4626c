import type { DateOrder } from './types'

/** What a numeric date in each order is called in messages. */
export const ORDER_KINDS: Readonly<Record<DateOrder, string>> = {
  MDY: 'month/day/year date',
  DMY: 'day/month/year date',
  YMD: 'year/month/day date',
}

/**
 * The order of one numeric date when the column's is not known: a first part over 12 must be a day;
 * when both parts are 12 or less, MDY is the documented default.
 * @example decideOrder(25, 3) // 'DMY'
 * @example decideOrder(3, 4) // 'MDY'
 */
export function decideOrder(first: number, second: number): DateOrder {
  return first > 12 && second <= 12 ? 'DMY' : 'MDY'
}
