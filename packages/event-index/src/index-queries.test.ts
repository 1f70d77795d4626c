import { describe, expect, it } from 'vitest'

import {
  cellOf,
  listBuckets,
  singleDown,
  singleUp,
  snapToCells,
  splitBoundingBox,
  truncateToInterval,
  type BoundingBox,
  type FieldFilter,
} from '@chronotope/filters'

import { clusterCells, countByBucket, locatedExtent, locatedIdsUpTo, timeExtent } from './aggregations'
import { listPage } from './list-page'
import { selectRows, Selection, type IndexQuery } from './row-selection'
import { inListOrder, randomEvents, seededRandom, segmentOf, type PlainEvent } from './test-segments'

const NUMERIC = /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/

// The filter as the SQL of the read API states it, event by event.
function passes(event: PlainEvent, query: IndexQuery, text?: ReadonlySet<number>): boolean {
  if (text && !text.has(event.id)) return false
  if (query.startMs !== undefined && (event.timeMs === null || event.timeMs < query.startMs)) return false
  if (query.endMs !== undefined && (event.timeMs === null || event.timeMs > query.endMs)) return false
  if ((query.bbox || query.locatedOnly) && (event.longitude === null || event.latitude === null)) return false
  if (query.bbox) {
    // `location && st_makeenvelope(…)`: the float4 boxes of both, rounded outwards, overlap.
    const overlaps = (value: number, minimum: number, maximum: number) =>
      singleDown(value) <= singleUp(maximum) && singleUp(value) >= singleDown(minimum)
    const inside = splitBoundingBox(query.bbox).some(
      (box) => overlaps(event.longitude!, box.west, box.east) && overlaps(event.latitude!, box.south, box.north),
    )
    if (!inside) return false
  }
  for (const [path, filter] of Object.entries(query.fields ?? {})) {
    const value = (event as unknown as Record<string, string | null>)[path] ?? null
    if (value === null) return false
    if (filter.kind === 'values' && !filter.values.includes(value)) return false
    if (filter.kind === 'range') {
      if (!NUMERIC.test(value)) return false
      const number = Number(value)
      if ((filter.min !== undefined && number < filter.min) || (filter.max !== undefined && number > filter.max))
        return false
    }
  }
  return true
}

const random = seededRandom(42)
const datasets = [randomEvents(700, 1, random), randomEvents(400, 5_000, random), randomEvents(3, 9_000, random)]
const segments = datasets.map((events, index) => segmentOf(index + 1, events))
const everyone = datasets.flat()
function everyoneIds(): number[] {
  return everyone.map((event) => event.id)
}

function hairPast(event: PlainEvent): BoundingBox {
  const [longitude, latitude] = [event.longitude!, event.latitude!]
  const hair = 1e-9 * Math.max(1, Math.abs(longitude), Math.abs(latitude))
  return { west: longitude + hair, south: latitude + hair, east: longitude + 20, north: latitude + 20 }
}

const QUERIES: Array<{ name: string; query: IndexQuery; text?: number[] }> = [
  { name: 'nothing', query: {} },
  { name: 'a time range', query: { startMs: Date.UTC(-200, 0, 1), endMs: Date.UTC(1500, 11, 31) } },
  { name: 'a start only', query: { startMs: Date.UTC(1000, 0, 1) } },
  { name: 'a box', query: { bbox: { west: -20, south: 0, east: 60, north: 70 } } },
  { name: 'a box over the antimeridian', query: { bbox: { west: 150, south: -60, east: -150, north: 60 } } },
  { name: 'values', query: { fields: { category: { kind: 'values', values: ['quake', 'fire'] } } } },
  { name: 'a numeric range', query: { fields: { size: { kind: 'range', min: 0, max: 50 } as FieldFilter } } },
  { name: 'numbers only', query: { fields: { size: { kind: 'range' } as FieldFilter } } },
  { name: 'located only', query: { locatedOnly: true } },
  { name: 'a small box (read from the coarse grid)', query: { bbox: { west: 10, south: 10, east: 40, north: 30 } } },
  { name: 'a small box over the antimeridian', query: { bbox: { west: 160, south: -30, east: -170, north: 0 } } },
  { name: 'a box around everything', query: { bbox: { west: -180, south: -90, east: 180, north: 90 } } },
  {
    // Edges a hair inside an event on each side: PostGIS still lets it through, as plain comparisons would not.
    name: 'a box whose edges lie a hair past an event',
    query: { bbox: hairPast(datasets[0]!.find((event) => event.longitude !== null)!) },
  },
  { name: 'text only', query: {}, text: everyoneIds().filter((id) => id % 7 === 0) },
  {
    name: 'a rare value with a time range and a box',
    query: {
      startMs: Date.UTC(-300, 0, 1),
      bbox: { west: -150, south: -70, east: 150, north: 70 },
      fields: { category: { kind: 'values', values: ['storm'] }, size: { kind: 'range', min: 1 } as FieldFilter },
    },
  },
  {
    name: 'two values',
    query: { endMs: Date.UTC(1800, 0, 1), fields: { category: { kind: 'values', values: ['storm', 'quake'] } } },
  },
  {
    name: 'everything at once',
    query: {
      startMs: Date.UTC(0, 0, 1),
      bbox: { west: -100, south: -50, east: 100, north: 50 },
      fields: { category: { kind: 'values', values: ['flood'] } },
    },
    text: everyone.filter((event) => event.id % 3 === 0).map((event) => event.id),
  },
]

function select(query: IndexQuery, text?: number[]): Selection[] {
  return segments.map((segment) => selectRows(segment, query, text ? segment.rowsOf(text) : undefined))
}

/** The ids of every page of the selections' events, page after page by cursor (at most `maxPages`). */
function idsPageByPage(selections: () => Selection[], descending: boolean, limit: number, maxPages = 100): number[] {
  const seen: number[] = []
  let after: { timeMs: number | null; id: number } | undefined
  for (let pages = 0; pages < maxPages; pages++) {
    const { entries, hasMore } = listPage(selections(), { descending, limit, after })
    seen.push(...entries.map((entry) => entry.id))
    if (!hasMore) break
    after = entries.at(-1)!
  }
  return seen
}

describe('selectRows', () => {
  it.each(QUERIES)('keeps exactly the events the SQL keeps: $name', ({ query, text }) => {
    const selected = select(query, text).flatMap(({ segment, rows }) => [...rows].map((row) => segment.ids[row]!))
    const expected = everyone
      .filter((event) => passes(event, query, text ? new Set(text) : undefined))
      .map((event) => event.id)
    expect(selected.sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b))
    expect(expected.length).toBeGreaterThan(0)
  })

  it.each(['time', 'text', 'box'])('checks a field named "%s" like any other', (path) => {
    const events = datasets[0]!
    const segment = segmentOf(90, events)
    segment.setField(path, segment.field('category')!)
    // Common values, so the rows come from a scan or the box rather than the field's lists.
    const values = ['fire', 'quake', 'flood']
    const query: IndexQuery = {
      bbox: { west: -20, south: 0, east: 60, north: 70 },
      fields: { [path]: { kind: 'values', values } },
    }
    for (const ordered of [true, false]) {
      const kept = [...selectRows(segment, query, undefined, { ordered }).rows]
        .map((row) => segment.ids[row]!)
        .sort((a, b) => a - b)
      const expected = events.filter((event) =>
        passes(event, { bbox: query.bbox, fields: { category: { kind: 'values', values } } }),
      )
      expect(kept).toEqual(expected.map((event) => event.id).sort((a, b) => a - b))
      expect(kept.length).toBeGreaterThan(0)
    }
  })

  it('refuses a field whose column is not loaded', () => {
    expect(() => selectRows(segments[0]!, { fields: { missing: { kind: 'values', values: ['x'] } } })).toThrow(
      /missing/,
    )
  })
})

describe('aggregations', () => {
  const query = QUERIES[1]!.query
  const kept = everyone.filter((event) => passes(event, query))

  it('finds the first and last time of the selection', () => {
    const times = kept.map((event) => event.timeMs!).sort((a, b) => a - b)
    expect(timeExtent(select(query))).toEqual({ firstMs: times[0], lastMs: times.at(-1) })
    expect(timeExtent(select({ fields: { category: { kind: 'values', values: ['none'] } } }))).toBeNull()
  })

  it.each(['century', 'decade', 'year'] as const)('counts per %s bucket as date_trunc would', (interval) => {
    const starts = listBuckets(new Date(query.startMs!), new Date(query.endMs!), interval)
    const counts = countByBucket(
      select(query),
      Float64Array.from(starts, (start) => start.getTime()),
    )
    const expected = new Map<number, number>()
    for (const event of kept) {
      const bucket = truncateToInterval(new Date(event.timeMs!), interval).getTime()
      expected.set(bucket, (expected.get(bucket) ?? 0) + 1)
    }
    expect([...counts]).toEqual(starts.map((start) => expected.get(start.getTime()) ?? 0))
    expect([...counts].reduce((a, b) => a + b, 0)).toBe(kept.length)
  })

  it.each(['century', 'year'] as const)(
    'counts a few rows per %s bucket, first bucket included, as date_trunc would',
    (interval) => {
      const text = everyoneIds().filter((id) => id % 40 === 0)
      const few = everyone.filter((event) => text.includes(event.id) && event.timeMs !== null)
      const extent = timeExtent(select({}, text))!
      const starts = listBuckets(new Date(extent.firstMs), new Date(extent.lastMs), interval)
      const expected = new Map<number, number>()
      for (const event of few) {
        const bucket = truncateToInterval(new Date(event.timeMs!), interval).getTime()
        expected.set(bucket, (expected.get(bucket) ?? 0) + 1)
      }
      expect([
        ...countByBucket(
          select({}, text),
          Float64Array.from(starts, (start) => start.getTime()),
        ),
      ]).toEqual(starts.map((start) => expected.get(start.getTime()) ?? 0))
      expect(expected.get(starts[0]!.getTime())).toBeGreaterThan(0)
    },
  )

  it.each([0, 2, 5])('groups located events into the cells of zoom %i', (zoom) => {
    const world: BoundingBox = { west: -180, south: -85.05112878, east: 180, north: 85.05112878 }
    const cells = clusterCells(select({ bbox: world }), zoom, world)
    const expected = new Map<string, PlainEvent[]>()
    for (const event of everyone.filter((event) => passes(event, { bbox: world }))) {
      const cell = cellOf([event.longitude!, event.latitude!], zoom)
      const key = `${cell.x}/${cell.y}`
      expected.set(key, [...(expected.get(key) ?? []), event])
    }
    expect(cells.map((cell) => `${cell.cx}/${cell.cy}`).sort()).toEqual([...expected.keys()].sort())
    for (const cell of cells) {
      const members = expected.get(`${cell.cx}/${cell.cy}`)!
      expect(cell.count).toBe(members.length)
      expect(cell.firstId).toBe(Math.min(...members.map((event) => event.id)))
      expect(cell.west).toBe(Math.min(...members.map((event) => event.longitude!)))
      expect(cell.north).toBe(Math.max(...members.map((event) => event.latitude!)))
      expect(cell.longitude).toBeCloseTo(members.reduce((sum, event) => sum + event.longitude!, 0) / members.length, 9)
    }
    const order = cells.map((cell) => [cell.cy, cell.cx])
    expect(order).toEqual([...order].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!))
  })

  it('gives the extent and count of the located events', () => {
    const located = everyone.filter((event) => event.longitude !== null)
    expect(locatedExtent(select({}))).toEqual({
      count: located.length,
      bounds: [
        Math.min(...located.map((event) => event.longitude!)),
        Math.min(...located.map((event) => event.latitude!)),
        Math.max(...located.map((event) => event.longitude!)),
        Math.max(...located.map((event) => event.latitude!)),
      ],
    })
    expect(locatedExtent(select({ fields: { category: { kind: 'values', values: ['none'] } } }))).toEqual({
      bounds: null,
      count: 0,
    })
  })

  it('lists the located ids only when they are few enough', () => {
    const box = { bbox: { west: 0, south: 0, east: 10, north: 10 } }
    const ids = everyone
      .filter((event) => passes(event, box))
      .map((event) => event.id)
      .sort((a, b) => a - b)
    expect(locatedIdsUpTo(select(box), ids.length)).toEqual(ids)
    expect(locatedIdsUpTo(select(box), ids.length - 1)).toBeNull()
  })
})

describe('listPage', () => {
  const query = QUERIES[5]!.query
  const kept = inListOrder(everyone.filter((event) => passes(event, query)))

  it.each([false, true])('pages through every event once, in order, by cursor (descending: %s)', (descending) => {
    const expected = descending
      ? [
          ...kept.filter((event) => event.timeMs !== null).reverse(),
          ...kept.filter((event) => event.timeMs === null).reverse(),
        ]
      : kept
    const seen = idsPageByPage(() => select(query), descending, 37)
    expect(seen).toEqual(expected.map((event) => event.id))
  })

  it.each([false, true])(
    'pages through unfiltered segments, events without a time last (descending: %s)',
    (descending) => {
      const all = inListOrder(everyone)
      const expected = descending
        ? [
            ...all.filter((event) => event.timeMs !== null).reverse(),
            ...all.filter((event) => event.timeMs === null).reverse(),
          ]
        : all
      expect(select({}).every((selection) => selection.span !== undefined)).toBe(true)
      const seen = idsPageByPage(() => select({}), descending, 50)
      expect(seen).toEqual(expected.map((event) => event.id))
    },
  )

  it('skips whole pages by offset', () => {
    const { entries, hasMore } = listPage(select(query), { descending: false, limit: 10, offset: 20 })
    expect(entries.map((entry) => entry.id)).toEqual(kept.slice(20, 30).map((event) => event.id))
    expect(hasMore).toBe(true)
    const single = listPage([select(query)[0]!], { descending: false, limit: 5, offset: 3 })
    const firstDataset = inListOrder(datasets[0]!.filter((event) => passes(event, query)))
    expect(single.entries.map((entry) => entry.id)).toEqual(firstDataset.slice(3, 8).map((event) => event.id))
  })

  it('answers an empty page after the last event', () => {
    const last = kept.at(-1)!
    expect(
      listPage(select(query), { descending: false, limit: 10, after: { timeMs: last.timeMs, id: last.id } }),
    ).toEqual({ entries: [], hasMore: false })
  })
})

describe('whole segments', () => {
  // Every event placed and timed, so an unfiltered selection is the whole segment.
  const placed = randomEvents(900, 20_000, seededRandom(7)).map((event, index) => ({
    ...event,
    timeMs: event.timeMs ?? Date.UTC(1000 + index, 0, 1),
    longitude: event.longitude ?? 10,
    latitude: Math.max(-80, Math.min(80, event.latitude ?? 10)),
  }))
  const whole = [segmentOf(50, placed.slice(0, 600)), segmentOf(51, placed.slice(600))]
  const world: BoundingBox = { west: -180, south: -85.05112878, east: 180, north: 85.05112878 }
  const selectWhole = () => whole.map((segment) => selectRows(segment, { bbox: world }))

  it('selects them as spans', () => {
    expect(selectWhole().map((selection) => selection.span)).toEqual([
      { low: 0, high: 600 },
      { low: 0, high: 300 },
    ])
  })

  it.each([0, 3, 8])(
    'clusters them from the cells kept per segment at zoom %i, as a row-by-row count would',
    (zoom) => {
      const expected = clusterCells(
        whole.map(
          (segment) =>
            new Selection(
              segment,
              Int32Array.from({ length: segment.size }, (_, row) => row),
            ),
        ),
        zoom,
        world,
      )
      const first = clusterCells(selectWhole(), zoom, world)
      const again = clusterCells(selectWhole(), zoom, world)
      for (const cells of [first, again]) {
        expect(cells.map(({ longitude, latitude, ...cell }) => cell)).toEqual(
          expected.map(({ longitude, latitude, ...cell }) => cell),
        )
        cells.forEach((cell, index) => expect(cell.latitude).toBeCloseTo(expected[index]!.latitude, 9))
      }
    },
  )

  it.each([false, true])('pages through them by cursor without listing them (descending: %s)', (descending) => {
    const ordered = inListOrder(placed)
    const expected = descending ? [...ordered].reverse() : ordered
    const seen = idsPageByPage(selectWhole, descending, 64)
    expect(seen).toEqual(expected.map((event) => event.id))
  })

  it('counts their buckets by binary search and knows their extent', () => {
    const starts = listBuckets(new Date(Date.UTC(-500, 0, 1)), new Date(Date.UTC(2030, 0, 1)), 'century')
    const startMs = Float64Array.from(starts, (start) => start.getTime())
    const rowByRow = countByBucket(
      whole.map(
        (segment) =>
          new Selection(
            segment,
            Int32Array.from({ length: segment.size }, (_, row) => row),
          ),
      ),
      startMs,
    )
    expect([...countByBucket(selectWhole(), startMs)]).toEqual([...rowByRow])
    expect([...rowByRow].reduce((a, b) => a + b, 0)).toBe(placed.length)
    expect(locatedExtent(selectWhole())).toEqual({
      count: placed.length,
      bounds: [
        Math.min(...placed.map((event) => event.longitude)),
        Math.min(...placed.map((event) => event.latitude)),
        Math.max(...placed.map((event) => event.longitude)),
        Math.max(...placed.map((event) => event.latitude)),
      ],
    })
  })
})

describe('unordered selections', () => {
  const selectUnordered = (query: IndexQuery, text?: number[]) =>
    segments.map((segment) => selectRows(segment, query, text ? segment.rowsOf(text) : undefined, { ordered: false }))

  it.each(QUERIES)('keep the same events as ordered ones: $name', ({ query, text }) => {
    const ids = (selections: Selection[]) =>
      selections.flatMap(({ segment, rows }) => [...rows].map((row) => segment.ids[row]!)).sort((a, b) => a - b)
    expect(ids(selectUnordered(query, text))).toEqual(ids(select(query, text)))
  })

  // Many events in and around a continent, and some around the antimeridian, so a view of either
  // is read cell by cell from the grid.
  const dense = (() => {
    const random = seededRandom(11)
    return randomEvents(30_000, 100_000, random).map((event, index) => {
      if (event.longitude === null) return event
      if (index % 5 > 0) return { ...event, longitude: -30 + random() * 80, latitude: 30 + random() * 45 }
      const longitude = 165 + random() * 30
      return { ...event, longitude: longitude > 180 ? longitude - 360 : longitude, latitude: -50 + random() * 120 }
    })
  })()
  const denseSegments = [segmentOf(70, dense.slice(0, 18_000)), segmentOf(71, dense.slice(18_000))]
  const europe: BoundingBox = { west: -25, south: 34, east: 45, north: 72 }
  const every = ['quake', 'flood', 'storm', 'fire']
  const CASES: Array<{ name: string; query: IndexQuery; runs: boolean }> = [
    { name: 'a continent', query: { bbox: europe }, runs: true },
    { name: 'a continent since 400 BC', query: { bbox: europe, startMs: Date.UTC(-399, 0, 1) }, runs: true },
    {
      name: 'a continent and any category',
      query: { bbox: europe, fields: { category: { kind: 'values', values: every } } },
      runs: true,
    },
    {
      name: 'a box over the antimeridian',
      query: { bbox: { west: 160, south: -60, east: -160, north: 80 } },
      runs: true,
    },
    {
      name: 'a box over the antimeridian since 400 BC',
      query: { bbox: { west: 160, south: -60, east: -160, north: 80 }, startMs: Date.UTC(-399, 0, 1) },
      runs: true,
    },
    {
      name: 'a continent, one category, since 400 BC',
      query: {
        bbox: europe,
        startMs: Date.UTC(-399, 0, 1),
        fields: { category: { kind: 'values', values: ['quake'] } },
      },
      // Read from the value's rows, the fewest candidates: one list, in list order.
      runs: false,
    },
    // Fewer rows in the century than in the continent's cells: read by time, in list order.
    {
      name: 'a continent over a century',
      query: { bbox: europe, startMs: Date.UTC(1200, 0, 1), endMs: Date.UTC(1299, 11, 31) },
      runs: false,
    },
  ]

  describe.each(CASES)('$name', ({ query, runs }) => {
    const expected = dense.filter((event) => passes(event, query))
    const ordered = () => denseSegments.map((segment) => selectRows(segment, query))
    const unordered = () => denseSegments.map((segment) => selectRows(segment, query, undefined, { ordered: false }))

    it(`${runs ? 'are' : 'are not'} read as runs of grid cells, and keep exactly the events the SQL keeps`, () => {
      const selections = unordered()
      expect(selections.every((selection) => (selection.runs !== undefined) === runs)).toBe(true)
      const ids = selections.flatMap(({ segment, rows }) => [...rows].map((row) => segment.ids[row]!))
      expect(ids.sort((a, b) => a - b)).toEqual(expected.map((event) => event.id).sort((a, b) => a - b))
      expect(expected.length).toBeGreaterThan(500)
    })

    // A wide selection is walked in list order for a page, a narrow one listed: both page alike.
    it.each([false, true])('pages by cursor and by offset in list order (descending: %s)', (descending) => {
      const inOrder = inListOrder(expected)
      const pageOrder = descending
        ? [
            ...inOrder.filter((event) => event.timeMs !== null).reverse(),
            ...inOrder.filter((event) => event.timeMs === null).reverse(),
          ]
        : inOrder
      const seen = idsPageByPage(ordered, descending, 97, 1000)
      expect(seen).toEqual(pageOrder.map((event) => event.id))
      const offset = listPage(ordered(), { descending, limit: 50, offset: 450 })
      expect(offset.entries.map((entry) => entry.id)).toEqual(pageOrder.slice(450, 500).map((event) => event.id))
    })

    // As the map asks: the view as given, and widened to the zoom's cells (where the kept cells of
    // the whole segment, its time blocks or its values stand for the rows inside the view).
    it.each([1, 4, 6, 7, 8])('cluster at zoom %i as a row-by-row count would', (zoom) => {
      for (const view of [query.bbox!, snapToCells(query.bbox!, zoom)]) {
        const inView = { ...query, bbox: view }
        const selections = denseSegments.map((segment) => selectRows(segment, inView, undefined, { ordered: false }))
        const rowByRow = clusterCells(
          denseSegments.map((segment) => new Selection(segment, selectRows(segment, inView).rows)),
          zoom,
          view,
        )
        const fromRuns = clusterCells(selections, zoom, view)
        expect(fromRuns.map(({ longitude, latitude, ...cell }) => cell)).toEqual(
          rowByRow.map(({ longitude, latitude, ...cell }) => cell),
        )
        fromRuns.forEach((cell, index) => {
          expect(cell.longitude).toBeCloseTo(rowByRow[index]!.longitude, 9)
          expect(cell.latitude).toBeCloseTo(rowByRow[index]!.latitude, 9)
        })
        expect(fromRuns.reduce((sum, cell) => sum + cell.count, 0)).toBe(
          dense.filter((event) => passes(event, inView)).length,
        )
      }
    })

    it('count per bucket, find the time extent and the bounds as row-by-row readings do', () => {
      const starts = listBuckets(new Date(Date.UTC(-600, 0, 1)), new Date(Date.UTC(2030, 0, 1)), 'century')
      const perCentury = new Map<number, number>()
      for (const event of expected.filter((event) => event.timeMs !== null)) {
        const bucket = truncateToInterval(new Date(event.timeMs!), 'century').getTime()
        perCentury.set(bucket, (perCentury.get(bucket) ?? 0) + 1)
      }
      const startMs = Float64Array.from(starts, (start) => start.getTime())
      expect([...countByBucket(unordered(), startMs)]).toEqual(
        starts.map((start) => perCentury.get(start.getTime()) ?? 0),
      )
      expect([...countByBucket(ordered(), startMs)]).toEqual(
        starts.map((start) => perCentury.get(start.getTime()) ?? 0),
      )
      expect(timeExtent(unordered())).toEqual(timeExtent(ordered()))
      expect(locatedExtent(unordered())).toEqual(locatedExtent(ordered()))
      expect(locatedExtent(unordered()).count).toBe(expected.length)
      expect(locatedIdsUpTo(unordered(), 100)).toBeNull()
    })
  })

  it.each([0, 2, 5, 8])('cluster a time range at zoom %i from block summaries as a row-by-row count would', (zoom) => {
    const query: IndexQuery = { startMs: Date.UTC(-300, 0, 1), endMs: Date.UTC(1800, 0, 1) }
    const world: BoundingBox = { west: -180, south: -85.05112878, east: 180, north: 85.05112878 }
    const spans = denseSegments.map((segment) => selectRows(segment, query, undefined, { ordered: false }))
    expect(spans.every((selection) => selection.span !== undefined)).toBe(true)
    const listed = spans.map((selection) => new Selection(selection.segment, selection.rows))
    const fromBlocks = clusterCells(spans, zoom, world)
    const rowByRow = clusterCells(listed, zoom, world)
    expect(fromBlocks.map(({ longitude, latitude, ...cell }) => cell)).toEqual(
      rowByRow.map(({ longitude, latitude, ...cell }) => cell),
    )
    fromBlocks.forEach((cell, index) => expect(cell.latitude).toBeCloseTo(rowByRow[index]!.latitude, 9))
    // The bigger segment has enough whole blocks in the range for their summaries to be used.
    expect(denseSegments[0]!.memoize(`block-cells:${zoom}`, () => 'never computed')).not.toBe('never computed')
  })

  it.each([
    { values: ['quake'], zoom: 2 },
    { values: ['quake', 'fire'], zoom: 5 },
    { values: ['storm'], zoom: 8 },
  ])(
    'cluster every event with $values at zoom $zoom from per-value cells as a row-by-row count would',
    ({ values, zoom }) => {
      const world: BoundingBox = { west: -180, south: -85.05112878, east: 180, north: 85.05112878 }
      const query: IndexQuery = { fields: { category: { kind: 'values', values } } }
      for (const ordered of [true, false]) {
        const selections = denseSegments.map((segment) => selectRows(segment, query, undefined, { ordered }))
        // In list order, two values' rows would need sorting: a scan is cheaper, and rows are counted one by one.
        if (!ordered || values.length === 1)
          expect(selections.every((selection) => selection.wholeValues?.path === 'category')).toBe(true)
        const rowByRow = clusterCells(
          selections.map((selection) => new Selection(selection.segment, selection.rows)),
          zoom,
          world,
        )
        const fromValues = clusterCells(selections, zoom, world)
        expect(fromValues.map(({ longitude, latitude, ...cell }) => cell)).toEqual(
          rowByRow.map(({ longitude, latitude, ...cell }) => cell),
        )
        fromValues.forEach((cell, index) => expect(cell.longitude).toBeCloseTo(rowByRow[index]!.longitude, 9))
        const expected = dense.filter((event) => event.longitude !== null && values.includes(event.category ?? ''))
        expect(fromValues.reduce((sum, cell) => sum + cell.count, 0)).toBe(expected.length)
      }
      // A time range keeps only some of a value's rows: no per-value cells.
      const within = selectRows(denseSegments[0]!, { ...query, startMs: Date.UTC(1000, 0, 1) }, undefined, {
        ordered: false,
      })
      expect(within.wholeValues).toBeUndefined()
    },
  )

  it.each([
    { name: 'a time range', query: { startMs: Date.UTC(-300, 0, 1), endMs: Date.UTC(1800, 0, 1) } },
    { name: 'a short time range', query: { startMs: Date.UTC(1500, 0, 1), endMs: Date.UTC(1510, 0, 1) } },
    { name: 'one value', query: { fields: { category: { kind: 'values', values: ['quake'] } } } },
    { name: 'two values', query: { fields: { category: { kind: 'values', values: ['quake', 'fire'] } } } },
  ] satisfies Array<{ name: string; query: IndexQuery }>)(
    'bound and count $name from block or per-value summaries as a row-by-row reading does',
    ({ query }) => {
      const selections = denseSegments.map((segment) => selectRows(segment, query, undefined, { ordered: false }))
      expect(selections.every((selection) => selection.span ?? selection.wholeValues)).toBeTruthy()
      const rowByRow = locatedExtent(selections.map((selection) => new Selection(selection.segment, selection.rows)))
      expect(locatedExtent(selections)).toEqual(rowByRow)
      const expected = dense.filter((event) => event.longitude !== null && passes(event, query))
      expect(rowByRow.count).toBe(expected.length)
      const starts = Float64Array.from(
        listBuckets(new Date(Date.UTC(-600, 0, 1)), new Date(Date.UTC(2030, 0, 1)), 'decade'),
        (start) => start.getTime(),
      )
      expect([...countByBucket(selections, starts)]).toEqual([
        ...countByBucket(
          selections.map((selection) => new Selection(selection.segment, selection.rows)),
          starts,
        ),
      ])
      expect(rowByRow.bounds).toEqual([
        Math.min(...expected.map((event) => event.longitude!)),
        Math.min(...expected.map((event) => event.latitude!)),
        Math.max(...expected.map((event) => event.longitude!)),
        Math.max(...expected.map((event) => event.latitude!)),
      ])
    },
  )

  it.each([
    { view: 'the world', zoom: 0 },
    { view: 'the world', zoom: 2 },
    { view: 'a continent', zoom: 4 },
    { view: 'a continent', zoom: 6 },
  ])(
    "cluster and bound a search's matches in $view at zoom $zoom from cells kept with them as a row-by-row reading does",
    ({ view, zoom }) => {
      const box = view === 'the world' ? { west: -180, south: -85.05112878, east: 180, north: 85.05112878 } : europe
      const snapped = snapToCells(box, zoom)
      const query: IndexQuery = { bbox: snapped, locatedOnly: true }
      const matched = dense.filter((event) => event.id % 2 === 0)
      const text = denseSegments.map((segment) => segment.rowsOf(matched.map((event) => event.id)))
      // Twice: the first reading keeps the cells, the second reads them.
      for (const reading of ['first', 'second']) {
        const selections = denseSegments.map((segment, index) =>
          selectRows(segment, query, text[index], { ordered: false }),
        )
        for (const selection of selections)
          expect(selection.searched ?? selection.boxed?.searched, reading).toBe(text[selections.indexOf(selection)])
        const listed = selections.map((selection) => new Selection(selection.segment, selection.rows))
        const rowByRow = clusterCells(listed, zoom, snapped)
        const fromKept = clusterCells(selections, zoom, snapped)
        expect(fromKept.map(({ longitude, latitude, ...cell }) => cell)).toEqual(
          rowByRow.map(({ longitude, latitude, ...cell }) => cell),
        )
        fromKept.forEach((cell, index) => expect(cell.latitude).toBeCloseTo(rowByRow[index]!.latitude, 9))
        expect(locatedExtent(selections)).toEqual(locatedExtent(listed))
        const expected = matched.filter((event) => passes(event, query))
        expect(fromKept.reduce((sum, cell) => sum + cell.count, 0)).toBe(expected.length)
      }
      // A time range keeps only some of the matches: they are read row by row.
      const within = selectRows(denseSegments[0]!, { ...query, startMs: Date.UTC(1000, 0, 1) }, text[0], {
        ordered: false,
      })
      expect(within.searched ?? within.boxed?.searched).toBeUndefined()
    },
  )

  // The selections hold exactly the expected events, and give the bounds and the counts per
  // century the same rows give listed one by one.
  const expectRowsAsListed = (selections: readonly Selection[], expected: readonly number[]) => {
    const ids = selections.flatMap(({ segment, rows }) => [...rows].map((row) => segment.ids[row]!))
    expect(ids.sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b))
    const listed = selections.map((selection) => new Selection(selection.segment, selection.rows))
    expect(locatedExtent(selections)).toEqual(locatedExtent(listed))
    const starts = Float64Array.from(
      listBuckets(new Date(Date.UTC(-600, 0, 1)), new Date(Date.UTC(2030, 0, 1)), 'century'),
      (start) => start.getTime(),
    )
    expect([...countByBucket(selections, starts)]).toEqual([...countByBucket(listed, starts)])
  }

  it.each([
    { name: 'a continent', query: { bbox: europe } },
    { name: 'a city', query: { bbox: { west: 2.0, south: 48.5, east: 9.0, north: 52.5 } } },
    { name: 'a box over the antimeridian', query: { bbox: { west: 160, south: -60, east: -160, north: 80 } } },
    { name: 'a continent since 400 BC', query: { bbox: europe, startMs: Date.UTC(-399, 0, 1) } },
    {
      name: 'a continent and a category',
      query: { bbox: europe, fields: { category: { kind: 'values', values: ['quake'] } } },
    },
  ] satisfies Array<{ name: string; query: IndexQuery }>)(
    "select a search's matches in $name from the matches' own grid cells as the SQL does",
    ({ query }) => {
      const matched = dense.filter((event) => event.id % 2 === 0)
      const text = denseSegments.map((segment) => segment.rowsOf(matched.map((event) => event.id)))
      const expected = matched.filter((event) => passes(event, query)).map((event) => event.id)
      expect(expected.length).toBeGreaterThan(50)
      for (const ordered of [true, false]) {
        const selections = denseSegments.map((segment, index) => selectRows(segment, query, text[index], { ordered }))
        expectRowsAsListed(selections, expected)
      }
    },
  )

  it.each([
    { name: 'a continent', query: { bbox: europe } },
    { name: 'a city', query: { bbox: { west: 2.0, south: 48.5, east: 9.0, north: 52.5 } } },
    { name: 'a box over the antimeridian', query: { bbox: { west: 160, south: -60, east: -160, north: 80 } } },
    { name: 'a continent since 400 BC', query: { bbox: europe, startMs: Date.UTC(-399, 0, 1) } },
    { name: 'a continent and a size range', query: { bbox: europe, fields: { size: { kind: 'range', min: 3 } } } },
  ] satisfies Array<{ name: string; query: IndexQuery }>)(
    "select two categories' rows in $name from the values' own grid cells as the SQL does",
    ({ query: view }) => {
      const query: IndexQuery = {
        ...view,
        fields: { ...view.fields, category: { kind: 'values', values: ['quake', 'flood'] } },
      }
      const expected = dense.filter((event) => passes(event, query)).map((event) => event.id)
      expect(expected.length).toBeGreaterThan(50)
      // Twice: the first reading groups the values' rows by cell, the second reads the kept grids.
      for (const ordered of [true, false, false]) {
        const selections = denseSegments.map((segment) => selectRows(segment, query, undefined, { ordered }))
        if (ordered) for (const { rows } of selections) expect([...rows]).toEqual([...rows].sort((a, b) => a - b))
        expectRowsAsListed(selections, expected)
      }
    },
  )

  it('keep the rows just inside and drop those just outside boxes whose edges cut through cells', () => {
    // Edges at random, so grid cells straddle them by a little and by a lot: a cell is taken whole,
    // skipped or read row by row from its rows' extent, never from where its edges are.
    const random = seededRandom(5)
    for (let trial = 0; trial < 40; trial++) {
      const west = -30 + random() * 60
      const south = 30 + random() * 30
      const box: BoundingBox = {
        west,
        south,
        east: west + 1 + random() * 30,
        north: Math.min(85, south + 1 + random() * 20),
      }
      const query: IndexQuery = trial % 2 === 0 ? { bbox: box } : { bbox: box, startMs: Date.UTC(-200, 0, 1) }
      const selections = denseSegments.map((segment) => selectRows(segment, query, undefined, { ordered: false }))
      const ids = selections
        .flatMap(({ segment, rows }) => [...rows].map((row) => segment.ids[row]!))
        .sort((a, b) => a - b)
      expect(ids).toEqual(
        dense
          .filter((event) => passes(event, query))
          .map((event) => event.id)
          .sort((a, b) => a - b),
      )
    }
  })

  it('count the buckets and find the time extent of crowded cells in view as row-by-row readings do', () => {
    // Two crowded cities (tens of thousands of events a coarse cell, over three 65,536-row
    // stretches) and scattered events around them.
    const random = seededRandom(23)
    const crowded = randomEvents(140_000, 300_000, random).map((event, index) => {
      if (event.longitude === null) return event
      const [longitude, latitude] = index % 3 === 0 ? [2.35, 48.85] : index % 3 === 1 ? [13.4, 52.52] : [0, 0]
      return index % 3 === 2
        ? { ...event, longitude: -60 + random() * 120, latitude: 20 + random() * 60 }
        : { ...event, longitude: longitude + random() * 0.2, latitude: latitude + random() * 0.2 }
    })
    const segment = segmentOf(72, crowded)
    const view: BoundingBox = { west: -25, south: 34, east: 45, north: 72 }
    const inView = crowded.filter((event) => passes(event, { bbox: view }))
    const extent = timeExtent([selectRows(segment, { bbox: view }, undefined, { ordered: false })])!
    const timed = inView.filter((event) => event.timeMs !== null).map((event) => event.timeMs!)
    expect(extent).toEqual({ firstMs: Math.min(...timed), lastMs: Math.max(...timed) })
    for (const interval of ['century'] as const) {
      const starts = listBuckets(new Date(extent.firstMs), new Date(extent.lastMs), interval)
      const perBucket = new Map<number, number>()
      for (const timeMs of timed) {
        const bucket = truncateToInterval(new Date(timeMs), interval).getTime()
        perBucket.set(bucket, (perBucket.get(bucket) ?? 0) + 1)
      }
      const counts = countByBucket(
        [selectRows(segment, { bbox: view }, undefined, { ordered: false })],
        Float64Array.from(starts, (start) => start.getTime()),
      )
      expect([...counts]).toEqual(starts.map((start) => perBucket.get(start.getTime()) ?? 0))
    }
  })

  it.each([9, 11, 13, 15])(
    "cluster a crowded city's view at zoom %i from its grid cells' own cells as a row-by-row reading does",
    (zoom) => {
      // One city of 40,000 events within a fifth of a degree, and scattered events around it.
      const random = seededRandom(29)
      const events = randomEvents(60_000, 300_000, random).map((event, index) =>
        event.longitude === null
          ? event
          : index % 3 === 2
            ? { ...event, longitude: -10 + random() * 30, latitude: 40 + random() * 15 }
            : { ...event, longitude: 2.35 + random() * 0.2, latitude: 48.85 + random() * 0.2 },
      )
      const segment = segmentOf(73, events)
      // A window on the city's middle, cutting through it, and one holding all of it.
      for (const box of [
        { west: 2.4, south: 48.9, east: 2.5, north: 49.0 },
        { west: 2.0, south: 48.5, east: 3.0, north: 49.3 },
      ]) {
        const snapped = snapToCells(box, zoom)
        const query: IndexQuery = { bbox: snapped, locatedOnly: true }
        // Twice: the first reading keeps the grid cell's cells, the second reads them.
        for (const reading of ['first', 'second']) {
          const selection = selectRows(segment, query, undefined, { ordered: false })
          const rowByRow = clusterCells([new Selection(segment, selection.rows)], zoom, snapped)
          const fromCells = clusterCells([selectRows(segment, query, undefined, { ordered: false })], zoom, snapped)
          expect(
            fromCells.map(({ longitude, latitude, ...cell }) => cell),
            reading,
          ).toEqual(rowByRow.map(({ longitude, latitude, ...cell }) => cell))
          fromCells.forEach((cell, index) => {
            expect(cell.longitude).toBeCloseTo(rowByRow[index]!.longitude, 9)
            expect(cell.latitude).toBeCloseTo(rowByRow[index]!.latitude, 9)
          })
          const expected = events.filter((event) => passes(event, query)).length
          expect(expected).toBeGreaterThan(1000)
          expect(fromCells.reduce((sum, cell) => sum + cell.count, 0)).toBe(expected)
        }
      }
    },
  )

  it('walk a wide selection for a page, and list a narrow one', () => {
    const walked = (query: IndexQuery) => denseSegments.map((segment) => selectRows(segment, query).walk !== undefined)
    expect(walked({ bbox: europe })).toEqual([true, true])
    expect(walked({ bbox: europe, fields: { category: { kind: 'values', values: every } } })).toEqual([true, true])
    // Fewer than 4,096 candidates: listing them is cheap.
    expect(walked({ bbox: europe, fields: { category: { kind: 'values', values: ['quake'] } } })).toEqual([
      false,
      false,
    ])
    expect(walked({ bbox: { west: 1.9, south: 48.72, east: 2.8, north: 49.08 } })).toEqual([false, false])
    expect(walked({ bbox: europe, startMs: Date.UTC(1200, 0, 1), endMs: Date.UTC(1299, 11, 31) })).toEqual([
      false,
      false,
    ])
  })

  it('list only few enough located ids, smallest first', () => {
    const query: IndexQuery = {
      bbox: europe,
      fields: { category: { kind: 'values', values: ['quake'] } },
      startMs: Date.UTC(1990, 0, 1),
    }
    const ids = dense
      .filter((event) => passes(event, query))
      .map((event) => event.id)
      .sort((a, b) => a - b)
    const selections = denseSegments.map((segment) => selectRows(segment, query, undefined, { ordered: false }))
    expect(locatedIdsUpTo(selections, ids.length)).toEqual(ids)
    expect(locatedIdsUpTo(selections, ids.length - 1)).toBeNull()
  })
})
