import { describe, expect, it } from 'vitest'

import { groupRows, groupSlice, lowerBound, sortDistinctRows } from './row-lists'
import { seededRandom } from './test-segments'

describe('row lists', () => {
  const lists = groupRows(Int32Array.of(2, 0, 2, -1, 0, 2), 3)

  it('groups rows by key, ascending within a group, leaving out rows without one', () => {
    expect([...lists.starts]).toEqual([0, 2, 2, 5])
    expect([...lists.rows]).toEqual([1, 4, 0, 2, 5])
  })

  it('cuts a group to a range of rows', () => {
    expect(groupSlice(lists, 2, 1, 5)).toEqual([3, 4])
    expect(groupSlice(lists, 1, 0, 6)).toEqual([2, 2])
    expect(groupSlice(lists, 0, 0, 6)).toEqual([0, 2])
  })

  it('finds the first row at or after a value', () => {
    expect(lowerBound(Int32Array.of(1, 3, 3, 7), 0, 4, 3)).toBe(1)
    expect(lowerBound(Int32Array.of(1, 3, 3, 7), 0, 4, 8)).toBe(4)
  })

  it.each([
    ['dense', 5_000, 6_000],
    ['sparse', 500, 1_000_000],
  ])('sorts %s distinct rows ascending', (_, count, range) => {
    const random = seededRandom(count)
    const picked = new Set<number>()
    while (picked.size < count) picked.add(1_000 + Math.floor(random() * range))
    const rows = Int32Array.from(picked)
    expect([...sortDistinctRows(rows)]).toEqual([...picked].sort((a, b) => a - b))
    expect([...sortDistinctRows(Int32Array.of(9))]).toEqual([9])
    expect([...sortDistinctRows(new Int32Array(0))]).toEqual([])
  })
})
