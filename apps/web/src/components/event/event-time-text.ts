/**
 * An event's time for its page: the start at its precision and, when there is one, the end
 * ("12 May 2020 – 14 May 2020", "March 1921", "490 BC").
 * @module
 */
import { formatHistoricalDate, type TimePrecision } from '@chronotope/dates'

const PRECISIONS: ReadonlySet<string> = new Set(['year', 'month', 'day', 'hour', 'minute', 'second'])

/**
 * The event's time as people write it, to the precision it is known at; the end is shown at the
 * same precision and left out when it says the same.
 * @param start - the event time (ISO 8601, expanded years included)
 * @param end - the event end time, if any
 * @param precision - the event's `timePrecision`; `day` when unknown
 * @example formatEventTimeRange('1921-03-01T00:00:00.000Z', null, 'month') // 'March 1921'
 * @example formatEventTimeRange('2020-05-12T00:00:00.000Z', '2020-05-14T00:00:00.000Z', 'day') // '12 May 2020 – 14 May 2020'
 * @example formatEventTimeRange(null, null, 'day') // 'Time not known'
 */
export function formatEventTimeRange(
  start: string | null | undefined,
  end: string | null | undefined,
  precision: string | null | undefined,
): string {
  const known: TimePrecision = precision && PRECISIONS.has(precision) ? (precision as TimePrecision) : 'day'
  const from = start ? formatHistoricalDate(start, known) : ''
  const to = end ? formatHistoricalDate(end, known) : ''
  if (!from) return to ? `Until ${to}` : 'Time not known'
  return to && to !== from ? `${from} – ${to}` : from
}
