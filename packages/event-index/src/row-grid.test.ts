import { finestCellX } from '@chronotope/filters'
import { describe, expect, it } from 'vitest'

import { gridCellOf } from './event-segment'
import { searchGridOf, ValueGridCache } from './row-grid'
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

describe('ValueGridCache', () => {
  const segment = segmentOf(2, randomEvents(5_000, 1, seededRandom(7)))
  const column = segment.field('category')!
  const codes = ['quake', 'flood', 'storm'].map((value) => column.dictionary.indexOf(value))

  it("groups a value's located rows by coarse grid cell", () => {
    const { cells, starts, rows } = new ValueGridCache().gridOf(segment, column, codes[0]!)
    expect(starts).toHaveLength(cells.length + 1)
    const ofValue = [...segment.ids.keys()].filter(
      (row) => column.codes[row] === codes[0] && !Number.isNaN(segment.longitudes[row]!),
    )
    expect([...rows].sort((a, b) => a - b)).toEqual(ofValue)
    cells.forEach((cell, index) => {
      for (const row of rows.subarray(starts[index], starts[index + 1]))
        expect(gridCellOf(finestCellX(segment.longitudes[row]!), segment.cellY[row]!)).toBe(cell)
    })
  })

  it('keeps each grid once, per column and value, and forgets the least recently used past its bytes', () => {
    const oneGridBytes = (grid: { cells: Int32Array; starts: Int32Array; rows: Int32Array }) =>
      grid.cells.byteLength + grid.starts.byteLength + grid.rows.byteLength
    const sizes = codes.map((code) => oneGridBytes(new ValueGridCache().gridOf(segment, column, code)))
    // Room for the two largest, not for three.
    const cache = new ValueGridCache(sizes[0]! + sizes[1]! + sizes[2]! - Math.min(...sizes))
    const first = cache.gridOf(segment, column, codes[0]!)
    expect(cache.gridOf(segment, column, codes[0]!)).toBe(first)
    const second = cache.gridOf(segment, column, codes[1]!)
    expect(cache.bytes).toBe(sizes[0]! + sizes[1]!)
    // The first is used again, so the second is the least recently used when the third comes.
    cache.gridOf(segment, column, codes[0]!)
    cache.gridOf(segment, column, codes[2]!)
    expect(cache.size).toBe(2)
    expect(cache.bytes).toBe(sizes[0]! + sizes[2]!)
    expect(cache.gridOf(segment, column, codes[0]!)).toBe(first)
    expect(cache.gridOf(segment, column, codes[1]!)).not.toBe(second)
    // Another column of the same values is another grid.
    const other = segmentOf(2, randomEvents(5_000, 1, seededRandom(7))).field('category')!
    expect(cache.gridOf(segment, other, codes[0]!)).not.toBe(first)
  })

  it('keeps the newest grid even when it alone is past the bytes', () => {
    const cache = new ValueGridCache(1)
    const grid = cache.gridOf(segment, column, codes[0]!)
    expect(cache.size).toBe(1)
    expect(cache.gridOf(segment, column, codes[0]!)).toBe(grid)
  })
})
