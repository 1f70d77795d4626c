/**
 * A page of the list from selections of several segments: each selection is already in list order,
 * so the page is a merge of their heads, starting after a keyset cursor or at an offset.
 * @module
 */
import type { Selection } from './row-selection'

/** Where a page starts: after the event of a cursor (`timeMs` null for an event without a time). */
export interface ListCursorPosition {
  readonly timeMs: number | null
  readonly id: number
}

/** What a page asks for. */
export interface PageRequest {
  readonly descending: boolean
  readonly limit: number
  readonly after?: ListCursorPosition
  /** Events to skip before the page (page numbers). */
  readonly offset?: number
}

/** An event of a page: enough to fetch it and to write the next cursor. */
export interface PageEntry {
  readonly id: number
  readonly timeMs: number | null
}

// A selection's rows as the page reads them: list order, or for descending time the timed rows
// backwards and then the rows without a time backwards (id descending, still last).
function orderedRows(selection: Selection, descending: boolean): (index: number) => number {
  if (!descending) return (index) => selection.rowAt(index)
  const { segment, size } = selection
  let timed = 0
  let high = size
  while (timed < high) {
    const middle = (timed + high) >>> 1
    if (selection.rowAt(middle) < segment.timedCount) timed = middle + 1
    else high = middle
  }
  return (index) => (index < timed ? selection.rowAt(timed - 1 - index) : selection.rowAt(size - 1 - (index - timed)))
}

/** Negative when event a comes before event b in the page's order. */
export function compareListOrder(aTime: number, aId: number, bTime: number, bId: number, descending: boolean): number {
  const aNone = Number.isNaN(aTime)
  const bNone = Number.isNaN(bTime)
  if (aNone !== bNone) return aNone ? 1 : -1
  const byTime = aNone ? 0 : aTime - bTime
  const order = byTime !== 0 ? byTime : aId - bId
  return descending ? -order : order
}

interface Head {
  readonly selection: Selection
  readonly rowAt: (index: number) => number
  readonly size: number
  position: number
}

function firstAfterCursor(head: Head, cursor: ListCursorPosition, descending: boolean): number {
  const { timeColumn: times, ids } = head.selection.segment
  const cursorTime = cursor.timeMs ?? Number.NaN
  let low = 0
  let high = head.size
  while (low < high) {
    const middle = (low + high) >>> 1
    const row = head.rowAt(middle)
    if (compareListOrder(times.time(row), ids[row]!, cursorTime, cursor.id, descending) <= 0) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * The events of one page, plus whether more follow.
 * @example listPage(selections, { descending: false, limit: 100 }).entries.length // ≤ 100
 */
export function listPage(
  selections: readonly Selection[],
  request: PageRequest,
): { entries: PageEntry[]; hasMore: boolean } {
  const heads: Head[] = selections
    .filter((selection) => selection.size > 0)
    .map((selection) => ({
      selection,
      rowAt: orderedRows(selection, request.descending),
      size: selection.size,
      position: 0,
    }))
  if (request.after) for (const head of heads) head.position = firstAfterCursor(head, request.after, request.descending)
  let skip = request.offset ?? 0
  if (heads.length === 1 && skip > 0) {
    heads[0]!.position += skip
    skip = 0
  }
  const entries: PageEntry[] = []
  for (;;) {
    let best: Head | undefined
    let bestTime = 0
    let bestId = 0
    for (const head of heads) {
      if (head.position >= head.size) continue
      const row = head.rowAt(head.position)
      const time = head.selection.segment.timeColumn.time(row)
      const id = head.selection.segment.ids[row]!
      if (best === undefined || compareListOrder(time, id, bestTime, bestId, request.descending) < 0) {
        best = head
        bestTime = time
        bestId = id
      }
    }
    if (best === undefined) return { entries, hasMore: false }
    if (entries.length === request.limit) return { entries, hasMore: true }
    best.position++
    if (skip > 0) {
      skip--
      continue
    }
    entries.push({ id: bestId, timeMs: Number.isNaN(bestTime) ? null : bestTime })
  }
}
