import type { DateOrder } from './types'

/** The column-level decision of {@link inferDateOrder}, with the evidence behind it. */
export interface DateOrderDecision {
  /** The order to read the column's numeric dates with. */
  order: DateOrder
  /** True when the values cannot tell MDY from DMY (all parts 12 or less, or a tie): ask the user. */
  isAmbiguous: boolean
  /** The decision in words, for the import preview, e.g. `14 of 106 dates have a second part over 12`. */
  reason: string
  /** How many values only fit MDY, only fit DMY, or fit either. */
  evidence: { mdyOnly: number; dmyOnly: number; either: number }
}

/**
 * The first two parts of a numeric date ('9/5/2016', '05.09.2016 10:00', '2016-09-05'); bounded
 * quantifiers keep it linear.
 */
const NUMERIC_DATE = /^\s*(\d{1,4})[/.-](\d{1,2})[/.-]\d{1,4}(?:$|[\sT,])/

/**
 * Decides whether a column's numeric dates are month/day/year or day/month/year: a first part over
 * 12 proves DMY, a second part over 12 proves MDY; when every value fits both, the column is
 * ambiguous and MDY is proposed; conflicting evidence goes to the majority. Columns whose values
 * start with a 3- or 4-digit year are YMD.
 * @param samples - the column's values (non-numeric values are ignored)
 * @example inferDateOrder(['9/5/2016', '9/15/2016']) // { order: 'MDY', isAmbiguous: false, ... }
 * @example inferDateOrder(['03/04/2021']) // { order: 'MDY', isAmbiguous: true, ... }
 */
export function inferDateOrder(samples: readonly string[]): DateOrderDecision {
  const evidence = { mdyOnly: 0, dmyOnly: 0, either: 0 }
  let yearFirst = 0
  for (const sample of samples) {
    if (typeof sample !== 'string') continue
    const match = NUMERIC_DATE.exec(sample)
    if (!match) continue
    const [, firstText = '', secondText = ''] = match
    if (firstText.length >= 3) {
      yearFirst++
      continue
    }
    const first = Number(firstText)
    const second = Number(secondText)
    if (first > 12 && second <= 12) evidence.dmyOnly++
    else if (second > 12 && first <= 12) evidence.mdyOnly++
    else if (first <= 12 && second <= 12) evidence.either++
  }
  const dayMonth = evidence.mdyOnly + evidence.dmyOnly + evidence.either
  if (yearFirst > dayMonth) {
    return {
      order: 'YMD',
      isAmbiguous: false,
      reason: `${yearFirst} of ${yearFirst + dayMonth} numeric dates start with the year`,
      evidence,
    }
  }
  return decide(evidence, dayMonth)
}

function decide(evidence: DateOrderDecision['evidence'], total: number): DateOrderDecision {
  const { mdyOnly, dmyOnly, either } = evidence
  if (total === 0)
    return {
      order: 'MDY',
      isAmbiguous: true,
      reason: 'no value is a numeric date; month/day/year is assumed',
      evidence,
    }
  if (mdyOnly === 0 && dmyOnly === 0) {
    return {
      order: 'MDY',
      isAmbiguous: true,
      evidence,
      reason: `all ${either} numeric dates have both parts 12 or less, so month/day/year and day/month/year both fit; month/day/year is assumed`,
    }
  }
  if (dmyOnly === 0)
    return {
      order: 'MDY',
      isAmbiguous: false,
      reason: `${mdyOnly} of ${total} dates have a second part over 12, so the day comes second`,
      evidence,
    }
  if (mdyOnly === 0)
    return {
      order: 'DMY',
      isAmbiguous: false,
      reason: `${dmyOnly} of ${total} dates have a first part over 12, so the day comes first`,
      evidence,
    }
  const order = dmyOnly > mdyOnly ? 'DMY' : 'MDY'
  return {
    order,
    isAmbiguous: dmyOnly === mdyOnly,
    evidence,
    reason: `conflicting dates: ${mdyOnly} fit only month/day/year and ${dmyOnly} only day/month/year; ${order === 'MDY' ? 'month/day/year' : 'day/month/year'} is ${dmyOnly === mdyOnly ? 'assumed on a tie' : 'the majority'}, and the others will be reported as invalid`,
  }
}
