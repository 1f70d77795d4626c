'use client'
/**
 * Under the event time pickers: the stored time as people write it, in UTC, with its era
 * (`Stored as 12 September 490 BC, 06:00 UTC`). The picker (react-datepicker, through Payload)
 * shows the browser's local time, whose year can differ from the UTC year around New Year.
 * @module
 */
import { formatHistoricalDate } from '@chronotope/dates'
import { useFormFields } from '@payloadcms/ui'
import type { DateFieldDescriptionClientComponent } from 'payload'

/** Description of `eventTime` and `eventEndTime` in the event form. */
export const EventTimeDescription: DateFieldDescriptionClientComponent = ({ path }) => {
  const value = useFormFields(([fields]) => fields[path ?? '']?.value)
  const instant = typeof value === 'string' || value instanceof Date ? new Date(value) : undefined
  if (!instant || Number.isNaN(instant.getTime())) return null
  const precision = instant.getTime() % 60_000 === 0 ? 'minute' : 'second'
  return (
    <div className="field-description event-time-description">Stored as {formatHistoricalDate(instant, precision)}</div>
  )
}
