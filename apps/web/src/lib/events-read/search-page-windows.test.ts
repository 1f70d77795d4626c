import { describe, expect, it } from 'vitest'

import { FIRST_WINDOW_MARGIN, searchPageWindows, type TimeWindow, type WindowPlan } from './search-page-windows'

const windows = (plan: WindowPlan): TimeWindow[] => [...searchPageWindows(plan)]

// Every instant of the closed range lies in exactly one window, and the windows run in the page's order.
function expectTiling(list: readonly TimeWindow[], firstMs: number, lastMs: number, descending: boolean): void {
  const ordered = descending ? [...list].reverse() : list
  expect(ordered[0]!.fromMs).toBe(Math.floor(firstMs))
  expect(ordered.at(-1)!.toMs).toBe(Math.floor(lastMs) + 1)
  for (let index = 1; index < ordered.length; index++) expect(ordered[index]!.fromMs).toBe(ordered[index - 1]!.toMs)
  for (const window of list) expect(window.toMs).toBeGreaterThan(window.fromMs)
}

describe('searchPageWindows', () => {
  it('sizes the first window for a few times the page at the search’s share, then doubles', () => {
    // Fifty years of events, a word in 1 % of ten million: a page of 101 rows.
    const firstMs = Date.UTC(1970, 0, 1)
    const lastMs = Date.UTC(2019, 11, 31, 23, 59, 59, 999)
    const list = windows({ firstMs, lastMs, descending: false, needed: 101, matches: 100_000 })
    const range = lastMs + 1 - firstMs
    expect(list[0]!.fromMs).toBe(firstMs)
    expect(list[0]!.toMs - list[0]!.fromMs).toBe(Math.ceil((range * FIRST_WINDOW_MARGIN * 101) / 100_000))
    for (let index = 1; index < list.length - 1; index++) {
      const span = list[index]!.toMs - list[index]!.fromMs
      expect(span).toBe(2 * (list[index - 1]!.toMs - list[index - 1]!.fromMs))
    }
    expectTiling(list, firstMs, lastMs, false)
    // Doubling reaches the end in a handful of queries, not one per window's worth of events.
    expect(list.length).toBeLessThanOrEqual(10)
  })

  it('runs from the latest event back for a descending page', () => {
    const list = windows({ firstMs: 0, lastMs: 9_999, descending: true, needed: 11, matches: 1_100 })
    expect(list[0]).toEqual({ fromMs: 9_600, toMs: 10_000 })
    expect(list[1]).toEqual({ fromMs: 8_800, toMs: 9_600 })
    expectTiling(list, 0, 9_999, true)
  })

  it('takes the whole range at once when the page needs about as many rows as match', () => {
    expect(windows({ firstMs: 5, lastMs: 50, descending: false, needed: 101, matches: 300 })).toEqual([
      { fromMs: 5, toMs: 51 },
    ])
    expect(windows({ firstMs: 5, lastMs: 50, descending: true, needed: 1, matches: 0 })).toEqual([
      { fromMs: 5, toMs: 51 },
    ])
  })

  it('covers instants between milliseconds and a range of one instant', () => {
    // PostgreSQL keeps microseconds: 1.5 ms lies in [1, 2), and the last instant in the last window.
    expectTiling(windows({ firstMs: 1.5, lastMs: 7.25, descending: false, needed: 1, matches: 1e6 }), 1.5, 7.25, false)
    expect(windows({ firstMs: 42, lastMs: 42, descending: true, needed: 1, matches: 1e6 })).toEqual([
      { fromMs: 42, toMs: 43 },
    ])
  })

  it('yields nothing for an empty range', () => {
    expect(windows({ firstMs: 10, lastMs: 9, descending: false, needed: 1, matches: 1 })).toEqual([])
    expect(windows({ firstMs: Number.NaN, lastMs: 9, descending: false, needed: 1, matches: 1 })).toEqual([])
  })

  it('stays a few windows long for ranges from before the Common Era to the far future', () => {
    const firstMs = Date.UTC(-5000, 0, 1)
    const lastMs = Date.UTC(9999, 11, 31)
    const list = windows({ firstMs, lastMs, descending: false, needed: 101, matches: 10_000_000 })
    expectTiling(list, firstMs, lastMs, false)
    expect(list.length).toBeLessThanOrEqual(20)
  })
})
