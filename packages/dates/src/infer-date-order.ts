import { countDateOrder, decideDateOrder, emptyDateOrderTally } from './date-order-tally'
import type { DateOrderDecision } from './date-order-tally'

/**
 * Decides a column's day/month order from its values (see {@link decideDateOrder}): values that
 * can only be read day first or month first decide it, values that start with the year
 * (`2024-04-05`) never do, and a column whose numeric dates all fit both orders is ambiguous.
 * @param samples - the column's values (values that are not numeric dates are ignored)
 * @example inferDateOrder(['9/5/2016', '9/13/2016']).order // 'MDY'
 * @example inferDateOrder(['21/01/2024', '2024-04-05', '2024-04-06', '03/04/2024']).order // 'DMY'
 * @example inferDateOrder(['03/04/2021']) // { isAmbiguous: true, reason: 'undecided: …', … } (no order)
 */
export function inferDateOrder(samples: readonly string[]): DateOrderDecision {
  const tally = emptyDateOrderTally()
  for (const sample of samples) if (typeof sample === 'string') countDateOrder(tally, sample)
  return decideDateOrder(tally)
}
