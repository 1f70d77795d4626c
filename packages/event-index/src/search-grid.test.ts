import { finestCellX } from '@chronotope/filters'
import { describe, expect, it } from 'vitest'

import { gridCellOf } from './event-segment'
import { searchGridOf } from './search-grid'
import { randomEvents, seededRandom, segmentOf } from './test-segments'

describe('searchGridOf', () => {
  const segment = segmentOf(1, randomEvents(5_000, 1, seededRandom(5)))
  const matched = Int32Array.from({ length: segment.size }, (_, row) => row).filter((row) => row % 3 === 0)

  it("groups the located matches by coarse grid cell, each cell's rows ascending", () => {
    const { cells, starts, rows } = searchGridOf(segment, matched)
    expect(starts).toHaveLength(cells.length + 1)
    expect([...cells]).toEqual([...cells].sort((a, b) => a - b))
    expect(new Set(cells).size).toBe(cells.length)
    cells.forEach((cell, index) => {
      const ofCell = [...rows.subarray(starts[index], starts[index + 1])]
      expect(ofCell.length).toBeGreaterThan(0)
      expect(ofCell).toEqual([...ofCell].sort((a, b) => a - b))
      for (const row of ofCell)
        expect(gridCellOf(finestCellX(segment.longitudes[row]!), segment.cellY[row]!)).toBe(cell)
    })
    // Every located match once; a match without a location is in no map view.
    const located = [...matched].filter((row) => !Number.isNaN(segment.longitudes[row]!))
    expect(located.length).toBeLessThan(matched.length)
    expect([...rows].sort((a, b) => a - b)).toEqual(located)
  })

  it('is built once per list of matches', () => {
    expect(searchGridOf(segment, matched)).toBe(searchGridOf(segment, matched))
    expect(searchGridOf(segment, matched.slice())).not.toBe(searchGridOf(segment, matched))
  })
})
