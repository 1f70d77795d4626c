import { monthName } from './calendar'
import type { TimePrecision } from './types'

const MAX_EPOCH_MS = 8.64e15

/**
 * A year as people write it: `490 BC` (astronomical -489), `AD 79` (before 1000, where a bare
 * number could be misread), `1066`.
 * @param astronomicalYear - the year as ISO 8601 and `Date` count it: 0 is 1 BC
 * @example formatHistoricalYear(-489) // '490 BC'
 */
export function formatHistoricalYear(astronomicalYear: number): string {
  if (astronomicalYear <= 0) return `${1 - astronomicalYear} BC`
  return astronomicalYear < 1000 ? `AD ${astronomicalYear}` : String(astronomicalYear)
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0')
}

/**
 * A UTC instant as people write it, to its precision, with the era where a reader needs it:
 * `490 BC`, `August AD 79`, `14 October 1066`, `14 October 1066, 09:30 UTC`. Always in UTC, the
 * zone zone-less imported times are read in, so the year never depends on the reader's clock.
 * @param instant - an ISO 8601 instant (expanded years included), a Date or epoch milliseconds
 * @param precision - how finely the time is known; `day` by default
 * @returns an empty string for a missing or unreadable instant
 * @example formatHistoricalDate('-000489-09-12T06:00:00.000Z', 'day') // '12 September 490 BC'
 * @example formatHistoricalDate('0079-08-24T13:00:00.000Z', 'minute') // '24 August AD 79, 13:00 UTC'
 */
export function formatHistoricalDate(
  instant: string | number | Date | null | undefined,
  precision: TimePrecision = 'day',
): string {
  if (instant === null || instant === undefined || instant === '') return ''
  const date = new Date(instant)
  const epochMs = date.getTime()
  if (Number.isNaN(epochMs) || Math.abs(epochMs) > MAX_EPOCH_MS) return ''
  const year = formatHistoricalYear(date.getUTCFullYear())
  if (precision === 'year') return year
  const month = `${monthName(date.getUTCMonth() + 1)} ${year}`
  if (precision === 'month') return month
  const day = `${date.getUTCDate()} ${month}`
  if (precision === 'day') return day
  const time = `${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}`
  const seconds = precision === 'second' ? `:${twoDigits(date.getUTCSeconds())}` : ''
  return `${day}, ${time}${seconds} UTC`
}

/**
 * The years from the first to the last instant (UTC), with the era where a reader needs it; one
 * year when both fall in it. A span whose ends hold a space ("490 BC") gets a spaced dash.
 * @param firstMs - the first instant, epoch milliseconds
 * @param lastMs - the last instant, epoch milliseconds
 * @example formatYearSpan(Date.UTC(2010, 0, 11), Date.UTC(2024, 5, 1)) // '2010–2024'
 * @example formatYearSpan(Date.UTC(-489, 8, 12), Date.UTC(-399, 0, 1)) // '490 BC – 400 BC'
 */
export function formatYearSpan(firstMs: number, lastMs: number): string {
  const first = formatHistoricalYear(new Date(firstMs).getUTCFullYear())
  const last = formatHistoricalYear(new Date(lastMs).getUTCFullYear())
  if (first === last) return first
  return first.includes(' ') || last.includes(' ') ? `${first} – ${last}` : `${first}–${last}`
}
