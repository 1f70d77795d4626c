import { describe, expect, it } from 'vitest'

import { fieldLabel, rangeStep, setFieldRange, toggleFieldValue, valueOptions, VALUES_SHOWN } from './filter-fields'

describe('fieldLabel', () => {
  it.each<[string, string]>([
    ['kind', 'Kind'],
    ['event_type', 'Event type'],
    ['eventType', 'Event type'],
    ['address.postCode', 'Address › post code'],
    ['HTTP-status', 'Http status'],
    ['Number of people', 'Number of people'],
  ])('%j → %j', (path, label) => {
    expect(fieldLabel(path)).toBe(label)
  })
})

describe('toggleFieldValue', () => {
  it('adds a value, sorted, keeping other fields', () => {
    const before = { kind: { kind: 'values' as const, values: ['Strike'] }, age: { kind: 'range' as const, min: 3 } }
    expect(toggleFieldValue(before, 'kind', 'March', true)).toEqual({
      kind: { kind: 'values', values: ['March', 'Strike'] },
      age: { kind: 'range', min: 3 },
    })
  })

  it('drops the condition with its last value', () => {
    expect(toggleFieldValue({ kind: { kind: 'values', values: ['March'] } }, 'kind', 'March', false)).toEqual({})
  })

  it('replaces a range on the same path', () => {
    expect(toggleFieldValue({ kind: { kind: 'range', min: 1 } }, 'kind', '2', true)).toEqual({
      kind: { kind: 'values', values: ['2'] },
    })
  })
})

describe('setFieldRange', () => {
  const extent = { min: 0, max: 100 }
  it.each<[{ min?: number; max?: number }, unknown]>([
    [{ min: 10, max: 50 }, { n: { kind: 'range', min: 10, max: 50 } }],
    [{ min: 0, max: 50 }, { n: { kind: 'range', max: 50 } }],
    [{ min: 10, max: 100 }, { n: { kind: 'range', min: 10 } }],
    [{ min: -5, max: 200 }, {}],
    [{}, {}],
    [{ min: 60, max: 20 }, { n: { kind: 'range', min: 20, max: 60 } }],
  ])('%j', (range, expected) => {
    expect(setFieldRange({ n: { kind: 'range', min: 1 } }, 'n', range, extent)).toEqual(expected)
  })
})

describe('rangeStep', () => {
  it.each<[number, number, number]>([
    [1, 17613, 1],
    [0, 100, 1],
    [2, 7, 0.01],
    [2, 7.5, 0.01],
    [1000, 250000.5, 1000],
    [-42.69, 63.7, 1],
    [0, 0.5, 0.001],
    [3.5, 3.5, 1],
  ])('%d to %d', (min, max, step) => {
    expect(rangeStep(min, max)).toBeCloseTo(step, 10)
  })
})

describe('valueOptions', () => {
  const listed = Array.from({ length: 14 }, (_, i) => ({ value: `v${i}`, count: 100 - i }))

  it('shows the first ten, with chosen ones beyond them at the end', () => {
    const options = valueOptions(listed, ['v12', 'v1', 'gone'], false)
    expect(options).toHaveLength(VALUES_SHOWN + 2)
    expect(options[1]).toEqual({ value: 'v1', count: 99, checked: true })
    expect(options.slice(-2)).toEqual([
      { value: 'v12', count: 88, checked: true },
      { value: 'gone', count: null, checked: true },
    ])
  })

  it('shows every value when asked', () => {
    expect(valueOptions(listed, [], true)).toHaveLength(14)
  })
})
