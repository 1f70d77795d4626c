import { daysInMonth } from './calendar'
import type { DateOrder } from './types'

/**
 * How one numeric date can be read: `day-first` only day/month/year (`21/01/2024`),
 * `month-first` only month/day/year (`12/25/2024`), `either` both (`03/04/2024`), `year-first`
 * with the year in front (`2024-04-05`, `2024/04/05`), which says nothing about the others.
 */
export type DateOrderReading = 'day-first' | 'month-first' | 'either' | 'year-first'

/**
 * What a column's numeric dates say about their order: how many values can only be read one way,
 * with the first such value of each kind as an example. Plain JSON, so it can be saved and summed.
 */
export interface DateOrderTally {
  /** Values that are dates only day first (`21/01/2024`). */
  dayFirst: number
  /** Values that are dates only month first (`12/25/2024`). */
  monthFirst: number
  /** Values that are dates both ways, and different ones (`03/04/2024`, not `05/05/2024`). */
  either: number
  /** Values that start with a 3- or 4-digit year (`2024-04-05`); they do not tell day from month. */
  yearFirst: number
  /** The first value of each reading, for messages and the import preview. */
  examples: Partial<Record<DateOrderReading, string>>
}

/**
 * The column-level decision of {@link decideDateOrder}: the order, or why there is none.
 */
export interface DateOrderDecision {
  /**
   * The order the column's numeric dates are read with; absent when the values do not decide it
   * (then {@link DateOrderDecision.isAmbiguous} says whether it matters) .
   */
  order?: DateOrder
  /** True when the column has dates whose day and month the values cannot tell apart: ask the user. */
  isAmbiguous: boolean
  /**
   * The decision in words, for the import preview: `day first: 41 values such as 21/01/2024 can
   * only be read so`.
   */
  reason: string
  /** Values that can only be read the other way, so they will be row errors under `order`. */
  contradicting: number
  /** The evidence the decision rests on. */
  evidence: DateOrderTally
}

/**
 * The first two parts of a numeric date and the length of the third ('9/5/2016', '05.09.2016
 * 10:00', '2016-09-05'); bounded quantifiers keep it linear.
 */
const NUMERIC_DATE = /^\s*(\d{1,4})([/.-])(\d{1,2})\2(\d{1,4})(?:$|[\sT,])/

/**
 * How a value written as a numeric date can be read, or undefined when it is not one, is no date
 * either way (`13/25/2024`, `31/02/2024`), or reads the same both ways (`05/05/2024`).
 * @example classifyDateOrder('21/01/2024') // 'day-first'
 * @example classifyDateOrder('03/04/2024') // 'either'
 * @example classifyDateOrder('2024-04-05') // 'year-first'
 * @example classifyDateOrder('April 7, 2024') // undefined
 */
export function classifyDateOrder(value: string): DateOrderReading | undefined {
  const match = NUMERIC_DATE.exec(value)
  if (!match) return undefined
  const [, firstText = '', , secondText = '', thirdText = ''] = match
  if (firstText.length >= 3) return 'year-first'
  // A day/month date ends with a 2- or 4-digit year.
  if (thirdText.length !== 2 && thirdText.length !== 4) return undefined
  const first = Number(firstText)
  const second = Number(secondText)
  // Two-digit years are taken as 20xx: only 29 February depends on the century.
  const year = thirdText.length === 2 ? 2000 + Number(thirdText) : Number(thirdText)
  const isDayFirst = isDate(year, second, first)
  const isMonthFirst = isDate(year, first, second)
  if (isDayFirst && isMonthFirst) return first === second ? undefined : 'either'
  if (isDayFirst) return 'day-first'
  return isMonthFirst ? 'month-first' : undefined
}

function isDate(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
}

/**
 * A tally with nothing counted yet.
 * @example emptyDateOrderTally().dayFirst // 0
 */
export function emptyDateOrderTally(): DateOrderTally {
  return { dayFirst: 0, monthFirst: 0, either: 0, yearFirst: 0, examples: {} }
}

const COUNT_KEYS: Readonly<Record<DateOrderReading, 'dayFirst' | 'monthFirst' | 'either' | 'yearFirst'>> = {
  'day-first': 'dayFirst',
  'month-first': 'monthFirst',
  either: 'either',
  'year-first': 'yearFirst',
}

/**
 * Counts one value into a tally (changing it) and returns how the value reads.
 * @example countDateOrder(tally, '21/01/2024') // 'day-first', and tally.dayFirst grew by one
 */
export function countDateOrder(tally: DateOrderTally, value: string): DateOrderReading | undefined {
  const reading = classifyDateOrder(value)
  if (reading === undefined) return undefined
  tally[COUNT_KEYS[reading]]++
  tally.examples[reading] ??= value.trim()
  return reading
}

function values(count: number): string {
  return count === 1 ? '1 value' : `${count} values`
}

/** The order a reading proves, in words, and as an order. */
const READING_ORDER = {
  'day-first': { order: 'DMY', words: 'day first' },
  'month-first': { order: 'MDY', words: 'month first' },
} as const

/**
 * Decides a column's day/month order from its values that can only be read one way; values that
 * start with the year never decide it. When both kinds occur, the majority wins and the others
 * become row errors (a tie decides nothing); when no value decides, the column is ambiguous and
 * the user is asked; a column whose numeric dates all start with the year is year first.
 * @example decideDateOrder({ dayFirst: 41, monthFirst: 0, either: 12, yearFirst: 70, examples: { 'day-first': '21/01/2024' } })
 * // { order: 'DMY', isAmbiguous: false, reason: 'day first: 41 values such as 21/01/2024 can only be read so', ... }
 */
export function decideDateOrder(tally: DateOrderTally): DateOrderDecision {
  const { dayFirst, monthFirst, either, yearFirst, examples } = tally
  const evidence: DateOrderTally = { ...tally, examples: { ...examples } }
  if (dayFirst > 0 || monthFirst > 0) {
    if (dayFirst === monthFirst) {
      return {
        isAmbiguous: true,
        contradicting: 0,
        evidence,
        reason: `undecided: ${values(dayFirst)} such as ${examples['day-first']} can only be read day first, and as many such as ${examples['month-first']} only month first`,
      }
    }
    const [winner, loser] =
      dayFirst > monthFirst ? (['day-first', 'month-first'] as const) : (['month-first', 'day-first'] as const)
    const winning = Math.max(dayFirst, monthFirst)
    const losing = Math.min(dayFirst, monthFirst)
    const reason = `${READING_ORDER[winner].words}: ${values(winning)} such as ${examples[winner]} can only be read so`
    return {
      order: READING_ORDER[winner].order,
      isAmbiguous: false,
      contradicting: losing,
      evidence,
      reason:
        losing === 0
          ? reason
          : `${reason}; ${values(losing)} such as ${examples[loser]} can only be read ${READING_ORDER[loser].words} and will be row errors`,
    }
  }
  if (either > 0) {
    const yearNote =
      yearFirst > 0 ? `; values such as ${examples['year-first']} start with the year and do not tell` : ''
    return {
      isAmbiguous: true,
      contradicting: 0,
      evidence,
      reason: `undecided: ${either === 1 ? 'the only value' : `all ${either} values`} written with numbers and the year last, such as ${examples.either}, can be read day first or month first${yearNote}`,
    }
  }
  if (yearFirst > 0) {
    return {
      order: 'YMD',
      isAmbiguous: false,
      contradicting: 0,
      evidence,
      reason: `year first: ${values(yearFirst)} such as ${examples['year-first']} ${yearFirst === 1 ? 'starts' : 'start'} with the year`,
    }
  }
  return {
    isAmbiguous: false,
    contradicting: 0,
    evidence,
    reason: 'no value is written with numbers alone, so no day/month order is needed',
  }
}

/**
 * The values of a tally that an order cannot read, which an import reports as row errors under it:
 * month-first-only values under day first, and the reverse; every day/month value under year first.
 * @example valuesAgainstOrder({ dayFirst: 41, monthFirst: 2, either: 9, yearFirst: 70, examples: { 'month-first': '12/25/2024' } }, 'DMY')
 * // { count: 2, example: '12/25/2024' }
 */
export function valuesAgainstOrder(tally: DateOrderTally, order: DateOrder): { count: number; example?: string } {
  const { examples } = tally
  const found = (count: number, example: string | undefined) => (example === undefined ? { count } : { count, example })
  switch (order) {
    case 'DMY':
      return found(tally.monthFirst, examples['month-first'])
    case 'MDY':
      return found(tally.dayFirst, examples['day-first'])
    case 'YMD':
      return found(
        tally.dayFirst + tally.monthFirst + tally.either,
        examples['day-first'] ?? examples['month-first'] ?? examples.either,
      )
  }
}
