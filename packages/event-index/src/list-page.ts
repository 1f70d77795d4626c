/**
 * A page of the list from selections of several segments: each selection is already in list order,
 * so the page is a merge of their heads, starting after a keyset cursor or at an offset.
 * @module
 */
import type { EventSegment } from './event-segment'
import { FIRST_STRETCH_ROWS, LAST_STRETCH_ROWS, type RowWalk, type Selection } from './row-selection'

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

/** Negative when event a comes before event b in the page's order. */
export function compareListOrder(aTime: number, aId: number, bTime: number, bId: number, descending: boolean): number {
  const aNone = Number.isNaN(aTime)
  const bNone = Number.isNaN(bTime)
  if (aNone !== bNone) return aNone ? 1 : -1
  const byTime = aNone ? 0 : aTime - bTime
  const order = byTime !== 0 ? byTime : aId - bId
  return descending ? -order : order
}

/** A selection's rows in the page's order, one at a time. */
interface Head {
  readonly segment: EventSegment
  /** The row the head is at, or -1 when it is past its last. */
  row(): number
  advance(): void
  /** Skips up to `count` rows at once, when the head can; returns how many it skipped. */
  skip(count: number): number
}

// A listed selection's rows: list order, or for descending time the timed rows backwards and then
// the rows without a time backwards (id descending, still last).
class ListedHead implements Head {
  readonly segment: EventSegment
  private readonly rowAt: (index: number) => number
  private readonly size: number
  private position = 0

  constructor(selection: Selection, request: PageRequest) {
    this.segment = selection.segment
    this.size = selection.size
    const { descending } = request
    if (!descending) this.rowAt = (index) => selection.rowAt(index)
    else {
      const { timedCount } = this.segment
      const size = this.size
      let timed = 0
      let high = size
      while (timed < high) {
        const middle = (timed + high) >>> 1
        if (selection.rowAt(middle) < timedCount) timed = middle + 1
        else high = middle
      }
      this.rowAt = (index) =>
        index < timed ? selection.rowAt(timed - 1 - index) : selection.rowAt(size - 1 - (index - timed))
    }
    if (request.after) this.position = this.firstAfter(request.after, descending)
  }

  row(): number {
    return this.position < this.size ? this.rowAt(this.position) : -1
  }

  advance(): void {
    this.position++
  }

  skip(count: number): number {
    const skipped = Math.min(count, this.size - this.position)
    this.position += skipped
    return skipped
  }

  private firstAfter(cursor: ListCursorPosition, descending: boolean): number {
    const { timeColumn: times, ids } = this.segment
    const cursorTime = cursor.timeMs ?? Number.NaN
    let low = 0
    let high = this.size
    while (low < high) {
      const middle = (low + high) >>> 1
      const row = this.rowAt(middle)
      if (compareListOrder(times.time(row), ids[row]!, cursorTime, cursor.id, descending) <= 0) low = middle + 1
      else high = middle
    }
    return low
  }
}

// A wide selection's rows found by walking the segment's rows in the page's order, a stretch at a
// time, so a page reads about as many rows as it shows divided by the share that pass.
class WalkingHead implements Head {
  readonly segment: EventSegment
  private readonly walk: RowWalk
  private readonly descending: boolean
  /** Stretches of rows still to walk, in the page's order, each `[from, to)` ascending. */
  private readonly pieces: Array<[number, number]>
  private stretch = FIRST_STRETCH_ROWS
  private buffer = new Int32Array(0)
  private held = 0
  private at = 0

  constructor(selection: Selection, walk: RowWalk, request: PageRequest) {
    this.segment = selection.segment
    this.walk = walk
    this.descending = request.descending
    const { timedCount } = this.segment
    const { low, high } = walk
    const timedEnd = Math.max(low, Math.min(high, timedCount))
    // Rows with a time, then rows without one; backwards for a descending page.
    const pieces: Array<[number, number]> = [
      [low, timedEnd],
      [timedEnd, high],
    ]
    this.pieces = pieces
      .map(([from, to]): [number, number] => (request.after ? this.afterCursor(from, to, request.after) : [from, to]))
      .filter(([from, to]) => to > from)
    this.fill()
  }

  row(): number {
    return this.at < this.held ? this.buffer[this.descending ? this.held - 1 - this.at : this.at]! : -1
  }

  advance(): void {
    this.at++
    if (this.at >= this.held) this.fill()
  }

  skip(count: number): number {
    let skipped = 0
    while (skipped < count && this.at < this.held) {
      const step = Math.min(count - skipped, this.held - this.at)
      skipped += step
      this.at += step
      if (this.at >= this.held) this.fill()
    }
    return skipped
  }

  // The rows of a piece that come after the cursor in the page's order: they are a tail of it
  // going up, a head going down (list order is row order within a piece).
  private afterCursor(from: number, to: number, cursor: ListCursorPosition): [number, number] {
    const { timeColumn: times, ids } = this.segment
    const cursorTime = cursor.timeMs ?? Number.NaN
    const after = (row: number) =>
      compareListOrder(times.time(row), ids[row]!, cursorTime, cursor.id, this.descending) > 0
    let low = from
    let high = to
    // Going up, the first row after the cursor; going down, the first that is not.
    while (low < high) {
      const middle = (low + high) >>> 1
      if (after(middle) === this.descending) low = middle + 1
      else high = middle
    }
    return this.descending ? [from, low] : [low, to]
  }

  // Walks stretches until one holds a selected row, or the pieces run out.
  private fill(): void {
    this.at = 0
    this.held = 0
    while (this.held === 0 && this.pieces.length > 0) {
      const piece = this.pieces[0]!
      const [from, to] = piece
      const length = Math.min(this.stretch, to - from)
      if (this.buffer.length < length) this.buffer = new Int32Array(Math.min(LAST_STRETCH_ROWS, this.stretch))
      const start = this.descending ? to - length : from
      this.held = this.walk.keep(start, start + length, this.buffer)
      if (this.descending) piece[1] = start
      else piece[0] = start + length
      if (piece[1] <= piece[0]) this.pieces.shift()
      this.stretch = Math.min(LAST_STRETCH_ROWS, this.stretch * 2)
    }
  }
}

/**
 * The events of one page, plus whether more follow.
 * @example listPage(selections, { descending: false, limit: 100 }).entries.length // ≤ 100
 */
export function listPage(
  selections: readonly Selection[],
  request: PageRequest,
): { entries: PageEntry[]; hasMore: boolean } {
  const heads: Head[] = selections.map((selection) =>
    selection.walk ? new WalkingHead(selection, selection.walk, request) : new ListedHead(selection, request),
  )
  let skip = request.offset ?? 0
  if (heads.length === 1 && skip > 0) skip -= heads[0]!.skip(skip)
  const entries: PageEntry[] = []
  for (;;) {
    let best: Head | undefined
    let bestTime = 0
    let bestId = 0
    for (const head of heads) {
      const row = head.row()
      if (row < 0) continue
      const time = head.segment.timeColumn.time(row)
      const id = head.segment.ids[row]!
      if (best === undefined || compareListOrder(time, id, bestTime, bestId, request.descending) < 0) {
        best = head
        bestTime = time
        bestId = id
      }
    }
    if (best === undefined) return { entries, hasMore: false }
    if (entries.length === request.limit) return { entries, hasMore: true }
    best.advance()
    if (skip > 0) {
      skip--
      continue
    }
    entries.push({ id: bestId, timeMs: Number.isNaN(bestTime) ? null : bestTime })
  }
}
