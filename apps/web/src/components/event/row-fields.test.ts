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

  describe('beside the file’s own text', () => {
    const schema = [
      { name: 'Date', type: 'date', dateFormat: { precision: 'day' } },
      { name: 'Year', type: 'date', dateFormat: { precision: 'year' } },
      { name: 'Participants', type: 'integer' },
      { name: 'City', type: 'string' },
      { name: 'Police', type: 'boolean' },
      { name: 'Notes', type: 'string' },
    ]

    it.each<[string, string, unknown, string | undefined, { text: string; written?: string }]>([
      [
        'a day-first date',
        'Date',
        '2024-04-03T00:00:00.000Z',
        '03/04/2024',
        { text: '3 April 2024', written: '03/04/2024' },
      ],
      [
        'a written date',
        'Date',
        '2024-04-07T00:00:00.000Z',
        'April 7, 2024',
        { text: '7 April 2024', written: 'April 7, 2024' },
      ],
      ['an ISO date, the same as read', 'Date', '2024-04-05T00:00:00.000Z', '2024-04-05', { text: '2024-04-05' }],
      [
        'a time with an offset',
        'Date',
        '2024-04-05T08:00:00.000Z',
        '2024-04-05 10:00+02:00',
        { text: '5 April 2024, 08:00 UTC', written: '2024-04-05 10:00+02:00' },
      ],
      ['a number with a thousands separator', 'Participants', 1234, '1,234', { text: '1234', written: '1,234' }],
      ['a number as written', 'Participants', 1234, '1234', { text: '1234' }],
      ['a null marker', 'Notes', null, 'NA', { text: '', written: 'NA' }],
      ['an empty cell', 'Notes', null, '', { text: '' }],
      ['text with spaces around it', 'City', 'Москва', '  Москва ', { text: 'Москва' }],
      ['a yes/no word', 'Police', true, 'Yes', { text: 'true', written: 'Yes' }],
      ['true as written', 'Police', true, 'TRUE', { text: 'TRUE' }],
    ])('%s', (_case, column, value, written, expected) => {
      const [field] = rowFields({ [column]: value }, schema, written === undefined ? undefined : { [column]: written })
      expect(field).toEqual({ key: column, ...expected })
    })

    it('writes a year column’s dates as years', () => {
      expect(rowFields({ Year: '1848-01-01T00:00:00.000Z' }, schema)).toEqual([{ key: 'Year', text: '1848' }])
    })

    it('reads dates as people write them also for events imported before the original was kept', () => {
      expect(rowFields({ Date: '2024-04-03T00:00:00.000Z' }, schema)).toEqual([{ key: 'Date', text: '3 April 2024' }])
    })

    it('ignores an original that is not an object', () => {
      expect(rowFields({ City: 'Paris' }, schema, ['Paris'])).toEqual([{ key: 'City', text: 'Paris' }])
    })
  })
})

describe('rowFields without a schema (the admin)', () => {
  it('knows dates by how imports store them', () => {
    expect(
      rowFields({ Date: '2024-04-03T00:00:00.000Z', Code: '2024-04-03' }, undefined, { Date: '03/04/2024' }),
    ).toEqual([
      { key: 'Date', text: '3 April 2024', written: '03/04/2024' },
      { key: 'Code', text: '2024-04-03' },
    ])
  })
})
