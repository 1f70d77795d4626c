import { describe, expect, it } from 'vitest'

import { DISTINCT_EXACT_CAP, DistinctValues, type DistinctValuesState } from './distinct-values'

function countAll(values: readonly string[]): DistinctValues {
  const distinct = new DistinctValues()
  for (const value of values) if (distinct.countRepeat(value) === undefined) distinct.addNew(value, 'string')
  return distinct
}

describe('DistinctValues', () => {
  it('counts exactly below the cap, with occurrences', () => {
    const distinct = countAll(['a', 'b', 'a', 'c', 'a', 'b'])
    expect([distinct.count, distinct.isExact]).toEqual([3, true])
    expect(distinct.topValues(2)).toEqual([
      { value: 'a', count: 3 },
      { value: 'b', count: 2 },
    ])
  })

  it('caches the kind of a value seen before', () => {
    const distinct = new DistinctValues()
    distinct.addNew('12', 'numeric')
    expect(distinct.countRepeat('12')).toBe('numeric')
    expect(distinct.countRepeat('13')).toBeUndefined()
  })

  it.each([20_000, 100_000])('estimates %d distinct values within 15%% once past the cap', (size) => {
    const values = Array.from({ length: size }, (_, index) => `value ${index}`)
    const distinct = countAll(values)
    expect(distinct.isExact).toBe(false)
    expect(distinct.topValues(5)).toBeUndefined()
    expect(Math.abs(distinct.count - size) / size).toBeLessThan(0.15)
  })

  it('keeps the state within the cap (memory is bounded)', () => {
    const distinct = countAll(Array.from({ length: DISTINCT_EXACT_CAP * 3 }, (_, index) => String(index)))
    const state = distinct.state()
    expect(state.exact).toBeNull()
    expect(state.sketch?.length).toBeLessThanOrEqual(256)
  })

  it('continues from a JSON round trip of its state', () => {
    const first = countAll(['a', 'b'])
    const restored = new DistinctValues(JSON.parse(JSON.stringify(first.state())) as DistinctValuesState)
    restored.countRepeat('a')
    restored.addNew('c', 'string')
    expect(restored.count).toBe(3)
    expect(restored.topValues(1)).toEqual([{ value: 'a', count: 2 }])
  })
})
