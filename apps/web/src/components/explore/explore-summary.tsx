'use client'
/**
 * The summary line over the explore view: "12,408 events · 3 datasets · 1842–2024", from the
 * dataset counts of the current filters and their first and last event time.
 * @module
 */
import { formatYearSpan } from '@chronotope/dates'

import { countOf } from '../../lib/text/format-number'
import { useExplore } from './explore-context'
import { useDatasetCounts } from './explore-queries'

/** The summary line; a polite live region, so screen readers hear new counts. */
export function ExploreSummary() {
  const { filters } = useExplore()
  const counts = useDatasetCounts(filters)
  let text: string
  if (counts.isError) text = 'Could not count the events'
  else if (!counts.data) text = 'Counting events…'
  else {
    const parts = [countOf(counts.data.total, 'event'), countOf(counts.data.datasets.length, 'dataset')]
    const { firstTime, lastTime } = counts.data
    if (firstTime && lastTime) parts.push(formatYearSpan(Date.parse(firstTime), Date.parse(lastTime)))
    text = parts.join(' · ')
  }
  return (
    <p className="explore-summary" aria-live="polite" data-testid="explore-summary" aria-busy={counts.isFetching}>
      {text}
    </p>
  )
}
