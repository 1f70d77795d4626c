import { describe, expect, it } from 'vitest'

import { createEventExtractor } from './extract-event-fields'
import { detectSchema } from './schema-builder'
import { createRowTransformer } from './transform-values'
import type { EventMapping, FieldType, SchemaField } from './types'

/** Deterministic pseudo-random strings (mulberry32), built from characters parsers care about. */
function hostileStrings(count: number, seed: number): string[] {
  let state = seed
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const alphabet = [
    '1',
    '9',
    '0',
    '.',
    ',',
    '-',
    '/',
    ':',
    ' ',
    'T',
    'Z',
    '+',
    '°',
    '′',
    '″',
    "'",
    '"',
    'N',
    'S',
    'E',
    'W',
    'e',
    'BC',
    'c.',
    'March',
    'Mär',
    '(',
    ')',
    '{',
    '}',
    '[',
    ']',
    'POINT',
    '$',
    '%',
    '€',
    '\u00a0',
    '\u0000',
    '🙂',
    '\ud800',
    '__proto__',
    'NaN',
    'Infinity',
  ]
  return Array.from({ length: count }, () => {
    const length = Math.floor(next() * 12)
    let text = ''
    for (let i = 0; i < length; i++) text += alphabet[Math.floor(next() * alphabet.length)]
    return text
  })
}

const headers = ['date', 'lat', 'lng', 'location', 'count']
const values = hostileStrings(2_000, 42)
const rows = values.map((value, index) => ({
  date: value,
  lat: values[(index + 1) % values.length] ?? '',
  lng: value,
  location: value,
  count: value,
}))

describe('hostile input', () => {
  it('detects a schema from random parser-shaped strings without throwing', () => {
    expect(() => detectSchema(headers, rows)).not.toThrow()
  })

  it.each<FieldType>(['integer', 'number', 'boolean', 'date', 'string', 'coordinate'])(
    'transforms random strings as %s: a value or a row error',
    (type) => {
      const statistics = {
        count: 0,
        nullCount: 0,
        emptyCount: 0,
        nullRate: 0,
        distinctCount: 0,
        isDistinctCountExact: true,
        examples: [],
        typeCounts: {},
      }
      const field: SchemaField = {
        name: 'v',
        type,
        role: type === 'coordinate' ? 'latitude' : undefined,
        nullable: true,
        statistics,
      }
      const transform = createRowTransformer([field])
      for (const value of values) {
        const { values: typed, errors } = transform({ v: value }, 1)
        expect(typed.v === null || errors.length === 0).toBe(true)
        for (const error of errors) expect(error).toMatchObject({ row: 1, column: 'v', code: `invalid-${type}` })
      }
    },
  )

  it('extracts events from random strings: every problem is a row error', () => {
    const mappings: EventMapping[] = [
      {
        startTime: { field: 'date' },
        location: { kind: 'lat-lon', latitude: 'lat', longitude: 'lng', confidence: 1, reason: '' },
      },
      {
        startTime: { parts: { year: 'date', month: 'lat', day: 'lng' } },
        location: { kind: 'combined', combined: 'location', confidence: 1, reason: '' },
      },
    ]
    for (const mapping of mappings) {
      const extract = createEventExtractor(mapping)
      for (const [index, row] of rows.entries()) {
        const event = extract(row, index)
        if (event.eventTime === null)
          expect(event.errors.some((error) => error.code === 'missing-time' || error.code === 'invalid-date')).toBe(
            true,
          )
      }
    }
  })

  it('handles a one-megabyte cell in every column', () => {
    const huge = `1${'0'.repeat(1_000_000)}`
    const schema = detectSchema(headers, [Object.fromEntries(headers.map((name) => [name, huge]))])
    expect(schema.fields.map((field) => field.statistics.maxLength)).toEqual(headers.map(() => huge.length))
  })

  it('keeps examples and frequent values of megabyte cells short in the stored schema', () => {
    const huge = `😀${'x'.repeat(1_000_000)}`
    const rows = Array.from({ length: 4 }, () => ({ text: huge }))
    const [field] = detectSchema(['text'], rows).fields
    expect(field!.statistics.examples).toEqual([`😀${'x'.repeat(197)}…`])
    expect(field!.statistics.topValues).toEqual([{ value: `😀${'x'.repeat(497)}…`, count: 4 }])
  })
})
