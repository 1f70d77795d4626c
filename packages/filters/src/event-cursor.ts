import { formatFilterInstant, parseFilterInstant } from './filter-dates'
import { FilterParameterError } from './filter-parameter-error'

/**
 * Where a page of events ended, for keyset paging: the last event's time (null for events without
 * one, which sort last) and its id, which breaks ties between events at the same time.
 */
export interface EventCursor {
  /** The last event's time as {@link formatFilterInstant} writes it, or null. */
  t: string | null
  /** The last event's id, a positive integer. */
  id: number
}

const PARAMETER = 'cursor'
/** A real cursor is under 100 characters; longer ones are not worth decoding. */
const MAX_CURSOR_LENGTH = 200
const BASE64URL = /^[A-Za-z0-9_-]+$/

/**
 * Writes a cursor as opaque base64url text (no padding), safe in a URL without escaping.
 * btoa rather than Buffer keeps the package usable in the browser.
 * @throws RangeError when `t` is not an instant {@link formatFilterInstant} writes or `id` is not a positive integer
 * @example encodeCursor({ t: '2020-06-30T12:00:00.000Z', id: 42 }) // 'eyJ0IjoiMjAyMC0wNi0zMFQxMjowMDowMC4wMDBaIiwiaWQiOjQyfQ'
 */
export function encodeCursor(cursor: EventCursor): string {
  if (cursor.t !== null) parseFilterInstant(cursor.t)
  if (!Number.isSafeInteger(cursor.id) || cursor.id < 1)
    throw new RangeError(`cursor id must be a positive integer; got ${cursor.id}`)
  const json = JSON.stringify({ t: cursor.t, id: cursor.id })
  return btoa(json).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

/**
 * Reads a cursor written by {@link encodeCursor}. Its time comes back as PostgreSQL reads it, even
 * when the cursor was written with `Date.prototype.toISOString`'s expanded years.
 * @throws {@link FilterParameterError} (parameter `cursor`) for anything else
 * @example decodeCursor('eyJ0IjpudWxsLCJpZCI6N30') // { t: null, id: 7 }
 */
export function decodeCursor(text: string): EventCursor {
  if (text.length > MAX_CURSOR_LENGTH || !BASE64URL.test(text)) throw notACursor()
  let json: unknown
  try {
    json = JSON.parse(atob(text.replaceAll('-', '+').replaceAll('_', '/')))
  } catch {
    throw notACursor()
  }
  if (typeof json !== 'object' || json === null) throw notACursor()
  const { t, id } = json as Record<string, unknown>
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw notACursor()
  if (t === null) return { t: null, id }
  if (typeof t !== 'string') throw notACursor()
  try {
    return { t: formatFilterInstant(parseFilterInstant(t)), id }
  } catch {
    throw notACursor()
  }
}

function notACursor(): FilterParameterError {
  return new FilterParameterError(
    PARAMETER,
    'is not a cursor from a previous page of this list; start again without it',
  )
}
