import { placeOf, type ClusterCell, type FieldFilter } from '@chronotope/filters'
import { describe, expect, it } from 'vitest'

import { countPlaces } from './place-counts'
import { selectRows, type IndexQuery } from './row-selection'
import { randomEvents, seededRandom, segmentOf, type PlainEvent } from './test-segments'

const PARIS: [number, number] = [2.3522, 48.8566]
const TOKYO: [number, number] = [139.6917, 35.6895]

// Sixteen events at one place in Paris over two datasets (one of them in 1990), three in Tokyo a
// few centimetres apart, among random events all over the world.
function atPlace(id: number, [longitude, latitude]: [number, number], category: string | null): PlainEvent {
  return { id, timeMs: Date.UTC(2024, 0, 1 + (id % 28)), longitude, latitude, category, size: null }
}
const random = seededRandom(7)
const first = [
  ...randomEvents(3_000, 1, random),
  ...Array.from({ length: 10 }, (_, index) => atPlace(10_000 + index, PARIS, index < 6 ? 'strike' : 'march')),
  // At the same place, long before: a time range leaves it out.
  { ...atPlace(10_050, PARIS, 'strike'), timeMs: Date.UTC(1990, 5, 1) },
  atPlace(10_100, TOKYO, 'strike'),
  atPlace(10_101, [TOKYO[0] + 0.0000002, TOKYO[1] + 0.0000001], null),
]
const second = [
  ...randomEvents(1_000, 20_000, random),
  ...Array.from({ length: 5 }, (_, index) => atPlace(30_000 + index, PARIS, index < 4 ? 'march' : null)),
  atPlace(30_100, [TOKYO[0] - 0.0000001, TOKYO[1]], 'vigil'),
]
const segments = [segmentOf(1, first), segmentOf(2, second)]
const everyone = [...first.map((event) => ({ event, dataset: 1 })), ...second.map((event) => ({ event, dataset: 2 }))]
const places: ClusterCell[] = [placeOf(PARIS), placeOf(TOKYO), placeOf([-70, -33])]

function sameCell(a: ClusterCell, b: ClusterCell): boolean {
  return a.x === b.x && a.y === b.y
}

// What the SQL counts: every selected event in the place's cell, by dataset and value.
function expectedCounts(ids: ReadonlySet<number>, place: ClusterCell) {
  const byDataset = new Map<number, number>()
  const byValue = new Map<string | null, number>()
  let count = 0
  for (const { event, dataset } of everyone) {
    if (!ids.has(event.id) || event.longitude === null || event.latitude === null) continue
    if (!sameCell(placeOf([event.longitude, event.latitude]), place)) continue
    count++
    byDataset.set(dataset, (byDataset.get(dataset) ?? 0) + 1)
    byValue.set(event.category, (byValue.get(event.category) ?? 0) + 1)
  }
  return { count, byDataset, byValue }
}

const PARIS_REGION = { west: -5, south: 40, east: 10, north: 55 }

const QUERIES: Array<{ name: string; query: IndexQuery; ordered: boolean; text?: (id: number) => boolean }> = [
  { name: 'everything (a span)', query: {}, ordered: false },
  { name: 'a time range (a span)', query: { startMs: Date.UTC(2000, 0, 1) }, ordered: false },
  { name: 'a box read from the grid (runs)', query: { bbox: PARIS_REGION }, ordered: false },
  { name: 'a box in list order (rows)', query: { bbox: PARIS_REGION }, ordered: true },
  {
    name: 'a value (rows of its postings)',
    query: { fields: { category: { kind: 'values', values: ['march'] } as FieldFilter } },
    ordered: false,
  },
  { name: 'a text search', query: { locatedOnly: true }, ordered: false, text: (id) => id % 2 === 0 },
]

describe('countPlaces', () => {
  it.each(QUERIES)('counts the events at each place by dataset and value: $name', ({ query, ordered, text }) => {
    const selections = segments.map((segment) =>
      selectRows(segment, query, text ? segment.rowsOf(segment.ids.filter(text)) : undefined, { ordered }),
    )
    // Counted before the rows are listed: listing them would turn runs into one list.
    const counts = countPlaces(selections, places, 'category')
    const ids = new Set(selections.flatMap(({ segment, rows }) => [...rows].map((row) => segment.ids[row]!)))
    expect(counts).toHaveLength(places.length)
    counts.forEach((counted, index) => {
      const expected = expectedCounts(ids, places[index]!)
      expect(counted.count).toBe(expected.count)
      expect(new Map(counted.byDataset)).toEqual(expected.byDataset)
      expect(new Map(counted.byValue)).toEqual(expected.byValue)
    })
  })

  it('finds the fifteen Paris events since 2000, ten of one dataset and five of the other, and the three in Tokyo', () => {
    const [paris, tokyo, santiago] = countPlaces(
      segments.map((segment) => selectRows(segment, { startMs: Date.UTC(2000, 0, 1) }, undefined, { ordered: false })),
      places,
      'category',
    )
    expect(paris!.count).toBe(15)
    expect(new Map(paris!.byDataset)).toEqual(
      new Map([
        [1, 10],
        [2, 5],
      ]),
    )
    expect(new Map(paris!.byValue)).toEqual(
      new Map([
        ['strike', 6],
        ['march', 8],
        [null, 1],
      ]),
    )
    expect(tokyo!.count).toBe(3)
    expect(santiago!.count).toBe(0)
  })

  it('counts by dataset only when no field is asked', () => {
    const [paris] = countPlaces(
      segments.map((segment) => selectRows(segment, {})),
      [placeOf(PARIS)],
    )
    expect(paris!.byValue.size).toBe(0)
    expect(paris!.byDataset.get(1)).toBe(11)
  })

  it('names a field that is not loaded', () => {
    expect(() => countPlaces([selectRows(segments[0]!, {})], [placeOf(PARIS)], 'colour')).toThrow(
      'field "colour" is not loaded in the segment of dataset 1',
    )
  })
})

describe('the selections the tests above read', () => {
  it('include a span, runs wholly in a grid cell, listed rows and rows of values', () => {
    const [span, runs, listed] = [QUERIES[1]!, QUERIES[2]!, QUERIES[3]!].map(({ query, ordered }) =>
      selectRows(segments[0]!, query, undefined, { ordered }),
    )
    expect(span!.span).toBeDefined()
    expect(runs!.runs && [...runs!.runs.wholeCells].some((cell) => cell >= 0)).toBe(true)
    expect(listed!.span ?? listed!.runs).toBeUndefined()
  })
})
