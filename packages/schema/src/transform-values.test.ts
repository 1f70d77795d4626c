import { describe, expect, it } from 'vitest'

import type { CellValue } from './cell-value'
import { UnknownFieldType } from './errors'
import { createRowTransformer } from './transform-values'
import type { TypedValue } from './transform-values'
import type { FieldType, SchemaField } from './types'

const statistics = {
  count: 1,
  nullCount: 0,
  emptyCount: 0,
  nullRate: 0,
  distinctCount: 1,
  isDistinctCountExact: true,
  examples: [],
  typeCounts: {},
}

function field(type: FieldType, extra: Partial<SchemaField> = {}): SchemaField {
  return { name: 'v', type, nullable: true, statistics, ...extra }
}

const dmyDates = field('date', {
  dateFormat: {
    kind: 'numeric',
    order: 'DMY',
    isAmbiguousOrder: false,
    matchRate: 1,
    precision: 'day',
    hasTimeZone: false,
    reason: 'test',
  },
})
const excelDates = field('date', {
  dateFormat: {
    kind: 'excel-serial',
    isAmbiguousOrder: false,
    matchRate: 1,
    precision: 'day',
    hasTimeZone: false,
    reason: 'test',
  },
})
const hugeText = '9'.repeat(1_000_000)

describe('createRowTransformer', () => {
  it.each<[string, SchemaField, CellValue, TypedValue, string | undefined]>([
    ['integer', field('integer'), '1234', 1234, undefined],
    ['integer with thousands commas', field('integer'), '1,234', 1234, undefined],
    ['integer with spaces', field('integer'), '1 234', 1234, undefined],
    ['integer with currency', field('integer'), '$1,200', 1200, undefined],
    ['integer from a spreadsheet number', field('integer'), 42, 42, undefined],
    ['integer given a fraction', field('integer'), '1.5', null, 'invalid-integer'],
    ['integer given words', field('integer'), 'twelve', null, 'invalid-integer'],
    ['number with decimal comma', field('number', { decimalSeparator: ',' }), '1.234,5', 1234.5, undefined],
    ['number with percent', field('number'), '12%', 12, undefined],
    ['number in accounting negative', field('number'), '(12.5)', -12.5, undefined],
    ['number overflowing', field('number'), '1e400', null, 'invalid-number'],
    ['number NaN cell', field('number'), Number.NaN, null, 'invalid-number'],
    ['number from huge text', field('number'), hugeText, null, 'invalid-number'],
    ['boolean word', field('boolean'), 'Oui', true, undefined],
    ['boolean digit', field('boolean'), '0', false, undefined],
    ['boolean cell', field('boolean'), true, true, undefined],
    ['boolean number 2', field('boolean'), 2, null, 'invalid-boolean'],
    ['boolean garbage', field('boolean'), 'maybe', null, 'invalid-boolean'],
    ['date, day first', dmyDates, '31/12/2020', '2020-12-31T00:00:00.000Z', undefined],
    ['date, invalid calendar day', dmyDates, '31/02/2021', null, 'invalid-date'],
    ['date, Excel serial cell', excelDates, 44197, '2021-01-01T00:00:00.000Z', undefined],
    ['date, boolean cell', dmyDates, true, null, 'invalid-date'],
    ['date, script tag', dmyDates, '<script>alert(1)</script>', null, 'invalid-date'],
    ['latitude, DMS', field('coordinate', { role: 'latitude' }), '40°26′46″N', 40.446111, undefined],
    ['latitude, garbage', field('coordinate', { role: 'latitude' }), '12abc', null, 'invalid-coordinate'],
    [
      'combined coordinates stay text',
      field('coordinate', { role: 'coordinates' }),
      ' 40.7, -74.0 ',
      '40.7, -74.0',
      undefined,
    ],
    ['string trimmed', field('string'), '  Paris ', 'Paris', undefined],
    ['string from number', field('string'), 12, '12', undefined],
    ['enum keeps unseen values', field('enum', { enumValues: ['a'] }), 'b', 'b', undefined],
    ['mixed keeps text', field('mixed'), '12abc', '12abc', undefined],
    ['id keeps leading zeros', field('id'), '007', '007', undefined],
    ['null marker', field('integer'), 'N/A', null, undefined],
    ['dash null marker', field('number'), '-', null, undefined],
    ['empty', field('date'), '   ', null, undefined],
    ['null', field('boolean'), null, null, undefined],
  ])('%s: %j → %j', (_case, fieldDefinition, cell, expected, errorCode) => {
    const { values, errors } = createRowTransformer([fieldDefinition])({ v: cell }, 7)
    const value = values.v
    if (typeof expected === 'number' && typeof value === 'number') expect(value).toBeCloseTo(expected, 5)
    else expect(value).toBe(expected)
    expect(errors.map((error) => error.code)).toEqual(errorCode === undefined ? [] : [errorCode])
  })

  it('names the row, column and value in each error, shortened for huge values', () => {
    const { errors } = createRowTransformer([field('integer', { name: 'age' })])({ age: 'x'.repeat(5000) }, 214)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatchObject({ row: 214, column: 'age', code: 'invalid-integer' })
    expect(errors[0]?.value?.length).toBe(201)
    expect(errors[0]?.message).toMatch(/^"x+…" is not an integer \(decimal separator "\."\)$/)
  })

  it('explains invalid dates with the date parser reason', () => {
    const { errors } = createRowTransformer([dmyDates])({ v: '31/02/2021' }, 3)
    expect(errors[0]?.message).toContain('31/02/2021')
  })

  it('lets the caller override the date order', () => {
    const transform = createRowTransformer([dmyDates], { dateOrder: 'MDY' })
    expect(transform({ v: '02/03/2021' }, 1).values.v).toBe('2021-02-03T00:00:00.000Z')
  })

  it('writes hostile column names as own properties', () => {
    const transform = createRowTransformer([
      field('integer', { name: '__proto__' }),
      field('string', { name: 'constructor' }),
    ])
    const row = JSON.parse('{"__proto__": "5", "constructor": "x"}') as Record<string, string>
    const { values } = transform(row, 1)
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype)
    expect(Object.entries(values)).toEqual([
      ['__proto__', 5],
      ['constructor', 'x'],
    ])
  })

  it('reads a missing column as null, not as an Object.prototype member', () => {
    expect(createRowTransformer([field('string', { name: 'toString' })])({}, 1).values).toEqual({ toString: null })
  })

  it('rejects an unknown field type by name', () => {
    expect(() => createRowTransformer([field('blob' as FieldType)])).toThrow(UnknownFieldType)
    expect(() => createRowTransformer([field('blob' as FieldType)])).toThrow('Field "v" has type "blob"')
  })
})
