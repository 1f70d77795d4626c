/**
 * The event list's pure logic: a row's time as people write it, the "Showing 300 of 12,408" line,
 * and where the arrow keys move the focus.
 * @module
 */
import { formatHistoricalDate, type TimePrecision } from '@chronotope/dates'

import { countOf, formatCount } from '../../lib/text/format-number'

const PRECISIONS: ReadonlySet<string> = new Set<TimePrecision>(['year', 'month', 'day', 'hour', 'minute', 'second'])

function precisionOf(written: string | null): TimePrecision {
  return written !== null && PRECISIONS.has(written) ? (written as TimePrecision) : 'day'
}

/**
 * An event's time at its precision, with its end when it has one: `March 1921`,
 * `3 March 1921 – 5 March 1921`, `490 BC`; `No date` without a time.
 * @example eventTimeText({ eventTime: '1921-03-01T00:00:00.000Z', eventEndTime: null, timePrecision: 'month' }) // 'March 1921'
 */
export function eventTimeText(event: {
  readonly eventTime: string | null
  readonly eventEndTime: string | null
  readonly timePrecision: string | null
}): string {
  const precision = precisionOf(event.timePrecision)
  const start = formatHistoricalDate(event.eventTime, precision)
  if (!start) return 'No date'
  const end = formatHistoricalDate(event.eventEndTime, precision)
  return end && end !== start ? `${start} – ${end}` : start
}

/**
 * How many of the filtered events the list holds: `Showing 300 of 12,408 events`, `12 events`
 * when all are loaded, `Showing 300 events` while the total is unknown.
 * @example listCountText(300, 12408) // 'Showing 300 of 12,408 events'
 */
export function listCountText(loaded: number, total: number | undefined): string {
  if (total === undefined) return `Showing ${countOf(loaded, 'event')}`
  if (loaded >= total) return countOf(total, 'event')
  return `Showing ${formatCount(loaded)} of ${countOf(total, 'event')}`
}

/**
 * The row the focus moves to for a key in a list of `count` rows (arrows, Page Up/Down by
 * `pageRows`, Home, End), or undefined for a key the list does not handle.
 * @example nextRowIndex('ArrowDown', 4, 10, 8) // 5
 */
export function nextRowIndex(key: string, current: number, count: number, pageRows: number): number | undefined {
  if (count === 0) return undefined
  const clamp = (index: number) => Math.min(count - 1, Math.max(0, index))
  switch (key) {
    case 'ArrowDown':
      return clamp(current + 1)
    case 'ArrowUp':
      return clamp(current - 1)
    case 'PageDown':
      return clamp(current + Math.max(1, pageRows))
    case 'PageUp':
      return clamp(current - Math.max(1, pageRows))
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default:
      return undefined
  }
}

/**
 * Whether the list should fetch its next page: the last row drawn is within `threshold` rows of
 * the last row loaded, another page exists and none is on its way.
 */
export function shouldFetchMore(
  lastDrawnIndex: number | undefined,
  loaded: number,
  state: { readonly hasNextPage: boolean; readonly isFetching: boolean },
  threshold = 20,
): boolean {
  if (lastDrawnIndex === undefined || !state.hasNextPage || state.isFetching) return false
  return lastDrawnIndex >= loaded - 1 - threshold
}
