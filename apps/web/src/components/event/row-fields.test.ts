import { describe, expect, it } from 'vitest'

import { cellText, rowFields } from './row-fields'

describe('cellText', () => {
  it.each<[unknown, string]>([
    ['Delhi', 'Delhi'],
    ['', ''],
    [6.9, '6.9'],
    [0, '0'],
    [false, 'false'],
    [null, ''],
    [undefined, ''],
    [{ type: 'Point', coordinates: [1, 2] }, '{"type":"Point","coordinates":[1,2]}'],
    [['a', 'b'], '["a","b"]'],
  ])('%o → %s', (value, expected) => {
    expect(cellText(value)).toBe(expected)
  })
})

describe('rowFields', () => {
  const row = { id: 'p-1', city: 'Delhi', date: '2020-05-24', magnitude: 4 }

  it('follows the schema’s column order', () => {
    const schema = [{ name: 'date' }, { name: 'city' }, { name: 'id' }, { name: 'magnitude' }]
    expect(rowFields(row, schema).map((field) => field.key)).toEqual(['date', 'city', 'id', 'magnitude'])
  })

  it('puts fields the schema does not list after, and skips schema fields the row lacks', () => {
    const schema = [{ name: 'date' }, { name: 'gone' }, { name: 'city' }]
    expect(rowFields(row, schema).map((field) => field.key)).toEqual(['date', 'city', 'id', 'magnitude'])
  })

  it('keeps the row’s order without a readable schema', () => {
    expect(rowFields(row, 17)).toEqual([
      { key: 'id', text: 'p-1' },
      { key: 'city', text: 'Delhi' },
      { key: 'date', text: '2020-05-24' },
      { key: 'magnitude', text: '4' },
    ])
  })

  it.each([null, 'text', [1, 2]])('has no fields for %o', (data) => {
    expect(rowFields(data)).toEqual([])
  })
})
