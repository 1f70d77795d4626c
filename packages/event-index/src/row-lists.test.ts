import { describe, expect, it } from 'vitest'

import {
  decodeRows,
  decodeRowsInto,
  groupRows,
  groupSlice,
  lowerBound,
  rowListsBytes,
  sortDistinctRows,
} from './row-lists'
import { seededRandom } from './test-segments'

/**
 * Compares rows one by one and names the first difference: `toEqual` on arrays of
 * hundreds of thousands of rows, hundreds of times, costs seconds for the same check.
 */
function expectSameRows(actual: ArrayLike<number>, expected: ArrayLike<number>, what: string): void {
  const length = Math.max(actual.length, expected.length)
  for (let index = 0; index < length; index++) {
    if (actual[index] !== expected[index]) {
      expect.fail(
        `${what}: row ${index} is ${actual[index]}, expected ${expected[index]} (lengths ${actual.length} and ${expected.length})`,
      )
    }
  }
}

describe('row lists', () => {
  const lists = groupRows(Int32Array.of(2, 0, 2, -1, 0, 2), 3)

  it('groups rows by key, ascending within a group, leaving out rows without one', () => {
    expect([...lists.starts]).toEqual([0, 2, 2, 5])
    expect([...decodeRows(lists, 0, 5)]).toEqual([1, 4, 0, 2, 5])
    expect([...decodeRows(lists, 1, 4)]).toEqual([4, 0, 2])
  })

  it('gives back every group and every slice of random lists over many 65,536-row stretches', () => {
    for (const [size, groups, seed] of [
      [300_000, 8, 1],
      [200_000, 3000, 2],
      [70_000, 1, 3],
      [140_000, 65_536, 4],
      [10, 4, 5],
    ] as const) {
      const random = seededRandom(seed)
      // Some groups dense, some sparse, some empty, rows without a group.
      const keys = Int32Array.from({ length: size }, () => (random() < 0.1 ? -1 : Math.floor(random() ** 3 * groups)))
      const lists = groupRows(keys, groups)
      const expected: number[][] = Array.from({ length: groups }, () => [])
      keys.forEach((key, row) => key >= 0 && expected[key]!.push(row))
      const all = expected.flat()
      expectSameRows(decodeRows(lists, 0, all.length), all, `all groups (seed ${seed})`)
      for (let trial = 0; trial < 300; trial++) {
        const group = Math.floor(random() * groups)
        const rows = expected[group]!
        expectSameRows(decodeRows(lists, lists.starts[group]!, lists.starts[group + 1]!), rows, `group ${group}`)
        const low = Math.floor(random() * (size + 2))
        const high = low + Math.floor(random() * (size + 2 - low))
        const [from, to] = groupSlice(lists, group, low, high)
        const inRange = rows.filter((row) => row >= low && row < high)
        expectSameRows(decodeRows(lists, from, to), inRange, `group ${group} rows ${low}–${high}`)
        const start = Math.floor(random() * all.length)
        const end = start + Math.floor(random() * Math.min(5000, all.length - start))
        const out = new Int32Array(end - start + 3)
        decodeRowsInto(lists, start, end, out, 3)
        expectSameRows(out.subarray(3), all.slice(start, end), `entries ${start}–${end}`)
      }
      // Two bytes an entry, and a run per group and 65,536-row stretch it has rows in.
      const runs = expected.reduce((sum, rows) => sum + new Set(rows.map((row) => row >>> 16)).size, 0)
      expect(rowListsBytes(lists)).toBe(4 * (groups + 1) + 2 * all.length + 6 * runs)
    }
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
