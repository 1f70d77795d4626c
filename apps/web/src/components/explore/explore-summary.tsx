'use client'
/**
 * The summary line over the explore view: "12,408 events · 3 datasets · 1842–2024", from the
 * dataset counts and the histogram's range of the current filters.
 * @module
 */
import { formatHistoricalYear } from '@chronotope/dates'

import { useExplore } from './explore-context'
import { useDatasetCounts, useHistogram } from './explore-queries'

function yearOf(instant: string): number {
  return new Date(instant).getUTCFullYear()
}

/**
 * The years a range spans, as people write them: `1842–2024`, `490 BC–AD 79`, `1914`.
 * @example yearSpan({ start: '1842-03-01T00:00:00.000Z', end: '2024-06-01T00:00:00.000Z' }) // '1842–2024'
 */
export function yearSpan(range: { readonly start: string; readonly end: string }): string {
  const first = yearOf(range.start)
  // The range's end is the next bucket's start: its last event is a millisecond before.
  const last = new Date(Date.parse(range.end) - 1).getUTCFullYear()
  if (first === last) return formatHistoricalYear(first)
  return `${formatHistoricalYear(first)}–${formatHistoricalYear(last)}`
}

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`
}

/** The summary line; a polite live region, so screen readers hear new counts. */
export function ExploreSummary() {
  const { filters } = useExplore()
  const counts = useDatasetCounts(filters)
  const histogram = useHistogram(filters)
  let text: string
  if (counts.isError) text = 'Could not count the events'
  else if (!counts.data) text = 'Counting events…'
  else {
    const parts = [plural(counts.data.total, 'event', 'events'), plural(counts.data.datasets.length, 'dataset', 'datasets')]
    if (histogram.data?.range) parts.push(yearSpan(histogram.data.range))
    text = parts.join(' · ')
  }
  return (
    <p className="explore-summary" aria-live="polite" data-testid="explore-summary" aria-busy={counts.isFetching}>
      {text}
    </p>
  )
}
