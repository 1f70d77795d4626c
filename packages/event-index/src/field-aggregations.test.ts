import { describe, expect, it } from 'vitest'

import { EventSegment } from './event-segment'
import { countFieldValues, fieldNumberRange } from './field-aggregations'
import { FieldColumn } from './field-column'
import { selectRows, type IndexQuery } from './row-selection'
import { randomEvents, seededRandom, segmentOf, type PlainEvent } from './test-segments'

const NUMERIC = /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/

const random = seededRandom(7)
const datasets = [randomEvents(900, 1, random), randomEvents(300, 5_000, random)]
const segments = datasets.map((events, index) => segmentOf(index + 1, events))

// What the read API's SQL counts, event by event, for the events that pass `keep`.
function expectedValues(keep: (event: PlainEvent) => boolean): Map<string, number> {
  const counts = new Map<string, number>()
  for (const event of datasets.flat())
    if (keep(event) && event.category !== null) counts.set(event.category, (counts.get(event.category) ?? 0) + 1)
  return counts
}

function expectedRange(keep: (event: PlainEvent) => boolean) {
  const numbers = datasets
    .flat()
    .filter((event) => keep(event) && event.size !== null && NUMERIC.test(event.size))
    .map((event) => Number(event.size))
  return numbers.length === 0 ? null : { min: Math.min(...numbers), max: Math.max(...numbers), count: numbers.length }
}

const CASES: Array<{ name: string; query: IndexQuery; ordered: boolean; keep: (event: PlainEvent) => boolean }> = [
  { name: 'every row (a whole span)', query: {}, ordered: false, keep: () => true },
  {
    name: 'a time range (a span)',
    query: { startMs: Date.UTC(0, 0, 1), endMs: Date.UTC(1800, 0, 1) },
    ordered: true,
    keep: (event) => event.timeMs !== null && event.timeMs >= Date.UTC(0, 0, 1) && event.timeMs <= Date.UTC(1800, 0, 1),
  },
  {
    name: 'a box (runs of grid cells)',
    query: { bbox: { west: -100, south: -40, east: 60, north: 50 } },
    ordered: false,
    keep: (event) =>
      event.longitude !== null &&
      event.longitude >= -100 &&
      event.longitude <= 60 &&
      event.latitude! >= -40 &&
      event.latitude! <= 50,
  },
  {
    name: 'a value of the field itself (listed rows)',
    query: { fields: { category: { kind: 'values', values: ['flood', 'fire'] } } },
    ordered: true,
    keep: (event) => event.category === 'flood' || event.category === 'fire',
  },
]

describe.each(CASES)('over $name', ({ query, ordered, keep }) => {
  const selections = segments.map((segment) => selectRows(segment, query, undefined, { ordered }))

  it('counts each value as the SQL does, across datasets', () => {
    expect(countFieldValues(selections, 'category')).toEqual(expectedValues(keep))
  })

  it('finds the numbers’ range, reading numeric text as the range filter does', () => {
    expect(fieldNumberRange(selections, 'size')).toEqual(expectedRange(keep))
  })
})

describe('field aggregations', () => {
  it('give nothing for an empty selection', () => {
    const selections = segments.map((segment) => selectRows(segment, { startMs: Date.UTC(3000, 0, 1) }))
    expect(countFieldValues(selections, 'category').size).toBe(0)
    expect(fieldNumberRange(selections, 'size')).toBeNull()
  })

  it('give no range for a field without numbers', () => {
    const selections = segments.map((segment) => selectRows(segment, {}))
    expect(fieldNumberRange(selections, 'category')).toBeNull()
  })

  it('refuse a field whose column is not loaded', () => {
    const bare = new EventSegment(3, '1', {
      ids: Int32Array.of(1),
      times: Float64Array.of(0),
      longitudes: Float64Array.of(0),
      latitudes: Float64Array.of(0),
    })
    bare.setField('other', FieldColumn.fromValues(['x']))
    expect(() => countFieldValues([selectRows(bare, {})], 'category')).toThrow(/not loaded/)
  })
})
