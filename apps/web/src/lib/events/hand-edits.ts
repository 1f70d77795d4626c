/**
 * Hand edits: which of an event's fields a person changed after the import, so a later
 * re-import of the same file keeps them. Pure: the events collection's hook and the importer
 * both call it.
 * @module
 */

import { correctionRole } from '../geocoding/correction-role'
import type { CorrectionRole } from '../import/import-documents'

/** Who made a hand edit, as the people reading the event understand it. */
export type HandEditRole = CorrectionRole

/** One field changed by hand: by whom, in what role and when. */
export interface HandEdit {
  /** The user's id. */
  readonly by: number
  /** `owner` when the user owns the event's dataset, else their role. */
  readonly role: HandEditRole
  /** ISO 8601 time of the edit. */
  readonly at: string
}

/**
 * The hand edits of one event, by field path: `title`, `description`, `eventTime` (with its
 * precision), `eventEndTime`, `location` (with its name and provenance) or `data.<column>`.
 */
export type HandEdits = Readonly<Record<string, HandEdit>>

/** The event fields a person can change by hand, apart from the row's own values (`data.<column>`). */
export const HAND_EDITABLE_FIELDS = ['title', 'description', 'eventTime', 'eventEndTime', 'location'] as const

/** A field path of {@link HandEdits}: one of {@link HAND_EDITABLE_FIELDS} or `data.<column>`. */
export type HandEditPath = (typeof HAND_EDITABLE_FIELDS)[number] | `data.${string}`

/** The part of an event document this module reads: Payload's shape (`location` is `[lng, lat]`). */
export interface EditableEvent {
  readonly title?: string | null
  readonly description?: string | null
  readonly eventTime?: string | Date | null
  readonly eventEndTime?: string | Date | null
  readonly timePrecision?: string | null
  readonly location?: readonly [number, number] | null
  readonly locationName?: string | null
  readonly data?: unknown
}

// Fields whose change counts as a change of another: a new precision is a new time.
const COMPANIONS: Readonly<Record<string, HandEditPath>> = {
  timePrecision: 'eventTime',
  locationName: 'location',
}

function timeOf(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null
  const time = value instanceof Date ? value.getTime() : typeof value === 'string' ? new Date(value).getTime() : NaN
  return Number.isNaN(time) ? null : time
}

function sameValue(path: string, before: unknown, after: unknown): boolean {
  if (path === 'eventTime' || path === 'eventEndTime') return timeOf(before) === timeOf(after)
  if (path === 'location') {
    const [a, b] = [before, after] as Array<readonly number[] | null | undefined>
    if (!a || !b) return !a === !b
    return a[0] === b[0] && a[1] === b[1]
  }
  return JSON.stringify(before ?? null) === JSON.stringify(after ?? null)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The field paths an update changes. `update` may be partial (a REST `PATCH` sends only what
 * changes): fields it leaves out are unchanged.
 * @example changedEventFields({ title: 'Paris', data: { n: 1 } }, { title: 'Lyon', data: { n: 2 } })
 * // ['title', 'data.n']
 */
export function changedEventFields(before: EditableEvent, update: EditableEvent): HandEditPath[] {
  const changed = new Set<HandEditPath>()
  for (const path of HAND_EDITABLE_FIELDS) {
    if (path in update && !sameValue(path, before[path], update[path])) changed.add(path)
  }
  for (const [companion, path] of Object.entries(COMPANIONS)) {
    const key = companion as keyof EditableEvent
    if (key in update && !sameValue(companion, before[key], update[key])) changed.add(path)
  }
  if ('data' in update) {
    const old = isRecord(before.data) ? before.data : {}
    const next = isRecord(update.data) ? update.data : {}
    for (const column of new Set([...Object.keys(old), ...Object.keys(next)])) {
      if (!sameValue(column, old[column], next[column])) changed.add(`data.${column}`)
    }
  }
  return [...changed]
}

/**
 * Adds one edit's changed paths to an event's hand edits, the newest edit of a field winning.
 * @example recordHandEdits({}, ['title'], { by: 3, role: 'owner', at: '2026-11-27T10:00:00.000Z' })
 * // { title: { by: 3, role: 'owner', at: '2026-11-27T10:00:00.000Z' } }
 */
export function recordHandEdits(
  earlier: HandEdits | null | undefined,
  paths: readonly HandEditPath[],
  edit: HandEdit,
): HandEdits {
  const next: Record<string, HandEdit> = { ...earlier }
  for (const path of paths) next[path] = edit
  return next
}

/**
 * The role a hand edit is credited to: the dataset's owner edits as `owner` whatever their role;
 * anyone else by their role (only editors and admins may edit others' events).
 * @example handEditRole({ id: 7, role: 'admin' }, 7) // 'owner'
 */
export function handEditRole(
  user: { readonly id: number | string; readonly role?: string | null },
  ownerId: number | string | null | undefined,
): HandEditRole {
  if (ownerId !== null && ownerId !== undefined && String(ownerId) === String(user.id)) return 'owner'
  return correctionRole(user)
}
