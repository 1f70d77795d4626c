import { describe, expect, it } from 'vitest'

import type { CellValue } from './cell-value'
import { InvalidSchemaBuilderState } from './errors'
import { createSchemaBuilder, detectSchema, type SchemaBuilderState } from './schema-builder'
import type { FieldRole, FieldType, SchemaField } from './types'

function fieldOf(header: string, values: readonly CellValue[]): SchemaField {
  const field = detectSchema(
    [header],
    values.map((value) => ({ [header]: value })),
  ).fields[0]
  if (field === undefined) throw new Error('no field detected')
  return field
}

const repeat = <T>(values: readonly T[], times: number): T[] => Array.from({ length: times }, () => values).flat()
const names = Array.from({ length: 30 }, (_, index) => `Person ${String.fromCharCode(65 + (index % 26))}${index}`)

describe('field types', () => {
  it.each<[string, string, readonly CellValue[], FieldType]>([
    ['integers with null markers', 'age', ['16', '27', 'NA', '31', 'Unknown'], 'integer'],
    ['decimals', 'price', ['1.5', '2', '3.25'], 'number'],
    ['decimal commas', 'betrag', ['1.234,5', '12,5', '3'], 'number'],
    ['currency with thousands', 'amount', ['$1,200', '$350', '$1,000,000'], 'integer'],
    ['1/0 under a question header', 'is_public', ['1', '0', '1'], 'boolean'],
    ['1/0 under another header', 'count', ['1', '0', '1'], 'integer'],
    ['yes/no words', 'active', ['yes', 'no', 'Yes', 'NO'], 'boolean'],
    ['ja/nein words', 'aktiv', ['ja', 'nein', 'Ja'], 'boolean'],
    ['codes with leading zeros', 'code', ['02134', '10001', '94105'], 'string'],
    ['M/D/Y dates', 'date', ['9/1/2016', '9/13/2016', '10/2/2016'], 'date'],
    ['ISO date-times', 'when', ['2021-04-03T10:00:00Z', '2021-04-04 12:30'], 'date'],
    ['historic dates and years', 'when', ['c. 1850', '1914-1918', '1848', '44 BC'], 'date'],
    ['Unix seconds under a date header', 'timestamp', ['1700000000', '1700086400', '1700172800'], 'date'],
    ['years under a year header', 'year', ['2015', '2016', '1999'], 'integer'],
    ['few repeated words', 'gender', repeat(['Male', 'Female'], 5), 'enum'],
    ['distinct names', 'person', names, 'string'],
    ['numbers and words', 'value', ['1', 'a', '2', 'b', '3', 'c'], 'mixed'],
    ['lone degrees-minutes-seconds (no lat/lon pair)', 'position', ['40°26′46″N', '33°51′S', '12°30′E'], 'string'],
    ['ids that read as hemispheres', 'id', ['e0', 'e1', 'e2', 'w3'], 'id'],
    ['coordinate pairs (a combined column)', 'where', ['40.7128, -74.0060', '48.8566, 2.3522'], 'coordinate'],
    ['only null markers', 'nothing', ['', 'NA', null], 'string'],
    ['spreadsheet numbers', 'n', [1, 2, 3.5], 'number'],
    ['spreadsheet booleans', 'flag', [true, false, true], 'boolean'],
    ['all distinct under an id header', 'id', ['a1', 'a2', 'a3'], 'id'],
    ['repeated values under an id header', 'id', ['a1', 'a1', 'a3'], 'string'],
  ])('%s → %s', (_case, header, values, expected) => {
    expect(fieldOf(header, values).type).toBe(expected)
  })

  it('keeps the decimal separator decided from the values', () => {
    expect(fieldOf('betrag', ['1.234,5', '12,5', '3']).decimalSeparator).toBe(',')
    expect(fieldOf('amount', ['1,234.5', '12.5']).decimalSeparator).toBe('.')
  })

  it('lists enum values, most frequent first', () => {
    expect(fieldOf('cause', [...repeat(['Gunshot'], 6), 'Taser', 'Taser', 'Other', 'NA']).enumValues).toEqual([
      'Gunshot',
      'Taser',
      'Other',
    ])
  })

  it('warns about values that do not fit the type, with examples', () => {
    const schema = detectSchema(
      ['age'],
      [...Array.from({ length: 30 }, (_, index) => ({ age: String(index) })), { age: 'twelve' }],
    )
    expect(schema.fields[0]?.type).toBe('integer')
    expect(schema.warnings).toContainEqual(
      expect.objectContaining({ code: 'type-mismatch', field: 'age', message: expect.stringContaining('"twelve"') }),
    )
  })

  it('warns about mixed columns and empty columns', () => {
    const schema = detectSchema(
      ['value', 'nothing'],
      [
        { value: '1', nothing: '' },
        { value: 'a', nothing: 'NA' },
      ],
    )
    expect(schema.warnings.map((warning) => [warning.code, warning.field])).toEqual(
      expect.arrayContaining([
        ['mixed-types', 'value'],
        ['empty-field', 'nothing'],
      ]),
    )
  })
})

describe('field statistics', () => {
  it('counts nulls, empties, distinct values, lengths and extremes', () => {
    const field = fieldOf('age', ['16', ' 27 ', 'NA', '', '16', null, '-'])
    expect(field.nullable).toBe(true)
    expect(field.statistics).toMatchObject({
      count: 7,
      nullCount: 3,
      emptyCount: 1,
      nullRate: 4 / 7,
      distinctCount: 2,
      isDistinctCountExact: true,
      examples: ['16', '27'],
      min: 16,
      max: 27,
      minLength: 2,
      maxLength: 2,
      typeCounts: { integer: 3 },
    })
  })

  it('gives date extremes as ISO strings in the column order', () => {
    const field = fieldOf('datum', ['31.12.2020', '01.02.2021', '15.01.2021'])
    expect([field.statistics.min, field.statistics.max]).toEqual([
      '2020-12-31T00:00:00.000Z',
      '2021-02-01T00:00:00.000Z',
    ])
  })

  it('lists top values for repeated values only', () => {
    expect(fieldOf('gender', repeat(['Male', 'Female', 'Male'], 4)).statistics.topValues).toEqual([
      { value: 'Male', count: 8 },
      { value: 'Female', count: 4 },
    ])
    expect(fieldOf('person', names).statistics.topValues).toBeUndefined()
  })

  it('estimates distinct counts past the cap and keeps the state small', () => {
    const builder = createSchemaBuilder(['token'])
    builder.addRows(Array.from({ length: 30_000 }, (_, index) => ({ token: `t${index}` })))
    const field = builder.build().fields[0]
    expect(field?.statistics.isDistinctCountExact).toBe(false)
    expect(Math.abs((field?.statistics.distinctCount ?? 0) - 30_000) / 30_000).toBeLessThan(0.15)
    expect(JSON.stringify(builder.state()).length).toBeLessThan(100_000)
  })
})

describe('field roles', () => {
  it.each<[string, string[], Array<Record<string, string>>, Record<string, FieldRole | undefined>]>([
    [
      'id, title and description by name',
      ['uuid', 'titre', 'notes'],
      [
        { uuid: 'u1', titre: 'Fête', notes: 'a long note about the first event' },
        { uuid: 'u2', titre: 'Marché', notes: 'another note' },
      ],
      { uuid: 'id', titre: 'title', notes: 'description' },
    ],
    [
      'title as the most distinct short text, description as the longest',
      ['kind', 'label2', 'story'],
      [
        { kind: 'protest', label2: 'March on the capitol', story: 'x'.repeat(120) },
        { kind: 'protest', label2: 'Sit-in at the mill', story: 'y'.repeat(90) },
        { kind: 'protest', label2: 'Strike at the docks', story: 'z'.repeat(100) },
      ],
      { kind: undefined, label2: 'title', story: 'description' },
    ],
  ])('%s', (_case, headers, rows, expected) => {
    const fields = detectSchema(headers, rows).fields
    expect(Object.fromEntries(fields.map((field) => [field.name, field.role]))).toEqual(expected)
  })

  it('never takes a city column for the title', () => {
    const cities = ['Paris', 'Lyon', 'Nantes', 'Lille', 'Москва', 'القاهرة']
    const rows = cities.map((city, index) => ({
      Date: `2024-01-0${index + 1}`,
      City: city,
      Crowd: `${(index + 1) * 150}`,
    }))
    const schema = detectSchema(['Date', 'City', 'Crowd'], rows)
    expect(schema.mapping.title).toBeUndefined()
    expect(schema.mapping.location.address?.city).toBe('City')
    expect(schema.fields.find((field) => field.name === 'City')?.role).toBe('city')
  })
})

describe('createSchemaBuilder', () => {
  const headers = ['date', 'lat', 'lng', 'city']
  const rows = Array.from({ length: 40 }, (_, index) => ({
    date: `${(index % 12) + 1}/${(index % 28) + 1}/2016`,
    lat: String(30 + index / 10),
    lng: String(-90 - index / 10),
    city: `City ${index % 7}`,
  }))

  it('builds the same schema from batches with a JSON round trip of the state', () => {
    const first = createSchemaBuilder(headers)
    first.addRows(rows.slice(0, 15))
    const saved = JSON.parse(JSON.stringify(first.state())) as SchemaBuilderState
    const second = createSchemaBuilder(headers, saved)
    second.addRows(rows.slice(15))
    expect(second.build()).toEqual(detectSchema(headers, rows))
  })

  it.each([
    ['other headers', ['date', 'lat'], (state: object) => state],
    ['another version', headers, (state: object) => ({ ...state, version: 1 })],
  ])('rejects a state with %s', (_case, otherHeaders, change) => {
    const builder = createSchemaBuilder(headers)
    builder.addRows(rows.slice(0, 2))
    const state = change(builder.state()) as ReturnType<typeof builder.state>
    expect(() => createSchemaBuilder(otherHeaders, state)).toThrow(InvalidSchemaBuilderState)
  })

  it('warns about duplicate headers and reads the column once', () => {
    const schema = detectSchema(['a', 'a', 'b'], [{ a: '1', b: '2' }])
    expect(schema.fields.map((field) => field.name)).toEqual(['a', 'b'])
    expect(schema.warnings).toContainEqual(expect.objectContaining({ code: 'duplicate-header', field: 'a' }))
  })

  it('reads hostile headers as plain columns', () => {
    const row = JSON.parse('{"__proto__": "x", "constructor": "y"}') as Record<string, string>
    const schema = detectSchema(['__proto__', 'constructor', 'toString'], [row])
    expect(schema.fields.map((field) => [field.name, field.statistics.examples])).toEqual([
      ['__proto__', ['x']],
      ['constructor', ['y']],
      ['toString', []],
    ])
  })
})
