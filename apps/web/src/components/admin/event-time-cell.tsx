'use client'
/**
 * The events list's time cells: the time as people write it, in UTC, to the event's precision
 * (`12 September 490 BC`, `24 August AD 79`). Payload's own date cell formats in the browser's zone
 * with date-fns' `yyyy`, which drops the era, so 490 BC read as the year 490.
 * @module
 */
import { formatHistoricalDate, type TimePrecision } from '@chronotope/dates'
import type { DefaultCellComponentProps } from 'payload'

const PRECISIONS: ReadonlySet<string> = new Set(['year', 'month', 'day', 'hour', 'minute', 'second'])

/**
 * The precision an event row records, `day` when it has none.
 * @example precisionOf({ timePrecision: 'year' }) // 'year'
 */
export function precisionOf(row: unknown): TimePrecision {
  const precision = (row as { timePrecision?: unknown } | null)?.timePrecision
  return typeof precision === 'string' && PRECISIONS.has(precision) ? (precision as TimePrecision) : 'day'
}

/** List cell of `eventTime` and `eventEndTime`. */
export function EventTimeCell({ cellData, rowData }: DefaultCellComponentProps): React.ReactNode {
  const text = typeof cellData === 'string' ? formatHistoricalDate(cellData, precisionOf(rowData)) : ''
  return <span className="event-time-cell">{text}</span>
}
