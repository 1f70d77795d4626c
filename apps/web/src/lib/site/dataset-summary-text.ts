/**
 * How the home page sums up a dataset in one line: its event count and the years it spans, as
 * people write them ("1,200 events · 2010–2024", "3 events · 490 BC – AD 79").
 * @module
 */
import { formatYearSpan } from '@chronotope/dates'
import { countOf } from '../text/format-number'

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
  return countOf(count, 'event')
}

export { formatYearSpan }

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
