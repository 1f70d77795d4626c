/**
 * How the home page sums up a dataset in one line: its event count and the years it spans, as
 * people write them ("1,200 events · 2010–2024", "3 events · 490 BC – AD 79").
 * @module
 */
import { formatHistoricalYear } from '@chronotope/dates'

/** A dataset's events: how many, and the first and last event times (epoch ms; null when none has a time). */
export interface DatasetEventStats {
  readonly count: number
  readonly firstMs: number | null
  readonly lastMs: number | null
}

/**
 * An event count in words.
 * @example formatEventCount(1200) // '1,200 events'
 * @example formatEventCount(1) // '1 event'
 * @example formatEventCount(0) // 'no events yet'
 */
export function formatEventCount(count: number): string {
  if (count === 0) return 'no events yet'
  return `${count.toLocaleString('en')} ${count === 1 ? 'event' : 'events'}`
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

/**
 * A dataset's one-line summary: count, then the span of its event times when it has any.
 * @example describeDatasetStats({ count: 1200, firstMs: Date.UTC(2010, 0, 1), lastMs: Date.UTC(2024, 0, 1) }) // '1,200 events · 2010–2024'
 * @example describeDatasetStats({ count: 0, firstMs: null, lastMs: null }) // 'No events yet'
 */
export function describeDatasetStats(stats: DatasetEventStats): string {
  const count = formatEventCount(stats.count)
  const text =
    stats.count > 0 && stats.firstMs !== null && stats.lastMs !== null
      ? `${count} · ${formatYearSpan(stats.firstMs, stats.lastMs)}`
      : count
  return text.charAt(0).toUpperCase() + text.slice(1)
}
