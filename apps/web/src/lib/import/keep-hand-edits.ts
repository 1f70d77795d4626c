/**
 * What an `update` re-import does to an event people edited by hand: a field they changed keeps
 * their value while the file's own cells for it are as they were at the last import; when the
 * file changed those cells to something else, the event is left alone and reported, so neither
 * the person's correction nor the file's news is lost without a word.
 * @module
 */
import type { EventRow } from '../events/bulk-insert-events'
import type { HandEditPath, HandEdits } from '../events/hand-edits'
import type { StoredMapping } from './import-documents'

/** An event of the dataset with hand edits, as the re-import reads it before writing. */
export interface EditedEvent extends EventRow {
  readonly id: number
  /** Its hand edits; a point set by hand before edits were recorded counts as a `location` edit. */
  readonly handEdits: HandEdits
  /** The cells its row had at its last import, or null for events imported before they were kept. */
  readonly original: Readonly<Record<string, string>> | null
}

/** One field where the person's value and the file's new value differ. */
export interface HandEditConflict {
  readonly field: HandEditPath
  /** The value the person set, as shown to people. */
  readonly handValue: unknown
  /** The value the file now gives. */
  readonly fileValue: unknown
}

/** The outcome for one event. */
export type HandEditOutcome =
  /**
   * Write this row: the file's values, with the person's `kept` where the file did not change
   * them; `released` hand edits no longer hold (the file now gives the person's value, or the
   * import takes the file's values).
   */
  | {
      readonly kind: 'write'
      readonly row: EventRow
      readonly kept: readonly HandEditPath[]
      readonly released: readonly HandEditPath[]
    }
  /** Write nothing: the file changed fields a person edited (unless the import takes the file's values). */
  | { readonly kind: 'left-alone'; readonly conflicts: readonly HandEditConflict[] }

/**
 * The file's columns a field path is read from under a mapping; undefined when the field does not
 * come from cells (a GeoJSON geometry), so a change cannot be seen.
 * @example sourceColumnsOf('title', { title: 'Event', location: { kind: 'none', confidence: 0, reason: '' } }) // ['Event']
 */
export function sourceColumnsOf(path: string, mapping: StoredMapping): string[] | undefined {
  const present = (...columns: Array<string | undefined>) => columns.filter((column): column is string => !!column)
  if (path.startsWith('data.')) return [path.slice('data.'.length)]
  switch (path) {
    case 'title':
      return present(mapping.title)
    case 'description':
      return present(mapping.description)
    case 'eventTime': {
      const start = mapping.startTime
      if (!start) return []
      return 'field' in start ? [start.field] : present(...(Object.values(start.parts) as Array<string | undefined>))
    }
    case 'eventEndTime':
      return present(mapping.endTime?.field)
    case 'location': {
      const location = mapping.location
      if (location.kind === 'geometry') return undefined
      return present(
        location.latitude,
        location.longitude,
        location.combined,
        ...(Object.values(location.address ?? {}) as Array<string | undefined>),
      )
    }
    default:
      return []
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null)
}

function dataOf(row: EventRow): Record<string, unknown> {
  return row.data && typeof row.data === 'object' ? (row.data as Record<string, unknown>) : {}
}

/** The value of a field path in an event row, as compared and reported. */
function valueAt(row: EventRow, path: HandEditPath): unknown {
  switch (path) {
    case 'title':
      return row.title
    case 'description':
      return row.description
    case 'eventTime':
      return row.eventTime ? { time: row.eventTime.toISOString(), precision: row.timePrecision } : null
    case 'eventEndTime':
      return row.eventEndTime?.toISOString() ?? null
    case 'location':
      return row.longitude === null || row.latitude === null
        ? null
        : { longitude: row.longitude, latitude: row.latitude, name: row.locationName }
    default:
      return dataOf(row)[path.slice('data.'.length)]
  }
}

/** The row with one field path's values taken from another row. */
function withField(row: EventRow, from: EventRow, path: HandEditPath): EventRow {
  switch (path) {
    case 'title':
      return { ...row, title: from.title }
    case 'description':
      return { ...row, description: from.description }
    case 'eventTime':
      return { ...row, eventTime: from.eventTime, timePrecision: from.timePrecision }
    case 'eventEndTime':
      return { ...row, eventEndTime: from.eventEndTime }
    case 'location':
      return {
        ...row,
        longitude: from.longitude,
        latitude: from.latitude,
        locationName: from.locationName,
        coordinateSource: from.coordinateSource,
        coordinatePrecision: from.coordinatePrecision,
        coordinateConfidence: from.coordinateConfidence,
        coordinateSourceColumns: from.coordinateSourceColumns,
        coordinateProvider: from.coordinateProvider,
        geocodedQuery: from.geocodedQuery ?? null,
      }
    default: {
      const column = path.slice('data.'.length)
      const data = { ...dataOf(row) }
      if (column in dataOf(from)) data[column] = dataOf(from)[column]
      else delete data[column]
      return { ...row, data }
    }
  }
}

/**
 * Merges a re-imported row into an event people edited by hand. A field they changed keeps their
 * value when the file's cells for it are the ones the event was last imported from (or cannot be
 * compared); when the file's cells changed and now give another value than theirs, the event is
 * left alone, unless `takeFileValues` (the import was asked to prefer the file).
 * @param incoming - the row as this import reads it, with its cells as written in `original`
 * @example keepHandEdits(row, edited, mapping, false) // { kind: 'write', row: { ...row, title: edited.title }, kept: ['title'], released: [] }
 */
export function keepHandEdits(
  incoming: EventRow,
  existing: EditedEvent,
  mapping: StoredMapping,
  takeFileValues: boolean,
): HandEditOutcome {
  let row: EventRow = incoming
  const kept: HandEditPath[] = []
  const released: HandEditPath[] = []
  const conflicts: HandEditConflict[] = []
  for (const path of Object.keys(existing.handEdits) as HandEditPath[]) {
    const columns = sourceColumnsOf(path, mapping)
    const isFileChanged =
      columns !== undefined &&
      existing.original !== null &&
      columns.some((column) => !sameJson(incoming.original?.[column], existing.original?.[column]))
    const [handValue, fileValue] = [valueAt(existing, path), valueAt(incoming, path)]
    if (!isFileChanged) {
      row = withField(row, existing, path)
      kept.push(path)
    } else if (sameJson(handValue, fileValue) || takeFileValues) {
      released.push(path)
    } else {
      conflicts.push({ field: path, handValue, fileValue })
    }
  }
  if (conflicts.length > 0) return { kind: 'left-alone', conflicts }
  return { kind: 'write', row, kept, released }
}
