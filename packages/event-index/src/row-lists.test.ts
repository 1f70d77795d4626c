import { describe, expect, it } from 'vitest'

import { groupRows, groupSlice, lowerBound } from './row-lists'

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
})
