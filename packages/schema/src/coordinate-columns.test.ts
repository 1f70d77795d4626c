import { describe, expect, it } from 'vitest'

import { createEventExtractor } from './extract-event-fields'
import { applyImportAnswers, unansweredChoices } from './import-choices'
import { detectSchema } from './schema-builder'

type Table = Record<string, readonly string[]>

function rowsOf(table: Table): Array<Record<string, string>> {
  const columns = Object.entries(table)
  const length = columns[0]?.[1].length ?? 0
  return Array.from({ length }, (_, index) =>
    Object.fromEntries(columns.map(([name, values]) => [name, values[index] ?? ''])),
  )
}

const FIVE = {
  title: ['A', 'B', 'C', 'D', 'E'],
  latitude: ['48.85', '999', '52.52', '40.42', '41.9'],
  longitude: ['2.35', '13.4', '13.40', '-3.70', '12.5'],
}

describe('coordinate columns: at least half of the values, whatever the size', () => {
  it('keeps a five-row latitude column with one bad value, warns with its share, and errs that row only', () => {
    const rows = rowsOf(FIVE)
    const schema = detectSchema(Object.keys(FIVE), rows)
    expect(schema.mapping.location).toMatchObject({ kind: 'lat-lon', latitude: 'latitude', longitude: 'longitude' })
    const warning = schema.warnings.find((candidate) => candidate.code === 'invalid-coordinates')
    expect(warning).toMatchObject({ field: 'latitude' })
    expect(warning?.message).toContain('1 value of 5 (20 %)')
    expect(warning?.message).toContain('999')
    const extract = createEventExtractor(schema.mapping)
    const results = rows.map((row, index) => extract(row, index + 2))
    expect(results.filter((result) => result.coordinates !== null)).toHaveLength(4)
    expect(results[1]?.errors).toEqual([
      {
        row: 3,
        column: 'latitude',
        value: '999',
        code: 'invalid-coordinates',
        message: 'latitude 999 is out of range (−90 to 90) (latitude-out-of-range)',
      },
    ])
  })

  it('keeps a column with half its values valid, and drops one with fewer', () => {
    const half = { lat: ['48.85', '999', '52.52', '999'], lon: ['2.35', '13.4', '13.4', '2.35'] }
    expect(detectSchema(Object.keys(half), rowsOf(half)).mapping.location.kind).toBe('lat-lon')
    const less = { lat: ['48.85', '999', '999', '999'], lon: ['2.35', '13.4', '13.4', '2.35'] }
    const schema = detectSchema(Object.keys(less), rowsOf(less))
    expect(schema.mapping.location.kind).toBe('none')
    expect(schema.warnings.map((warning) => warning.code)).toContain('coordinates-out-of-range')
  })

  it('warns about the share of bad pairs in a combined column', () => {
    const table = { coordinates: ['48.85, 2.35', '52.52, 13.40', 'nowhere 5', '40.42, -3.70'] }
    const schema = detectSchema(Object.keys(table), rowsOf(table))
    expect(schema.mapping.location.kind).toBe('combined')
    expect(schema.warnings.find((warning) => warning.code === 'invalid-coordinates')?.message).toContain(
      '1 value of 4 (25 %)',
    )
  })
})

describe('the order of a "lat, lon" pair column is a choice', () => {
  const europe = { Location: ['48.85, 2.35', '52.52, 13.40', '40.42, -3.70'] }

  it('is asked when every value fits both orders', () => {
    const schema = detectSchema(Object.keys(europe), rowsOf(europe))
    const choice = schema.choices.find((candidate) => candidate.kind === 'coordinate-order')
    expect(choice).toMatchObject({ column: 'Location', isRequired: true })
    expect(choice?.decided).toBeUndefined()
    expect(choice?.examples[0]).toEqual({
      raw: '48.85, 2.35',
      read: '48.85° N, 2.35° E (latitude first) or 2.35° N, 48.85° E (longitude first)',
    })
    expect(unansweredChoices(schema.choices, {}).map((unanswered) => unanswered.column)).toEqual(['Location'])
    expect(schema.warnings.map((warning) => warning.code)).toContain('ambiguous-coordinate-order')
  })

  it('is read the way the answer says', () => {
    const rows = rowsOf(europe)
    const schema = applyImportAnswers(detectSchema(Object.keys(europe), rows), {
      coordinateOrders: { Location: 'lon-lat' },
    })
    expect(unansweredChoices(schema.choices, { coordinateOrders: { Location: 'lon-lat' } })).toEqual([])
    expect(schema.mapping.coordinateOrders).toEqual({ Location: 'lon-lat' })
    expect(schema.warnings.map((warning) => warning.code)).not.toContain('ambiguous-coordinate-order')
    expect(createEventExtractor(schema.mapping)(rows[0]!, 2).coordinates).toMatchObject({
      latitude: 2.35,
      longitude: 48.85,
    })
  })

  it('is decided by values beyond ±90', () => {
    const table = { Location: ['-74.0, 40.7', '-122.4, 37.8', '2.35, 48.85'] }
    const rows = rowsOf(table)
    const schema = detectSchema(Object.keys(table), rows)
    expect(schema.choices[0]).toMatchObject({ kind: 'coordinate-order', decided: 'lon-lat', decidedBy: 'values' })
    expect(createEventExtractor(schema.mapping)(rows[2]!, 4).coordinates).toMatchObject({
      latitude: 48.85,
      longitude: 2.35,
    })
  })

  it('is no question for WKT points', () => {
    const table = { geom: ['POINT(2.35 48.85)', 'POINT(13.4 52.52)'] }
    expect(detectSchema(Object.keys(table), rowsOf(table)).choices).toEqual([])
  })
})

describe('a row whose coordinate cells are empty', () => {
  const table = {
    title: ['A', 'B', 'C'],
    City: ['Paris', 'Berlin', ''],
    lat: ['48.85', '', ''],
    lon: ['2.35', '', ''],
  }

  it('is geocoded from its place columns, and only an empty place leaves it without one', () => {
    const rows = rowsOf(table)
    const schema = detectSchema(Object.keys(table), rows)
    expect(schema.mapping.location).toMatchObject({ kind: 'lat-lon', address: { city: 'City' } })
    const extract = createEventExtractor(schema.mapping)
    expect(extract(rows[0]!, 2)).toMatchObject({ coordinates: { latitude: 48.85 }, placeQuery: null, errors: [] })
    expect(extract(rows[1]!, 3)).toMatchObject({
      coordinates: null,
      placeQuery: { text: 'Berlin', city: 'Berlin' },
      errors: [],
    })
    expect(extract(rows[2]!, 4).errors.map((error) => error.code)).toEqual(['missing-coordinates'])
  })
})
