import type { RowField } from './row-fields'

/**
 * One value of the event page's original row: the file's own text, and where Chronotope read it
 * as something else, what it read after an arrow (`03/04/2024 → 3 April 2024`); screen readers
 * hear "written … read as …".
 */
export function RowFieldValue({ field }: { field: RowField }) {
  // <bdi> keeps Arabic or Hebrew values from reordering the arrow and the text around them.
  const read = field.text === '' ? <span className="import-subtle">empty</span> : <bdi>{field.text}</bdi>
  if (field.written === undefined) return <>{read}</>
  return (
    <span className="event-field-reading">
      <span className="visually-hidden">written </span>
      <bdi className="event-field-written">{field.written}</bdi>
      <span aria-hidden="true" className="event-field-arrow">
        {' → '}
      </span>
      <span className="visually-hidden"> read as </span>
      <span className="event-field-read">{read}</span>
    </span>
  )
}
