/**
 * The event page's Edit form as data: the draft it starts from, and the `PATCH /api/events/{id}`
 * body it sends (only what changed, so the hand edits name exactly the fields a person changed).
 * Pure: the form and the tests share it.
 * @module
 */
import { formatHistoricalDate, parseDate, type TimePrecision } from '@chronotope/dates'

import { cellText } from './row-fields'

/** A place picked on the map or found by name. */
export interface PickedPlace {
  readonly longitude: number
  readonly latitude: number
  /** The place's name, e.g. `Lyon, Auvergne-Rhône-Alpes, France`; null for a point picked on the map. */
  readonly label: string | null
  /** How exactly the point locates the place (`city`, `exact`, …). */
  readonly precision: string
}

/** What the form reads of an event (Payload's shape: `location` is `[lng, lat]`). */
export interface EditableEventView {
  readonly title?: string | null
  readonly eventTime?: string | null
  readonly eventEndTime?: string | null
  readonly timePrecision?: string | null
  readonly location?: readonly [number, number] | null
  readonly locationName?: string | null
  readonly data?: unknown
}

/** The form's state: texts as typed, and the place as picked. */
export interface EventEditDraft {
  readonly title: string
  /** The start as people write it (`1 March 2024`, `2024-03-01 14:30`, `490 BC`). */
  readonly start: string
  /** The end, or empty for none. */
  readonly end: string
  /** The place, or null for none. */
  readonly place: PickedPlace | null
  /** Each editable column's value as text. */
  readonly fields: Readonly<Record<string, string>>
}

/** The outcome of {@link eventEditPatch}: the body to send, or what to fix, by form field. */
export type EventEditResult =
  { readonly patch: Readonly<Record<string, unknown>> } | { readonly errors: Readonly<Record<string, string>> }

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Whether a cell can be edited as text: nested values (a GeoJSON geometry, a list) cannot. */
export function isEditableCell(value: unknown): boolean {
  return value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value)
}

function precisionOf(event: EditableEventView): TimePrecision {
  return (event.timePrecision ?? 'day') as TimePrecision
}

function timeText(iso: string | null | undefined, precision: TimePrecision): string {
  return iso ? formatHistoricalDate(iso, precision) : ''
}

/**
 * The draft an event's form opens with: its time as people write it, at its precision.
 * @example draftOfEvent({ title: 'March', eventTime: '2024-03-01T00:00:00.000Z', timePrecision: 'day', data: { crowd: 1200 } })
 * // { title: 'March', start: '1 March 2024', end: '', place: null, fields: { crowd: '1200' } }
 */
export function draftOfEvent(event: EditableEventView): EventEditDraft {
  const precision = precisionOf(event)
  const data = isRecord(event.data) ? event.data : {}
  const fields: Record<string, string> = {}
  for (const [key, value] of Object.entries(data)) {
    if (isEditableCell(value)) fields[key] = cellText(value)
  }
  return {
    title: event.title ?? '',
    start: timeText(event.eventTime, precision),
    end: timeText(event.eventEndTime, precision),
    place: event.location
      ? {
          longitude: event.location[0],
          latitude: event.location[1],
          label: event.locationName ?? null,
          precision: 'unchanged',
        }
      : null,
    fields,
  }
}

// A field's new value in the type its column had: a number stays a number when the text is one.
function cellValue(before: unknown, text: string): unknown {
  const trimmed = text.trim()
  if (trimmed === '') return null
  if (typeof before === 'number') {
    const number = Number(trimmed.replaceAll(',', ''))
    if (Number.isFinite(number)) return number
  }
  if (typeof before === 'boolean' && /^(true|false)$/i.test(trimmed)) return trimmed.toLowerCase() === 'true'
  return text
}

function readTime(text: string, label: string): { iso: string; precision: TimePrecision } | string {
  try {
    const parsed = parseDate(text.trim())
    return { iso: parsed.iso, precision: parsed.precision }
  } catch (error) {
    return `${label} "${text.trim()}" is not a date Chronotope can read (${(error as Error).message}); write it like 1 March 2024, 2024-03-01 14:30 or 490 BC.`
  }
}

/**
 * The `PATCH /api/events/{id}` body for a draft: only the fields that changed, so an unchanged
 * form sends `{}`. The time's precision is the precision of the start as written (`1848` is a
 * year, `2024-03-01 14:30` a minute); the end must not come before the start.
 * @example eventEditPatch({ title: 'a', data: {} }, { title: 'b', start: '', end: '', place: null, fields: {} })
 * // { patch: { title: 'b' } }
 */
export function eventEditPatch(event: EditableEventView, draft: EventEditDraft): EventEditResult {
  const initial = draftOfEvent(event)
  const patch: Record<string, unknown> = {}
  const errors: Record<string, string> = {}

  if (draft.title.trim() !== initial.title.trim()) patch.title = draft.title.trim() || null

  const timeChanged = draft.start.trim() !== initial.start || draft.end.trim() !== initial.end
  if (timeChanged) {
    const start = draft.start.trim() ? readTime(draft.start, 'Start') : null
    const end = draft.end.trim() ? readTime(draft.end, 'End') : null
    if (typeof start === 'string') errors.start = start
    if (typeof end === 'string') errors.end = end
    if (start === null && end !== null) errors.start = 'An event with an end needs a start.'
    if (
      start &&
      typeof start !== 'string' &&
      end &&
      typeof end !== 'string' &&
      Date.parse(end.iso) < Date.parse(start.iso)
    ) {
      errors.end = 'The end comes before the start.'
    }
    if (!errors.start && !errors.end) {
      const startTime = start && typeof start !== 'string' ? start : null
      const endTime = end && typeof end !== 'string' ? end : null
      patch.eventTime = startTime?.iso ?? null
      patch.eventEndTime = endTime?.iso ?? null
      if (startTime) patch.timePrecision = startTime.precision
    }
  }

  const before = initial.place
  const after = draft.place
  const placeChanged =
    !before !== !after ||
    (before &&
      after &&
      (before.longitude !== after.longitude || before.latitude !== after.latitude || before.label !== after.label))
  if (placeChanged) {
    patch.location = after ? [after.longitude, after.latitude] : null
    patch.locationName = after?.label ?? null
    if (after && after.precision !== 'unchanged') patch.coordinates = { precision: after.precision }
  }

  const data = isRecord(event.data) ? event.data : {}
  const changedColumns = Object.entries(draft.fields).filter(([key, text]) => initial.fields[key] !== text)
  if (changedColumns.length > 0) {
    const next: Record<string, unknown> = { ...data }
    for (const [key, text] of changedColumns) next[key] = cellValue(data[key], text)
    patch.data = next
  }

  return Object.keys(errors).length > 0 ? { errors } : { patch }
}
