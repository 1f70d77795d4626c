import { describe, expect, it } from 'vitest'

import { fieldKindsOf, MAX_LISTED_VALUES, mergeFieldSamples, type FieldSample } from './field-samples'

const text = (strings: number, ...values: string[]): FieldSample => ({ strings, numbers: 0, values: new Set(values) })
const numbers = (count: number): FieldSample => ({ strings: 0, numbers: count, values: new Set() })
const manyValues = (from: number, count: number) => Array.from({ length: count }, (_, index) => `v${from + index}`)

describe('mergeFieldSamples', () => {
  it('adds the counts and unites the values of a field across datasets', () => {
    const merged = mergeFieldSamples([
      new Map([['kind', text(3, 'flood', 'fire')]]),
      new Map([
        ['kind', text(2, 'fire', 'storm')],
        ['depth', numbers(4)],
      ]),
    ])
    expect(merged.get('kind')).toEqual(text(5, 'flood', 'fire', 'storm'))
    expect(merged.get('depth')).toEqual(numbers(4))
  })

  it('keeps at most one value past the limit, enough to say "too many"', () => {
    const merged = mergeFieldSamples([
      new Map([['name', text(40, ...manyValues(0, 40))]]),
      new Map([['name', text(40, ...manyValues(40, 40))]]),
    ])
    expect(merged.get('name')!.values.size).toBe(MAX_LISTED_VALUES + 1)
  })
})

describe('fieldKindsOf', () => {
  it('lists repeated text as values, numbers as ranges, and leaves out free and mixed text', () => {
    const kinds = fieldKindsOf(
      new Map([
        ['kind', text(5, 'flood', 'fire')],
        ['depth', numbers(4)],
        ['note', text(3, 'a', 'b', 'c')],
        ['name', text(80, ...manyValues(0, MAX_LISTED_VALUES + 1))],
        ['mixed', { strings: 2, numbers: 2, values: new Set(['x']) }],
      ]),
    )
    expect(kinds).toEqual({ valueKeys: ['kind'], numberKeys: ['depth'] })
  })
})
