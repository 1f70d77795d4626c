/**
 * The timeline's dates: how a histogram bucket is named ("March 1921", "1910–1919"), how a brushed
 * range of buckets is written into the URL's `start`/`end` at the histogram's precision (`1914`,
 * `1914-07`, `1914-07-28`, an instant for hours; BCE years astronomical with a sign, as the read API
 * reads them), and where an instant falls among the buckets. Pure: no React, no clock.
 * @module
 */
import { formatHistoricalDate, formatHistoricalYear } from '@chronotope/dates'
import type { HistogramInterval } from '@chronotope/filters'

import { countOf } from '../../lib/text/format-number'

/** The precision dates are written at: what a histogram interval or a playback step can name. */
export type TimelinePrecision = 'year' | 'month' | 'day' | 'hour'

/** A histogram bucket in epoch milliseconds: [startMs, endMs). */
export interface TimelineBucket {
  readonly startMs: number
  readonly endMs: number
  readonly count: number
}

/**
 * The precision a histogram interval's buckets are named at: years for decades and centuries, days
 * for weeks.
 * @example intervalPrecision('decade') // 'year'
 */
export function intervalPrecision(interval: HistogramInterval): TimelinePrecision {
  switch (interval) {
    case 'hour':
      return 'hour'
    case 'day':
    case 'week':
      return 'day'
    case 'month':
      return 'month'
    default:
      return 'year'
  }
}

function pad(value: number, width: number): string {
  return String(Math.abs(value)).padStart(width, '0')
}

/**
 * An astronomical year as the read API reads it: four digits, signed before year 0 and six digits
 * past 9999 (`-0489` is 490 BC, `0000` is 1 BC).
 * @example filterYear(-489) // '-0489'
 */
export function filterYear(year: number): string {
  if (year < 0) return `-${pad(year, year < -9999 ? 6 : 4)}`
  return year > 9999 ? `+${pad(year, 6)}` : pad(year, 4)
}

/**
 * An instant written as a `start`/`end`/`at` URL date at a precision: `1914`, `1914-07`,
 * `1914-07-28`, `1914-07-28T05:00Z`; the read API reads a partial `end` as the end of that period.
 * @example formatFilterDateAt(Date.UTC(1914, 6, 28), 'month') // '1914-07'
 * @example formatFilterDateAt(new Date('-000489-09-12T00:00:00Z').getTime(), 'year') // '-0489'
 */
export function formatFilterDateAt(epochMs: number, precision: TimelinePrecision): string {
  const date = new Date(epochMs)
  const year = filterYear(date.getUTCFullYear())
  if (precision === 'year') return year
  const month = `${year}-${pad(date.getUTCMonth() + 1, 2)}`
  if (precision === 'month') return month
  const day = `${month}-${pad(date.getUTCDate(), 2)}`
  if (precision === 'day') return day
  return `${day}T${pad(date.getUTCHours(), 2)}:00Z`
}

/**
 * The URL's `start` and `end` for the buckets `first` to `last` (indexes, inclusive): the first
 * bucket's start and the last bucket's last period at the interval's precision, so `end` names the
 * whole last bucket (a decade's last year, a week's Sunday).
 * @example brushDates([{ startMs: Date.UTC(1910, 0), endMs: Date.UTC(1920, 0), count: 3 }], 0, 0, 'decade') // { start: '1910', end: '1919' }
 */
export function brushDates(
  buckets: readonly TimelineBucket[],
  first: number,
  last: number,
  interval: HistogramInterval,
): { start: string; end: string } {
  const precision = intervalPrecision(interval)
  const from = buckets[Math.max(0, Math.min(first, last))]
  const to = buckets[Math.min(buckets.length - 1, Math.max(first, last))]
  if (!from || !to) throw new RangeError(`no buckets ${first}–${last} among ${buckets.length}`)
  return { start: formatFilterDateAt(from.startMs, precision), end: formatFilterDateAt(to.endMs - 1, precision) }
}

/**
 * The index of the bucket boundary nearest an instant: 0 is the first bucket's start, `length` the
 * last bucket's end. Brushed pixels snap to these.
 * @example nearestBoundary([{ startMs: 0, endMs: 10, count: 1 }, { startMs: 10, endMs: 20, count: 1 }], 14) // 1
 */
export function nearestBoundary(buckets: readonly TimelineBucket[], epochMs: number): number {
  if (buckets.length === 0) return 0
  let low = 0
  let high = buckets.length
  // Boundary i is buckets[i].startMs, and boundary length the last bucket's end.
  const boundary = (index: number) => (index === buckets.length ? buckets[index - 1]!.endMs : buckets[index]!.startMs)
  while (low < high) {
    const middle = (low + high) >> 1
    if (boundary(middle) < epochMs) low = middle + 1
    else high = middle
  }
  if (low > 0 && epochMs - boundary(low - 1) < boundary(low) - epochMs) return low - 1
  return low
}

/**
 * The index of the bucket holding an instant, or -1 outside them all.
 * @example bucketIndexAt([{ startMs: 0, endMs: 10, count: 1 }, { startMs: 10, endMs: 20, count: 1 }], 10) // 1
 */
export function bucketIndexAt(buckets: readonly TimelineBucket[], epochMs: number): number {
  let low = 0
  let high = buckets.length - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    const bucket = buckets[middle]!
    if (epochMs < bucket.startMs) high = middle - 1
    else if (epochMs >= bucket.endMs) low = middle + 1
    else return middle
  }
  return -1
}

/**
 * The buckets a time range covers, as first and last indexes, snapped to the nearest boundaries and
 * at least one bucket wide; undefined without buckets.
 * @param endMs - exclusive
 */
export function bucketSpan(
  buckets: readonly TimelineBucket[],
  startMs: number,
  endMs: number,
): { first: number; last: number } | undefined {
  if (buckets.length === 0) return undefined
  const first = Math.min(buckets.length - 1, nearestBoundary(buckets, startMs))
  const last = Math.max(first, nearestBoundary(buckets, endMs) - 1)
  return { first, last: Math.min(buckets.length - 1, last) }
}

/**
 * A bucket named at its interval's precision: `1914`, `1910–1919`, `March 1921`, `week of 3 March
 * 1921`, `14 October 1066`, `14 October 1066, 09:00 UTC`.
 * @example bucketLabel({ startMs: Date.UTC(1921, 2), endMs: Date.UTC(1921, 3), count: 1 }, 'month') // 'March 1921'
 */
export function bucketLabel(bucket: Pick<TimelineBucket, 'startMs' | 'endMs'>, interval: HistogramInterval): string {
  switch (interval) {
    case 'decade':
    case 'century': {
      const first = new Date(bucket.startMs).getUTCFullYear()
      const last = new Date(bucket.endMs - 1).getUTCFullYear()
      return yearSpan(first, last)
    }
    case 'week':
      return `week of ${formatHistoricalDate(bucket.startMs, 'day')}`
    default:
      return formatHistoricalDate(bucket.startMs, intervalPrecision(interval))
  }
}

function joinSpan(first: string, last: string): string {
  // An en dash between single words, spaced when either side has spaces ("490 BC – 481 BC").
  return first.includes(' ') || last.includes(' ') ? `${first} – ${last}` : `${first}–${last}`
}

function yearSpan(first: number, last: number): string {
  if (first === last) return formatHistoricalYear(first)
  return joinSpan(formatHistoricalYear(first), formatHistoricalYear(last))
}

/**
 * A time range as people write it at a precision, shortened where both ends share it:
 * `1914–1917`, `January–June 1921`, `3–9 March 1921`, or one date when both ends are
 * the same at that precision.
 * @param endMs - inclusive (the range's last millisecond)
 * @example formatTimeSpan(Date.UTC(1914, 0), Date.UTC(1918, 0) - 1, 'year') // '1914–1917'
 */
export function formatTimeSpan(startMs: number, endMs: number, precision: TimelinePrecision): string {
  if (precision === 'year') return yearSpan(new Date(startMs).getUTCFullYear(), new Date(endMs).getUTCFullYear())
  const first = formatHistoricalDate(startMs, precision)
  const last = formatHistoricalDate(endMs, precision)
  if (first === last) return first
  const start = new Date(startMs)
  const end = new Date(endMs)
  const sameYear = start.getUTCFullYear() === end.getUTCFullYear()
  if (precision === 'month' && sameYear) return `${first.split(' ')[0]}–${last}`
  if (precision === 'day' && sameYear && start.getUTCMonth() === end.getUTCMonth()) {
    return `${start.getUTCDate()}–${last}`
  }
  return joinSpan(first, last)
}

/**
 * A count as people read it, with its noun: `1 event`, `1,204 events`.
 * @example formatEventCount(1204) // '1,204 events'
 */
export function formatEventCount(count: number): string {
  return countOf(count, 'event')
}
