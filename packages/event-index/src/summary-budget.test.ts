import { describe, expect, it } from 'vitest'

import { FINE_CELLS_MAX_BYTES } from './aggregations'
import { VALUE_GRIDS_MAX_BYTES, valueGrids } from './row-grid'
import { budgetKeptSummaries } from './summary-budget'
import { randomEvents, seededRandom, segmentOf } from './test-segments'

const MB = 1024 * 1024

describe('budgetKeptSummaries', () => {
  it("gives the kept summaries a share of a small index's limit, and their defaults past that", () => {
    expect(budgetKeptSummaries(256 * MB)).toEqual({ valueGrids: 16 * MB, fineCells: 8 * MB })
    expect(budgetKeptSummaries(8192 * MB)).toEqual({
      valueGrids: VALUE_GRIDS_MAX_BYTES,
      fineCells: FINE_CELLS_MAX_BYTES,
    })
  })

  it("forgets the values' grids past a budget cut below what they hold", () => {
    const segment = segmentOf(5, randomEvents(5_000, 1, seededRandom(3)))
    const column = segment.field('category')!
    budgetKeptSummaries(8192 * MB)
    for (const value of ['quake', 'flood', 'storm'])
      valueGrids.gridOf(segment, column, column.dictionary.indexOf(value))
    expect(valueGrids.size).toBeGreaterThanOrEqual(3)
    // A sixteenth of 16 bytes: none fits, so only the newest stays.
    budgetKeptSummaries(16)
    expect(valueGrids.size).toBe(1)
    budgetKeptSummaries(8192 * MB)
  })
})
