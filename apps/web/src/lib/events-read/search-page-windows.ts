/**
 * The time windows a page of a search with many matches is looked for in. Walking the time index
 * and searching each event's text on the way costs some 25 µs an event walked past: a word in 1 %
 * of ten million events makes a page of 100 walk 10,000 events. Fetching every match and sorting
 * costs some 3 µs a match, 100,000 of them. A window of time the page is likely to fit in lets the
 * database AND the search index's matches with the time index's events in the window and read
 * only the rows in both; windows double until the page is full or the range is covered.
 * @module
 */

/** Half-open `[fromMs, toMs)` in epoch milliseconds. */
export interface TimeWindow {
  readonly fromMs: number
  readonly toMs: number
}

/** What the first window is sized from. */
export interface WindowPlan {
  /** The first and last event time of the read's datasets (epoch ms), or where a cursor stands. */
  readonly firstMs: number
  readonly lastMs: number
  /** Whether the page runs from the latest event back. */
  readonly descending: boolean
  /** Rows the page needs: those it skips, its own, and one to tell whether more follow. */
  readonly needed: number
  /** The planner's estimate of the search's matches. */
  readonly matches: number
}

/**
 * How many times the events the page needs, at the search's estimated share of events, the first
 * window should hold: the estimate and the spread of matches over time are rough.
 */
export const FIRST_WINDOW_MARGIN = 4

/**
 * The windows from the page's start to the end of the range, in the page's order, each twice as
 * long as the one before; the first holds about {@link FIRST_WINDOW_MARGIN} times the events the
 * page needs if events were spread evenly over the range.
 * @example [...searchPageWindows({ firstMs: 0, lastMs: 999, descending: false, needed: 101, matches: 1_000 })]
 * // [{ fromMs: 0, toMs: 404 }, { fromMs: 404, toMs: 1000 }]
 */
export function* searchPageWindows(plan: WindowPlan): Generator<TimeWindow> {
  const { firstMs, lastMs, descending, needed, matches } = plan
  if (!(lastMs >= firstMs)) return
  // The range is closed; its windows are half-open, so the last one ends past lastMs.
  const start = Math.floor(firstMs)
  const end = Math.floor(lastMs) + 1
  const share = matches > 0 ? Math.min(1, (FIRST_WINDOW_MARGIN * needed) / matches) : 1
  let span = Math.max(1, Math.ceil((end - start) * share))
  let edge = descending ? end : start
  while (descending ? edge > start : edge < end) {
    const next = descending ? Math.max(start, edge - span) : Math.min(end, edge + span)
    yield descending ? { fromMs: next, toMs: edge } : { fromMs: edge, toMs: next }
    edge = next
    span *= 2
  }
}
