import {
  clusterCellSize,
  EARTH_RADIUS_M,
  MAX_MERCATOR_LATITUDE,
  singleUp,
  snapToCells,
  splitBoundingBox,
  type BoundingBox,
  type FilterState,
} from '@chronotope/filters'
import { beforeAll, describe, expect, inject, it } from 'vitest'

import { insertEventsBulk, type EventRow } from '../../../src/lib/events/bulk-insert-events'
import {
  buildEventCells,
  CELL_TABLES,
  COARSE_MONTH_CELL_ZOOM,
  MAX_CELL_ZOOM,
  MONTH_CELL_ZOOM,
} from '../../../src/lib/events-read/event-cells/build-event-cells'
import {
  buildsTimeRange,
  cellsInView,
  dayCountsByBucket,
  extentOfCells,
  seriesCountsByBucket,
  valueCountsByBucket,
  valuesTimeRange,
  viewHoldsEveryEvent,
  wholeDaysOf,
  wholeMonthsOf,
  type TimeSpan,
} from '../../../src/lib/events-read/event-cells/cell-queries'
import { VALUE_CELL_ZOOM } from '../../../src/lib/events-read/event-cells/build-value-cells'
import { extentOfPoints, visitPointTimes } from '../../../src/lib/events-read/event-cells/point-block-codec'
import { insertPointBlocks, pointBlocksInView } from '../../../src/lib/events-read/event-cells/point-blocks'
import { cutView, outsideCutSql, type ViewCut } from '../../../src/lib/events-read/event-cells/view-cut'
import { cellXSql, cellYSql } from '../../../src/lib/events-read/event-cells/cell-grid-sql'
import { eventConditions, SqlParams } from '../../../src/lib/events-read/event-conditions'
import { EventCellStore } from '../../../src/lib/events-read/event-cells/event-cell-store'
import { databasePool } from '../../../src/lib/import/progress-tracking'
import { testPayload } from '../../helpers/api-client'
import { eventRow } from '../../helpers/event-rows'
import { createPublicDataset, createReadFixture } from '../../helpers/read-fixture'
import { seededRandom } from '../../helpers/seeded-random'

const EVENTS = 3000
let catalogId: number
let datasetId: number

const CATEGORIES = ['quake', 'flood', 'fire'] as const

/** The i-th event's unique id, in the events' order: the field sample takes the lowest unique ids. */
const eventUniqueId = (dataset: number, i: number) => `cells-${dataset}-${String(i).padStart(6, '0')}`

/**
 * The data of the i-th event: `category`, a value list the sample of the first 2000 events finds
 * as text, though later events hold the number 3 and some none; `batch`, a value list in the
 * sample with a thousand more values after it; `note`, free text; `a.b`, a key with a dot.
 */
function dataOf(i: number): Record<string, unknown> {
  return {
    ...(i % 11 === 0 ? {} : { category: i >= 2500 && i % 5 === 0 ? 3 : CATEGORIES[i % 3] }),
    batch: i < 2000 ? `b${i % 10}` : `late-${i}`,
    note: `Note number ${i}`,
    'a.b': 'dotted',
  }
}

/** Events scattered over the world and 3000 years, with the edge cases the cells must count alike. */
function scatteredEvents(dataset: number, count: number): EventRow[] {
  const next = seededRandom(7)
  const rows: EventRow[] = []
  for (let i = 0; i < count; i++) {
    const kind = i % 20
    // A third near Paris (many cells at high zoom), a tenth at one place, the rest anywhere.
    const [longitude, latitude] =
      kind < 7
        ? [2.35 + (next() - 0.5) * 0.4, 48.85 + (next() - 0.5) * 0.3]
        : kind < 9
          ? [13.4, 52.52]
          : [next() * 360 - 180, next() * 170 - 85]
    rows.push(
      eventRow(dataset, eventUniqueId(dataset, i), {
        eventTime: kind === 9 ? null : new Date(Date.UTC(-1000 + Math.floor(next() * 3000), 0, 1) + next() * 3e10),
        longitude: kind === 10 ? null : longitude,
        latitude: kind === 10 ? null : latitude,
        data: dataOf(i),
      }),
    )
  }
  // The edges: the antimeridian, beyond Web Mercator's latitudes, and both at once.
  for (const [longitude, latitude] of [
    [180, 0],
    [-180, 10],
    [0, 89.5],
    [45, -89.9],
    [180, 86],
  ] as const)
    rows.push(eventRow(dataset, `cells-${dataset}-edge-${longitude}-${latitude}`, { longitude, latitude }))
  // The first event has no place: a map view's time range starts later.
  rows.push(
    eventRow(dataset, `cells-${dataset}-first`, {
      longitude: null,
      latitude: null,
      eventTime: new Date(Date.UTC(-2000, 0, 1)),
    }),
  )
  return rows
}

beforeAll(async () => {
  catalogId = (await createReadFixture(`Event cells ${Date.now()}`, 1, 1)).catalogId
  datasetId = await createPublicDataset(catalogId, 'Scattered')
  const pool = databasePool(await testPayload())
  await insertEventsBulk(pool, scatteredEvents(datasetId, EVENTS))
  // Events marked removed are left out of every read, and so of the cells.
  await pool.query(
    `update events set removed_at = now() where dataset_id = $1 and unique_id in ('${eventUniqueId(datasetId, 1)}', '${eventUniqueId(datasetId, 2)}')`,
    [datasetId],
  )
})

interface OracleCell {
  cx: number
  cy: number
  count: number
  firstId: number
  west: number
  south: number
  east: number
  north: number
}

// The cells counted from the events, the way map-clusters' SQL counts them for a box.
async function cellsFromEvents(
  datasets: readonly number[],
  zoom: number,
  view: BoundingBox,
  span: TimeSpan = {},
  categories?: readonly string[],
): Promise<OracleCell[]> {
  const pool = databasePool(await testPayload())
  const boxes = splitBoundingBox(view)
    .map((box) => `st_makeenvelope(${box.west}, ${box.south}, ${box.east}, ${box.north}, 4326)`)
    .map((envelope) => `e.location && ${envelope}`)
  const { rows } = await pool.query<OracleCell>(
    `select cx::int as cx, cy::int as cy, count(*)::int as count, min(id) as "firstId",
            min(lon) as west, min(lat) as south, max(lon) as east, max(lat) as north
       from (select e.id, st_x(e.location) as lon, st_y(e.location) as lat,
                    floor(radians(st_x(e.location)) * ${EARTH_RADIUS_M}::float8 / $2::float8) as cx,
                    floor(ln(tan(pi() / 4 + radians(greatest(least(st_y(e.location), ${MAX_MERCATOR_LATITUDE}::float8),
                      -${MAX_MERCATOR_LATITUDE}::float8)) / 2)) * ${EARTH_RADIUS_M}::float8 / $2::float8) as cy
               from events e
              where e.dataset_id = any($1::int[]) and e.removed_at is null and (${boxes.join(' or ')})
                and ($3::timestamptz is null or e.event_time >= $3) and ($4::timestamptz is null or e.event_time < $4)
                and ($5::text[] is null or e.data #>> '{category}' = any($5::text[]))) p
      group by cx, cy order by cy, cx`,
    [[...datasets], clusterCellSize(zoom), span.start ?? null, span.end ?? null, categories ?? null],
  )
  return rows.map((row) => ({ ...row, firstId: Number(row.firstId) }))
}

const VIEWS: ReadonlyArray<readonly [string, BoundingBox]> = [
  ['the world', { west: -180, south: -90, east: 180, north: 90 }],
  ['Paris', { west: 2.2, south: 48.8, east: 2.5, north: 48.9 }],
  ['the Pacific, across the antimeridian', { west: 120, south: -60, east: -100, north: 60 }],
]

describe('event cells', () => {
  it('count the cells of every zoom and view as the events themselves do', async () => {
    const pool = databasePool(await testPayload())
    const build = await buildEventCells(pool, datasetId)
    expect(build).toMatchObject({ located: EVENTS + 5 - 150 - 2 })
    for (const [name, box] of VIEWS)
      for (let zoom = 0; zoom <= MAX_CELL_ZOOM; zoom++) {
        const view = snapToCells(box, zoom)
        const expected = await cellsFromEvents([datasetId], zoom, view)
        const { cells } = await cellsInView(pool, [datasetId], zoom, view)
        const plain = cells.map(({ cx, cy, count, firstId, west, south, east, north }) => ({
          ...{ cx, cy, count, firstId, west, south, east, north },
        }))
        expect(plain, `${name} at zoom ${zoom}`).toEqual(expected)
      }
  })

  it('count the cells of whole months at a continent’s zoom or wider as the events themselves do', async () => {
    const pool = databasePool(await testPayload())
    await buildEventCells(pool, datasetId)
    const spans: TimeSpan[] = [
      { start: new Date(Date.UTC(-500, 0, 1)), end: new Date(Date.UTC(1990, 5, 1)) },
      { start: new Date(Date.UTC(1200, 2, 1)) },
      { end: new Date(Date.UTC(100, 0, 1)) },
    ]
    for (const [name, box] of VIEWS)
      for (let zoom = 0; zoom <= MONTH_CELL_ZOOM; zoom++)
        for (const span of spans) {
          const view = snapToCells(box, zoom)
          const expected = await cellsFromEvents([datasetId], zoom, view, span)
          const { cells } = await cellsInView(pool, [datasetId], zoom, view, { months: span })
          const plain = cells.map(({ cx, cy, count, firstId, west, south, east, north }) => ({
            ...{ cx, cy, count, firstId, west, south, east, north },
          }))
          expect(plain, `${name} at zoom ${zoom}, ${JSON.stringify(span)}`).toEqual(expected)
        }
    for (const span of spans) {
      const { rows } = await pool.query<{ west: number; south: number; east: number; north: number; count: number }>(
        `select st_xmin(x) as west, st_ymin(x) as south, st_xmax(x) as east, st_ymax(x) as north, n as count
           from (select st_extent(location) as x, count(location)::int as n from events
                  where dataset_id = $1 and removed_at is null and event_time is not null
                    and ($2::timestamptz is null or event_time >= $2) and ($3::timestamptz is null or event_time < $3)) t`,
        [datasetId, span.start ?? null, span.end ?? null],
      )
      const { west, south, east, north, count } = rows[0]!
      for (const zoom of [COARSE_MONTH_CELL_ZOOM, MONTH_CELL_ZOOM])
        expect(
          await extentOfCells(pool, [datasetId], zoom, null, { months: span }),
          `${JSON.stringify(span)} at zoom ${zoom}`,
        ).toEqual({ bounds: [west, south, east, north], count })
    }
  })

  it('count the cells and months of some values of a value-list field as the events themselves do', async () => {
    const pool = databasePool(await testPayload())
    await buildEventCells(pool, datasetId)
    const { rows: builds } = await pool.query('select value_fields from event_cell_builds where dataset_id = $1', [
      datasetId,
    ])
    // `batch` has too many values over all events, `note` is free text, `a.b` is another path.
    expect(builds[0]?.value_fields).toEqual(['category'])
    const slices = [['quake'], ['flood', 'fire'], ['3'], ['no such value']]
    for (const values of slices) {
      const slice = { field: 'category', values }
      for (const [name, box] of VIEWS)
        for (let zoom = 0; zoom <= VALUE_CELL_ZOOM; zoom++) {
          const view = snapToCells(box, zoom)
          const expected = await cellsFromEvents([datasetId], zoom, view, {}, values)
          const { cells } = await cellsInView(pool, [datasetId], zoom, view, { values: slice })
          const plain = cells.map(({ cx, cy, count, firstId, west, south, east, north }) => ({
            ...{ cx, cy, count, firstId, west, south, east, north },
          }))
          expect(plain, `${values.join(', ')} in ${name} at zoom ${zoom}`).toEqual(expected)
        }
      const { rows: extents } = await pool.query<{
        west: number
        south: number
        east: number
        north: number
        count: number
      }>(
        `select st_xmin(x) as west, st_ymin(x) as south, st_xmax(x) as east, st_ymax(x) as north, n as count
           from (select st_extent(location) as x, count(location)::int as n from events
                  where dataset_id = $1 and removed_at is null and data #>> '{category}' = any($2::text[])) t`,
        [datasetId, values],
      )
      const { west, south, east, north, count } = extents[0]!
      expect(await extentOfCells(pool, [datasetId], 0, null, { values: slice }), values.join(', ')).toEqual({
        bounds: count === 0 ? null : [west, south, east, north],
        count,
      })
      const months = { start: new Date(Date.UTC(1000, 2, 1)), end: new Date(Date.UTC(1990, 5, 1)) }
      for (const located of [false, true]) {
        for (const interval of ['month', 'year', 'decade'] as const) {
          const { rows } = await pool.query<{ bucket: Date; count: number }>(
            `select date_trunc($4, event_time, 'UTC') as bucket, count(*)::int as count from events
              where dataset_id = $1 and removed_at is null and event_time is not null
                and ($2::boolean = false or location is not null) and data #>> '{category}' = any($3::text[])
                and event_time >= $5 and event_time < $6 group by 1`,
            [datasetId, located, values, interval, months.start, months.end],
          )
          const counted = await valueCountsByBucket(pool, [datasetId], interval, months, located, slice)
          expect(counted, `${values.join(', ')} by ${interval}, located ${located}`).toEqual(
            new Map(rows.map((row) => [row.bucket.getTime(), row.count])),
          )
        }
        const { rows: times } = await pool.query<{ first: Date | null; last: Date | null }>(
          `select min(event_time) as first, max(event_time) as last from events
            where dataset_id = $1 and removed_at is null and ($2::boolean = false or location is not null)
              and data #>> '{category}' = any($3::text[])`,
          [datasetId, located, values],
        )
        const range = times[0]!.first ? { first: times[0]!.first, last: times[0]!.last } : null
        expect(await valuesTimeRange(pool, [datasetId], slice, located)).toEqual(range)
      }
    }
  })

  it('sum the month series of a view’s inside cells, of all events and per value, as the events do', async () => {
    const pool = databasePool(await testPayload())
    await buildEventCells(pool, datasetId)
    const months = { start: new Date(Date.UTC(1000, 2, 1)), end: new Date(Date.UTC(1990, 5, 1)) }
    const inner = cutView({ west: -25, south: 34, east: 45, north: 72 }, { months })!.inner
    for (const values of [undefined, ['quake'], ['flood', 'fire'], ['3'], ['no such value']])
      for (const span of [months, {}] as TimeSpan[])
        for (const interval of ['month', 'year', 'decade', 'century'] as const) {
          const params = new SqlParams()
          const size = params.add(clusterCellSize(MONTH_CELL_ZOOM))
          const { rows } = await pool.query<{ bucket: Date; count: number }>(
            `select date_trunc(${params.add(interval)}, event_time, 'UTC') as bucket, count(*)::int as count from events e
              where dataset_id = ${params.add(datasetId)} and removed_at is null and event_time is not null
                and location is not null
                and (${params.add(values ?? null)}::text[] is null or data #>> '{category}' = any(${params.add(values ?? null)}::text[]))
                and (${params.add(span.start ?? null)}::timestamptz is null or event_time >= ${params.add(span.start ?? null)})
                and (${params.add(span.end ?? null)}::timestamptz is null or event_time < ${params.add(span.end ?? null)})
                and ${cellXSql(size)} between ${params.add(inner.minX)} and ${params.add(inner.maxX)}
                and ${cellYSql(size)} between ${params.add(inner.minY)} and ${params.add(inner.maxY)}
              group by 1`,
            params.values,
          )
          const slice = values && { field: 'category', values }
          const counted = await seriesCountsByBucket(pool, [datasetId], inner, interval, span, slice)
          const label = `${values?.join(', ') ?? 'all'} inside Europe by ${interval}, ${JSON.stringify(span)}`
          expect(counted, label).toEqual(new Map(rows.map((row) => [row.bucket.getTime(), row.count])))
          if (interval === 'year' && !values) expect(counted.size, label).toBeGreaterThan(5)
        }
    // Kept per month: no days.
    await expect(seriesCountsByBucket(pool, [datasetId], inner, 'day', {})).rejects.toThrow(RangeError)
  })

  it('take a time range as whole days or whole months only when it is one', () => {
    const state = (startDate?: string, endDate?: string) => ({ fields: {}, startDate, endDate }) as never
    expect(wholeMonthsOf(state('1990-01-01T00:00:00.000Z', '1999-12-31T23:59:59.999Z'))).toEqual({
      start: new Date('1990-01-01T00:00:00.000Z'),
      end: new Date('2000-01-01T00:00:00.000Z'),
    })
    expect(wholeMonthsOf(state('1990-01-02T00:00:00.000Z'))).toBeNull()
    expect(wholeMonthsOf(state(undefined, '1999-12-30T23:59:59.999Z'))).toBeNull()
    expect(wholeDaysOf(state('1990-01-02T00:00:00.000Z', '1990-01-02T23:59:59.999Z'))).toEqual({
      start: new Date('1990-01-02T00:00:00.000Z'),
      end: new Date('1990-01-03T00:00:00.000Z'),
    })
    expect(wholeDaysOf(state('1990-01-02T12:00:00.000Z'))).toBeNull()
    expect(wholeDaysOf(state())).toEqual({ start: undefined, end: undefined })
  })

  it('count the days of every interval as the events themselves do, within whole days and over all time', async () => {
    const pool = databasePool(await testPayload())
    await buildEventCells(pool, datasetId)
    const start = new Date(Date.UTC(-200, 0, 1))
    const end = new Date(Date.UTC(1500, 6, 1))
    for (const interval of ['day', 'week', 'month', 'year', 'decade', 'century'] as const)
      for (const located of [false, true])
        for (const range of [{}, { start, end }]) {
          const { rows } = await pool.query<{ bucket: Date; count: number }>(
            `select date_trunc($2, event_time, 'UTC') as bucket, count(*)::int as count from events
              where dataset_id = $1 and removed_at is null and event_time is not null
                and ($3::boolean = false or location is not null)
                and ($4::timestamptz is null or event_time >= $4) and ($5::timestamptz is null or event_time < $5)
              group by 1`,
            [datasetId, interval, located, range.start ?? null, range.end ?? null],
          )
          const expected = new Map(rows.map((row) => [row.bucket.getTime(), row.count]))
          const counted = await dayCountsByBucket(pool, [datasetId], interval, range, located)
          expect(counted, `${interval}, located ${located}, ${JSON.stringify(range)}`).toEqual(expected)
        }
  })

  it('answer only at the events version they were built for, and are built again after a change', async () => {
    const pool = databasePool(await testPayload())
    const dataset = await createPublicDataset(catalogId, 'Changing')
    await insertEventsBulk(pool, scatteredEvents(dataset, 200))
    const store = new EventCellStore(pool, { minEvents: 1, indexCanHold: () => false })
    const first = await store.cellsFor({ pool, onReplica: false }, [dataset])
    expect(first?.builds[0]).toMatchObject({ datasetId: dataset, located: 200 + 5 - 10 })

    await insertEventsBulk(pool, [eventRow(dataset, 'late-arrival', { longitude: -70, latitude: -30 })])
    const second = await store.cellsFor({ pool, onReplica: false }, [dataset])
    expect(BigInt(second!.builds[0]!.version)).toBeGreaterThan(BigInt(first!.builds[0]!.version))
    expect(second?.builds[0]?.located).toBe(200 + 5 - 10 + 1)
    const world = snapToCells({ west: -180, south: -90, east: 180, north: 90 }, 0)
    const { cells } = await cellsInView(pool, [dataset], 0, world)
    expect(cells.reduce((sum, cell) => sum + cell.count, 0)).toBe(200 + 5 - 10 + 1)
  })

  it('pack the located events of each zoom-10 cell, which give a view’s events and extent as SQL’s `&&` does', async () => {
    const pool = databasePool(await testPayload())
    await buildEventCells(pool, datasetId)
    // A view whose west edge lies a hair east of an event: float4 boxes still overlap in PostGIS.
    const { rows: near } = await pool.query<{ lon: number; lat: number }>(
      `select st_x(location) as lon, st_y(location) as lat from events
        where dataset_id = $1 and removed_at is null and event_time is not null and location is not null
          and st_x(location) between 2.3 and 2.4 order by id limit 1`,
      [datasetId],
    )
    const { lon, lat } = near[0]!
    // The float4 just east of the event: PostGIS rounds the event's box up to it, and the view's edge stays.
    const hair = singleUp(lon)
    expect(hair).toBeGreaterThan(lon)
    // Views that cut through the data (a read of one holding every event never takes blocks).
    const views: Array<readonly [string, BoundingBox]> = [
      ['Paris', { west: 2.2, south: 48.8, east: 2.5, north: 48.9 }],
      ['across the antimeridian', { west: 170, south: -20, east: -170, north: 20 }],
      ['Europe', { west: -25, south: 34, east: 45, north: 72 }],
      ['a hair east of an event', { west: hair, south: lat - 1e-6, east: lon + 1e-6, north: lat + 1e-6 }],
    ]
    const spans: TimeSpan[] = [{}, { start: new Date(Date.UTC(1200, 2, 1)), end: new Date(Date.UTC(1990, 5, 1)) }]
    // The events' own SQL for a view over a span, of some categories, outside the cut's inside cells
    // when there is one.
    const eventsWhere = (
      view: BoundingBox,
      span: TimeSpan,
      cut: ViewCut | null,
      params: SqlParams,
      categories: string[] | undefined,
    ) => {
      const state = {
        fields: categories ? { category: { kind: 'values', values: categories } } : {},
        bbox: view,
        startDate: span.start?.toISOString(),
        endDate: span.end && new Date(span.end.getTime() - 1).toISOString(),
      } as FilterState
      const where = eventConditions(state, [datasetId], params)
      return cut ? `${where} and ${outsideCutSql(view, cut, params)}` : where
    }
    const timesFromEvents = async (view: BoundingBox, span: TimeSpan, cut: ViewCut | null, categories?: string[]) => {
      const params = new SqlParams()
      const { rows } = await pool.query<{ time: number }>(
        `select (extract(epoch from e.event_time) * 1000)::float8 as time from events e
          where ${eventsWhere(view, span, cut, params, categories)} and e.event_time is not null`,
        params.values,
      )
      return rows.map((row) => row.time).sort((a, b) => a - b)
    }
    const extentFromEvents = async (
      view: BoundingBox,
      span: TimeSpan,
      cut: ViewCut | null,
      categories: string[] | undefined,
    ) => {
      const params = new SqlParams()
      const { rows } = await pool.query<{ west: number; south: number; east: number; north: number; count: number }>(
        `select st_xmin(x) as west, st_ymin(x) as south, st_xmax(x) as east, st_ymax(x) as north, n as count
           from (select st_extent(e.location) as x, count(e.location)::int as n from events e
                  where ${eventsWhere(view, span, cut, params, categories)}) t`,
        params.values,
      )
      const { west, south, east, north, count } = rows[0]!
      return { count, bounds: count === 0 ? null : [west, south, east, north] }
    }
    let checked = 0
    const { builds } = (await new EventCellStore(pool, { minEvents: 1, indexCanHold: () => false }).cellsFor(
      { pool, onReplica: false },
      [datasetId],
    ))!
    // Numbers count by their text, as the filter reads them.
    for (const categories of [undefined, ['quake', '3']])
      for (const [name, view] of views)
        for (const span of spans)
          for (const cut of [null, cutView(view, { months: span }), cutView(view, {})]) {
            const blocks = await pointBlocksInView(pool, [datasetId], view, {
              leftOut: cut ? { zoom: cut.zoom, range: cut.inner } : undefined,
              values: categories && { slice: { field: 'category', values: categories }, builds },
            })
            const times: number[] = []
            const ms = { start: span.start?.getTime() ?? -Infinity, end: span.end?.getTime() ?? Infinity }
            visitPointTimes(blocks!, splitBoundingBox(view), ms, (time) => times.push(time))
            const label = `${name}, ${JSON.stringify(span)}, ${cut ? 'outside its inside cells' : 'all of it'}, ${categories?.join(' or ') ?? 'every category'}`
            expect(
              times.sort((a, b) => a - b),
              label,
            ).toEqual(await timesFromEvents(view, span, cut, categories))
            checked += times.length
            // The bounds: undated events too when no time is asked.
            const dated = span.start !== undefined
            expect(extentOfPoints(blocks!, splitBoundingBox(view), dated ? ms : null), label).toEqual(
              await extentFromEvents(view, span, cut, categories),
            )
          }
    expect(checked).toBeGreaterThan(1000)
    const world = { west: -180, south: -90, east: 180, north: 90 }
    // The event west of the last view passes, as it does in SQL, though plain comparisons would leave it out.
    expect(await timesFromEvents(views.at(-1)![1], {}, null)).toHaveLength(1)
    // Too many events or tiles for a read, or a cell too full to pack: the read counts from the events.
    expect(await pointBlocksInView(pool, [datasetId], world, { maxPoints: 100 })).toBeNull()
    expect(await pointBlocksInView(pool, [datasetId], { west: 0, south: -60, east: 179, north: 60 })).toBeNull()
    expect(await pointBlocksInView(pool, [datasetId], views.at(-1)![1], { maxPoints: 2000 })).not.toBeNull()
    const client = await pool.connect()
    try {
      await client.query('begin')
      await client.query('delete from event_cell_points where dataset_id = $1', [datasetId])
      await insertPointBlocks(client, datasetId, { maxBlockPoints: 200 })
      const { rows } = await client.query<{ packed: number; unpacked: number }>(
        `select count(*) filter (where points is not null)::int as packed, count(*) filter (where points is null)::int as unpacked,
                sum(count) filter (where points is null)::int as events
           from event_cell_points where dataset_id = $1`,
        [datasetId],
      )
      // Berlin's 300 events share one cell.
      expect(rows[0]).toMatchObject({ unpacked: 1, events: 300 })
      expect(rows[0]!.packed).toBeGreaterThan(100)
      await client.query('commit')
    } finally {
      client.release()
    }
    expect(await pointBlocksInView(pool, [datasetId], { west: 13, south: 52, east: 14, north: 53 })).toBeNull()
    expect(await pointBlocksInView(pool, [datasetId], views.at(-1)![1])).not.toBeNull()
    // Packed without codes, or a build made without them: a category's read counts from the events.
    const quakes = { field: 'category', values: ['quake'] }
    for (const coded of [builds, builds.map((build) => ({ ...build, valueCodes: null }))])
      expect(
        await pointBlocksInView(pool, [datasetId], views.at(-1)![1], { values: { slice: quakes, builds: coded } }),
      ).toBeNull()
    // Built again at the same version does nothing: drop the build so the next test has whole blocks.
    await pool.query('delete from event_cell_builds where dataset_id = $1', [datasetId])
  })

  it('leave the planner statistics on every table they wrote', async () => {
    const pool = databasePool(await testPayload())
    const dataset = await createPublicDataset(catalogId, 'Analyzed')
    await insertEventsBulk(pool, scatteredEvents(dataset, 100))
    const { rows: before } = await pool.query<{ now: Date }>('select clock_timestamp() as now')
    expect(await buildEventCells(pool, dataset)).not.toBeNull()
    const { rows } = await pool.query<{ relname: string; last_analyze: Date | null }>(
      'select relname, last_analyze from pg_stat_user_tables where relname = any($1::text[]) order by relname',
      [[...CELL_TABLES]],
    )
    expect(rows.map((row) => row.relname)).toEqual([...CELL_TABLES].sort())
    for (const row of rows)
      expect(row.last_analyze?.getTime(), row.relname).toBeGreaterThanOrEqual(before[0]!.now.getTime())
  })

  it('stand for a map view only when it holds every located event of their datasets', async () => {
    const pool = databasePool(await testPayload())
    const store = new EventCellStore(pool, { minEvents: 1, indexCanHold: () => false })
    const { builds } = (await store.cellsFor({ pool, onReplica: false }, [datasetId]))!
    expect(builds[0]!.extent).toEqual([-180, -89.9, 180, 89.5])
    expect(viewHoldsEveryEvent({ west: -180, south: -90, east: 180, north: 90 }, builds)).toBe(true)
    expect(viewHoldsEveryEvent({ west: -180, south: -85, east: 180, north: 85 }, builds)).toBe(false)
    expect(viewHoldsEveryEvent({ west: 0, south: -90, east: 180, north: 90 }, builds)).toBe(false)
    // A histogram of a view spans the located events' times; without a view, every event's.
    const { rows } = await pool.query<{ first: Date; last: Date; first_located: Date; last_located: Date }>(
      `select min(event_time) as first, max(event_time) as last,
              min(event_time) filter (where location is not null) as first_located,
              max(event_time) filter (where location is not null) as last_located
         from events where dataset_id = $1 and removed_at is null`,
      [datasetId],
    )
    expect(buildsTimeRange(builds, false)).toEqual({ first: rows[0]!.first, last: rows[0]!.last })
    expect(buildsTimeRange(builds, true)).toEqual({ first: rows[0]!.first_located, last: rows[0]!.last_located })
    expect(rows[0]!.first_located).not.toEqual(rows[0]!.first)
  })

  it('leave the datasets the in-memory index holds to it, and small ones to the events', async () => {
    const pool = databasePool(await testPayload())
    const held = new EventCellStore(pool, { minEvents: 1, indexCanHold: () => true })
    expect(await held.cellsFor({ pool, onReplica: false }, [datasetId])).toBeNull()
    const small = new EventCellStore(pool, { minEvents: EVENTS * 2, indexCanHold: () => false })
    expect(await small.cellsFor({ pool, onReplica: false }, [datasetId])).toBeNull()
    const off = new EventCellStore(pool, { minEvents: 0, indexCanHold: () => false })
    expect(await off.cellsFor({ pool, onReplica: false }, [datasetId])).toBeNull()
  })

  it('build a big dataset in the background while reads count its events', async () => {
    const pool = databasePool(await testPayload())
    const dataset = await createPublicDataset(catalogId, 'Background')
    await insertEventsBulk(pool, scatteredEvents(dataset, 300))
    const store = new EventCellStore(pool, { minEvents: 1, awaitedBuildEvents: 100, indexCanHold: () => false })
    expect(await store.cellsFor({ pool, onReplica: false }, [dataset])).toBeNull()
    await store.idle()
    expect((await store.cellsFor({ pool, onReplica: false }, [dataset]))?.datasetIds).toEqual([dataset])
  })

  it('go with their dataset', async () => {
    const payload = await testPayload()
    const pool = databasePool(payload)
    const dataset = await createPublicDataset(catalogId, 'Deleted')
    await insertEventsBulk(pool, scatteredEvents(dataset, 50))
    await buildEventCells(pool, dataset)
    await payload.delete({ collection: 'datasets', id: dataset, overrideAccess: true })
    const { rows } = await pool.query<{ rows: number }>(
      `select (select count(*) from event_cells where dataset_id = $1) + (select count(*) from event_days where dataset_id = $1)
              + (select count(*) from event_value_cells where dataset_id = $1)
              + (select count(*) from event_value_months where dataset_id = $1)
              + (select count(*) from event_cell_builds where dataset_id = $1) as rows`,
      [dataset],
    )
    expect(Number(rows[0]!.rows)).toBe(0)
  })

  // The embedded database runs every session in one backend, where advisory locks do not exclude.
  it.skipIf(inject('databaseKind') !== 'external')(
    'are built by one process at a time: another finds the dataset taken and leaves it',
    async () => {
      const pool = databasePool(await testPayload())
      const dataset = await createPublicDataset(catalogId, 'Taken')
      await insertEventsBulk(pool, scatteredEvents(dataset, 20))
      const holder = await pool.connect()
      try {
        await holder.query('begin')
        await holder.query('select pg_advisory_xact_lock($1, $2)', [0x43454c4c, dataset])
        expect(await buildEventCells(pool, dataset)).toBeNull()
        await holder.query('commit')
      } finally {
        holder.release()
      }
      expect(await buildEventCells(pool, dataset)).toMatchObject({ datasetId: dataset })
      expect(await buildEventCells(pool, dataset), 'already at this version').toBeNull()
    },
  )
})
