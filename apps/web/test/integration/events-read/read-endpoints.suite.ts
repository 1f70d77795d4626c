/**
 * The read endpoints' behaviour, shared by two test files: one reads through the in-memory event
 * index (the default) and one with the index off, so both ways of answering are held to the same
 * expectations.
 * @module
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { insertEventsBulk } from '../../../src/lib/events/bulk-insert-events'
import { databasePool } from '../../../src/lib/import/progress-tracking'
import { anonymous, ApiClient, testPayload, type ApiResponse } from '../../helpers/api-client'
import { eventRow } from '../../helpers/event-rows'
import { createReadFixture, type ReadFixture } from '../../helpers/read-fixture'
import type { Json } from '../../helpers/json'
import { seededRandom } from '../../helpers/seeded-random'

let fixture: ReadFixture
let owner: ApiClient
let scope: string

beforeAll(async () => {
  fixture = await createReadFixture(`Read endpoints ${Date.now()}`)
  owner = await ApiClient.as('user')
  scope = `catalogs=${fixture.catalogId}`
})

describe('GET /api/events/list', () => {
  it('pages by cursor through every event once, in time order, events without time last', async () => {
    const seen: Array<{ id: number; eventTime: string }> = []
    let cursor: string | null = null
    do {
      const page: ApiResponse = await owner.get(`/events/list?${scope}&limit=5${cursor ? `&cursor=${cursor}` : ''}`)
      expect(page.status).toBe(200)
      seen.push(...page.body.events)
      cursor = page.body.nextCursor
    } while (cursor)
    expect(seen).toHaveLength(fixture.publicEvents + fixture.privateEvents)
    expect(new Set(seen.map((event) => event.id)).size).toBe(seen.length)
    const times = seen.map((event) => Date.parse(event.eventTime))
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(seen[0]!.eventTime).toBe('1850-01-01T00:00:00.000Z')
  })

  it('sorts newest first, pages by number and returns only the fields asked for', async () => {
    const first = await owner.get(`/events/list?${scope}&sort=time-desc&limit=3&page=1&fields=category`)
    const second = await owner.get(`/events/list?${scope}&sort=time-desc&limit=3&page=2&fields=category`)
    expect(first.body.events).toHaveLength(3)
    expect(Date.parse(first.body.events[2].eventTime)).toBeGreaterThanOrEqual(
      Date.parse(second.body.events[0].eventTime),
    )
    expect(Object.keys(first.body.events[0].data)).toEqual(['category'])
  })
})

describe('GET /api/events', () => {
  it('is the read API list when given a read parameter, and the CMS find otherwise', async () => {
    const read = await owner.get(`/events?${scope}&limit=4&sort=time-desc`)
    const list = await owner.get(`/events/list?${scope}&limit=4&sort=time-desc`)
    expect(read.status).toBe(200)
    expect(read.body).toEqual(list.body)
    expect(read.body.events).toHaveLength(4)

    const cms = await owner.get(`/events?limit=2&where[dataset][equals]=${fixture.publicDatasetId}`)
    expect(cms.status).toBe(200)
    expect(cms.body).toMatchObject({ totalDocs: fixture.publicEvents, limit: 2 })
    expect(cms.body.docs).toHaveLength(2)
  })

  it('refuses the CMS query parameters mixed with the read filters', async () => {
    const mixed = await owner.get(`/events?${scope}&where[title][equals]=x`)
    expect(mixed.status).toBe(400)
    expect(mixed.body).toMatchObject({ parameter: 'where[title][equals]' })
  })

  it('shows anonymous callers only public events either way', async () => {
    const read = await anonymous.get(`/events?datasets=${fixture.privateDatasetId}`)
    expect(read.status).toBe(400)
    const cms = await anonymous.get(`/events?where[dataset][equals]=${fixture.privateDatasetId}`)
    expect(cms.body.totalDocs).toBe(0)
  })
})

describe('filters shared by every endpoint', () => {
  it('filters by enum values, numeric ranges, text, time and a box across the antimeridian', async () => {
    const count = async (query: string) =>
      (await owner.get(`/events/list?${scope}&limit=1000&${query}`)).body.events.length
    expect(await count(`filters=${encodeURIComponent('{"category":["leak"]}')}`)).toBe(fixture.privateEvents)
    expect(await count(`filters=${encodeURIComponent('{"category":["protest","leak"]}')}`)).toBe(
      fixture.publicEvents / 2 + fixture.privateEvents,
    )
    expect(await count(`filters=${encodeURIComponent('{"attendance":{"min":1000}}')}`)).toBe(fixture.privateEvents)
    expect(await count(`filters=${encodeURIComponent('{"attendance":{"min":10,"max":14}}')}`)).toBe(5)
    expect(await count('q=whistleblower')).toBe(fixture.privateEvents)
    expect(await count('start=1800&end=1899')).toBe(fixture.privateEvents)
    expect(await count('bbox=150,-40,-170,-30')).toBe(fixture.privateEvents)
    expect(await count('bbox=-10,40,10,50')).toBe(fixture.publicEvents)
  })

  it('counts the events of some categories alike in the histogram, the map and the bounds', async () => {
    const world = 'bbox=-180,-85,180,85'
    for (const categories of [['leak'], ['protest', 'leak'], ['meeting'], ['none such']]) {
      const filters = `${scope}&filters=${encodeURIComponent(JSON.stringify({ category: categories }))}`
      const expected =
        (categories.includes('leak') ? fixture.privateEvents : 0) +
        (categories.includes('protest') ? fixture.publicEvents / 2 : 0) +
        (categories.includes('meeting') ? fixture.publicEvents / 2 : 0)
      const label = categories.join(', ')
      expect((await owner.get(`/events/histogram?${filters}`)).body.total, label).toBe(expected)
      expect((await owner.get(`/events/histogram?${filters}&${world}&interval=month`)).body.total, label).toBe(expected)
      const clusters = (await owner.get(`/events/map-clusters?${filters}&${world}&zoom=2`)).body
      const marked = clusters.features.reduce((sum: number, feature: Json) => sum + (feature.properties.count ?? 1), 0)
      expect(marked, label).toBe(expected)
      const bounds = (await owner.get(`/events/bounds?${filters}`)).body
      expect(bounds.count, label).toBe(expected)
      if (label === 'leak')
        [151.2, -33.86, 151.211, -33.86].forEach((edge, index) => expect(bounds.bounds[index]).toBeCloseTo(edge, 9))
      if (expected === 0) expect(bounds.bounds).toBeNull()
    }
  })

  it('lists the filterable fields with value counts and numeric ranges', async () => {
    const { body } = await owner.get(`/events/filters?${scope}`)
    expect(body.fields).toContainEqual({
      path: 'category',
      kind: 'values',
      values: [
        { value: 'meeting', count: 15 },
        { value: 'protest', count: 15 },
        { value: 'leak', count: 12 },
      ],
      truncated: false,
    })
    expect(body.fields).toContainEqual({ path: 'attendance', kind: 'range', min: 10, max: 1011, count: 42 })
  })
})

describe('GET /api/events/histogram', () => {
  it('counts in calendar buckets before 1970, filling empty ones', async () => {
    const { body } = await owner.get(`/events/histogram?${scope}&interval=year&start=1850&end=1852`)
    expect(body.interval).toBe('year')
    expect(body.buckets).toEqual([
      { start: '1850-01-01T00:00:00.000Z', end: '1851-01-01T00:00:00.000Z', count: 12 },
      { start: '1851-01-01T00:00:00.000Z', end: '1852-01-01T00:00:00.000Z', count: 0 },
      { start: '1852-01-01T00:00:00.000Z', end: '1853-01-01T00:00:00.000Z', count: 0 },
    ])
  })

  it('chooses an interval that gives a readable number of buckets', async () => {
    const { body } = await owner.get(`/events/histogram?${scope}`)
    expect(body.total).toBe(fixture.publicEvents + fixture.privateEvents)
    expect(body.buckets.length).toBeGreaterThanOrEqual(10)
    expect(body.buckets.length).toBeLessThanOrEqual(200)
    expect(body.buckets.reduce((sum: number, bucket: { count: number }) => sum + bucket.count, 0)).toBe(body.total)
  })
})

describe('GET /api/events/map-clusters and /bounds', () => {
  it('returns single events when few are in view', async () => {
    const { body } = await owner.get(`/events/map-clusters?${scope}&bbox=150,-40,155,-30&zoom=12`)
    expect(body.type).toBe('FeatureCollection')
    expect(body.features).toHaveLength(fixture.privateEvents)
    expect(body.features[0].properties.cluster).toBe(false)
  })

  it('keeps a cluster the same while the map pans at one zoom', async () => {
    const many = await createReadFixture(`Clusters ${Date.now()}`, 260, 0)
    const paris = (query: string) =>
      owner
        .get(`/events/map-clusters?catalogs=${many.catalogId}&zoom=3&${query}`)
        .then(({ body }) => body.features.filter((feature: Json) => feature.properties.cluster))
    const [left, right] = await Promise.all([paris('bbox=-20,30,10,60'), paris('bbox=0,40,40,70')])
    expect(left).toHaveLength(1)
    // The centroid is a mean of floats, whose last bits depend on the order the database adds them in.
    const rounded = (features: Json[]) =>
      features.map((feature) => ({
        ...feature,
        geometry: { ...feature.geometry, coordinates: feature.geometry.coordinates.map((c: number) => c.toFixed(9)) },
      }))
    expect(rounded(right)).toEqual(rounded(left))
    // Both categories of the fixture are every event: the same cluster, summed over two values.
    const both = encodeURIComponent(JSON.stringify({ category: ['protest', 'meeting'] }))
    expect(rounded(await paris(`bbox=-20,30,10,60&filters=${both}`))).toEqual(rounded(left))
    expect(left[0].properties.count).toBe(260)
    const [west, south, east, north] = left[0].properties.bounds
    expect(west).toBeCloseTo(2.35)
    expect(south).toBeCloseTo(48.85)
    expect(east).toBeCloseTo(2.41)
    expect(north).toBeCloseTo(48.89)
  })

  it('describes single events for the map: place, precision, source and the colour field', async () => {
    const { body } = await owner.get(`/events/map-clusters?${scope}&bbox=150,-40,155,-30&zoom=12&color=category`)
    const first = body.features[0].properties
    expect(first).toMatchObject({
      cluster: false,
      locationName: 'Sydney',
      locationPrecision: 'city',
      coordinateSource: 'geocoded',
      timePrecision: 'day',
      value: 'leak',
    })
    const plain = await owner.get(`/events/map-clusters?${scope}&bbox=150,-40,155,-30&zoom=12`)
    expect(plain.body.features[0].properties.value).toBeNull()
    const hostile = await owner.get(`/events/map-clusters?${scope}&bbox=150,-40,155,-30&zoom=12&color=a'--`)
    expect(hostile.status).toBe(400)
    expect(hostile.body.parameter).toBe('color')
  })

  it('gives the count, extent and histogram of the events in views that cut through them, as the events do', async () => {
    const spread = await createReadFixture(`Spread ${Date.now()}`, 0, 0)
    const pool = databasePool(await testPayload())
    const next = seededRandom(99)
    await insertEventsBulk(
      pool,
      Array.from({ length: 600 }, (_, index) =>
        eventRow(spread.publicDatasetId, `spread-${index}`, {
          longitude: index % 4 === 0 ? 2.35 + next() : next() * 359.8 - 179.9,
          latitude: index % 4 === 0 ? 48.85 + next() : next() * 160 - 80,
          eventTime: new Date(Date.UTC(1990 + (index % 20), index % 12, 1 + (index % 27), 12)),
          data: { category: ['quake', 'flood', 'fire'][index % 3] },
          title: ['Flood warning', 'Fire by the river', 'Flood and fire', 'Quiet day', 'Storm'][index % 5],
        }),
      ),
    )
    const views: Array<[number, number, number, number]> = [
      [-25, 34, 45, 72],
      [-10, 40, 10, 50],
      [0, -60, 179.9, 60],
      [2.3, 48.8, 3.1, 49.5],
      [-179, -80, 179, 80],
    ]
    const filters: Array<[string, string, unknown[]]> = [
      ['', 'true', []],
      [
        `filters=${encodeURIComponent('{"category":["quake","fire"]}')}`,
        `data->>'category' = any($6::text[])`,
        [['quake', 'fire']],
      ],
      ['start=1995&end=1999', `event_time >= $6 and event_time < $7`, ['1995-01-01', '2000-01-01']],
      // Searches, which big datasets answer from cells of their own.
      ['q=flood', `title ilike '%flood%'`, []],
      ['q=flood%20-fire', `title ilike '%flood%' and title not ilike '%fire%'`, []],
    ]
    for (const view of views)
      for (const [query, condition, values] of filters) {
        const { body } = await owner.get(`/events/bounds?catalogs=${spread.catalogId}&bbox=${view.join(',')}&${query}`)
        const { rows } = await pool.query(
          `select st_xmin(x) as west, st_ymin(x) as south, st_xmax(x) as east, st_ymax(x) as north, n as count
             from (select st_extent(location) as x, count(location)::int as n from events
                    where dataset_id = $1 and location && st_makeenvelope($2, $3, $4, $5, 4326) and ${condition}) t`,
          [spread.publicDatasetId, ...view, ...values],
        )
        const expected = rows[0]!
        const label = `${view.join(',')} ${query}`
        expect(body.count, label).toBe(expected.count)
        expect(body.bounds, label).toEqual(
          expected.count === 0 ? null : [expected.west, expected.south, expected.east, expected.north],
        )
      }
    // The histogram of such views, over all time, over whole years and over days, by year, month and
    // day, of all events, of two categories and of two searches.
    const categories: Array<[string, string[] | null, string]> = [
      ['', null, 'true'],
      [`&filters=${encodeURIComponent('{"category":["quake","fire"]}')}`, ['quake', 'fire'], 'true'],
      ['&q=flood', null, `title ilike '%flood%'`],
      ['&q=flood%20-fire', null, `title ilike '%flood%' and title not ilike '%fire%'`],
    ]
    for (const view of views)
      for (const [query, interval, start, end] of [
        ['interval=year', 'year', '1900-01-01', '2100-01-01'],
        ['interval=month&start=1995&end=1999', 'month', '1995-01-01', '2000-01-01'],
        ['interval=day&start=1995-03-10&end=1997-06-20', 'day', '1995-03-10', '1997-06-21'],
        ['interval=decade&start=1995-03&end=2004-08', 'decade', '1995-03-01', '2004-09-01'],
        // Whole months by week: no inside cells (they count months).
        ['interval=week&start=1996-01&end=1996-06', 'week', '1996-01-01', '1996-07-01'],
      ] as const)
        for (const [category, kept, titled] of categories) {
          const { body } = await owner.get(
            `/events/histogram?catalogs=${spread.catalogId}&bbox=${view.join(',')}&${query}${category}`,
          )
          const { rows } = await pool.query<{ bucket: Date; count: number }>(
            `select date_trunc($6, event_time, 'UTC') as bucket, count(*)::int as count from events
            where dataset_id = $1 and location && st_makeenvelope($2, $3, $4, $5, 4326)
              and event_time >= $7::timestamptz and event_time < $8::timestamptz
              and ($9::text[] is null or data->>'category' = any($9::text[])) and ${titled} group by 1`,
            [spread.publicDatasetId, ...view, interval, `${start}T00:00:00Z`, `${end}T00:00:00Z`, kept],
          )
          const counted = new Map<number, number>(
            body.buckets
              .filter((bucket: { count: number }) => bucket.count > 0)
              .map((bucket: { start: string; count: number }) => [Date.parse(bucket.start), bucket.count]),
          )
          expect(counted, `${view.join(',')} ${query}${category}`).toEqual(
            new Map(rows.map((row) => [row.bucket.getTime(), row.count])),
          )
        }
    // A search's histogram of such views over all time: its range and interval, then its buckets.
    for (const view of views)
      for (const [query, titled] of [
        ['flood', `title ilike '%flood%'`],
        ['flood%20-fire', `title ilike '%flood%' and title not ilike '%fire%'`],
      ]) {
        const label = `${view.join(',')} q=${query}`
        const { body } = await owner.get(
          `/events/histogram?catalogs=${spread.catalogId}&bbox=${view.join(',')}&q=${query}`,
        )
        const inView = `dataset_id = $1 and location && st_makeenvelope($2, $3, $4, $5, 4326) and ${titled}`
        const { rows: ends } = await pool.query<{ first: Date | null; last: Date | null }>(
          `select min(event_time) as first, max(event_time) as last from events where ${inView}`,
          [spread.publicDatasetId, ...view],
        )
        const { first, last } = ends[0]!
        expect(body.range, label).toEqual(first && { start: first.toISOString(), end: last!.toISOString() })
        const { rows } = await pool.query<{ bucket: Date; count: number }>(
          `select date_trunc($6, event_time, 'UTC') as bucket, count(*)::int as count from events
            where ${inView} and event_time is not null group by 1`,
          [spread.publicDatasetId, ...view, body.interval],
        )
        const counted = new Map<number, number>(
          body.buckets
            .filter((bucket: { count: number }) => bucket.count > 0)
            .map((bucket: { start: string; count: number }) => [Date.parse(bucket.start), bucket.count]),
        )
        expect(counted, label).toEqual(new Map(rows.map((row) => [row.bucket.getTime(), row.count])))
      }
  })

  it('gives the extent of the filtered events', async () => {
    const { body } = await owner.get(`/events/bounds?${scope}&q=whistleblower`)
    expect(body.count).toBe(fixture.privateEvents)
    expect(body.bounds[0]).toBeCloseTo(151.2)
    expect(body.bounds[1]).toBeCloseTo(-33.86)
  })
})

describe('GET /api/events/dataset-counts', () => {
  it('counts events without a time or a place, and a search of them, as the events do', async () => {
    const mixed = await createReadFixture(`Undated ${Date.now()}`, 0, 0)
    const pool = databasePool(await testPayload())
    await insertEventsBulk(
      pool,
      Array.from({ length: 60 }, (_, index) =>
        eventRow(mixed.publicDatasetId, `mixed-${index}`, {
          title: index % 2 === 0 ? 'Flood at dawn' : 'Calm',
          eventTime: index % 3 === 0 ? null : new Date(Date.UTC(1900 + index, index % 12, 1)),
          longitude: index % 5 === 0 ? null : -170 + index * 5,
          latitude: index % 5 === 0 ? null : 40,
          data: { category: index % 4 === 0 ? 'quake' : 'calm' },
        }),
      ),
    )
    const days = `event_time >= '1920-03-05T00:00:00Z' and event_time < '1941-07-10T00:00:00Z'`
    const months = `event_time >= '1910-01-01T00:00:00Z' and event_time < '1940-01-01T00:00:00Z'`
    const quake = `&filters=${encodeURIComponent('{"category":["quake"]}')}`
    for (const [query, condition] of [
      ['', 'true'],
      ['&q=flood', `title ilike '%flood%'`],
      ['&bbox=-180,-90,180,90', 'location is not null'],
      ['&bbox=-180,-90,180,90&q=flood', `location is not null and title ilike '%flood%'`],
      ['&bbox=0,0,180,90', `location && st_makeenvelope(0, 0, 180, 90, 4326)`],
      // Over whole days, and a search or a value over whole months, with and without a view.
      ['&start=1920-03-05&end=1941-07-09', days],
      ['&bbox=-180,-90,180,90&start=1920-03-05&end=1941-07-09', `location is not null and ${days}`],
      ['&q=flood&start=1910-01-01&end=1939-12-31', `title ilike '%flood%' and ${months}`],
      [
        '&bbox=-180,-90,180,90&q=flood&start=1910',
        `location is not null and title ilike '%flood%' and event_time >= '1910-01-01T00:00:00Z'`,
      ],
      [`${quake}&start=1910-01-01&end=1939-12-31`, `data->>'category' = 'quake' and ${months}`],
      [
        `${quake}&bbox=-180,-90,180,90&end=1939-12-31`,
        `location is not null and data->>'category' = 'quake' and event_time < '1940-01-01T00:00:00Z'`,
      ],
      [quake, `data->>'category' = 'quake'`],
      [
        '&bbox=0,0,180,90&start=1920-01-01&end=1939-12-31',
        `location && st_makeenvelope(0, 0, 180, 90, 4326) and ${months.replace('1910', '1920')}`,
      ],
    ]) {
      const { body } = await owner.get(`/events/dataset-counts?catalogs=${mixed.catalogId}${query}`)
      const { rows } = await pool.query<{ count: number; first: Date | null; last: Date | null }>(
        `select count(*)::int as count, min(event_time) as first, max(event_time) as last from events
          where dataset_id = $1 and ${condition}`,
        [mixed.publicDatasetId],
      )
      const expected = rows[0]!
      expect(body.datasets, query).toEqual([
        {
          datasetId: mixed.publicDatasetId,
          count: expected.count,
          firstTime: expected.first?.toISOString() ?? null,
          lastTime: expected.last?.toISOString() ?? null,
        },
      ])
    }
  })

  it('counts the filtered events of each dataset, with their first and last time', async () => {
    const all = await owner.get(`/events/dataset-counts?${scope}`)
    expect(all.body).toMatchObject({
      datasets: [
        { datasetId: fixture.publicDatasetId, count: fixture.publicEvents },
        { datasetId: fixture.privateDatasetId, count: fixture.privateEvents },
      ],
      total: fixture.publicEvents + fixture.privateEvents,
      firstTime: '1850-01-01T00:00:00.000Z',
    })
    expect(all.body.datasets[1]).toMatchObject({
      firstTime: '1850-01-01T00:00:00.000Z',
      lastTime: '1850-12-01T00:00:00.000Z',
    })
    expect(all.body.lastTime).toBe(all.body.datasets[0].lastTime)
    const searched = await owner.get(`/events/dataset-counts?${scope}&q=whistleblower`)
    expect(searched.body).toEqual({
      datasets: [
        {
          datasetId: fixture.privateDatasetId,
          count: fixture.privateEvents,
          firstTime: '1850-01-01T00:00:00.000Z',
          lastTime: '1850-12-01T00:00:00.000Z',
        },
      ],
      total: fixture.privateEvents,
      firstTime: '1850-01-01T00:00:00.000Z',
      lastTime: '1850-12-01T00:00:00.000Z',
    })
    const none = await owner.get(`/events/dataset-counts?${scope}&start=1700&end=1701`)
    expect(none.body).toEqual({ datasets: [], total: 0, firstTime: null, lastTime: null })
  })
})

describe('exports', () => {
  it('streams exactly the filtered events as CSV with their data columns, and as GeoJSON', async () => {
    const csv = await owner.getText(`/events/export.csv?${scope}&q=whistleblower`)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe(
      'id,dataset_id,title,description,event_time,event_end_time,time_precision,longitude,latitude,location_name,attendance,category',
    )
    expect(lines).toHaveLength(fixture.privateEvents + 1)
    expect(lines[1]).toMatch(
      /,Whistleblower briefing \d+,,1850-\d\d-01T00:00:00\.000Z,,day,151\.2\d*,-33\.86,Sydney,10\d\d,leak$/,
    )
    const geojson = JSON.parse((await owner.getText(`/events/export.geojson?${scope}&q=whistleblower`)).text)
    expect(geojson.type).toBe('FeatureCollection')
    expect(geojson.features).toHaveLength(fixture.privateEvents)
    expect(geojson.features[0].geometry.coordinates[1]).toBeCloseTo(-33.86)
  })
})

describe('caching', () => {
  it('gives public answers an ETag and a shared-cache lifetime, and answers 304 to a repeat', async () => {
    const first = await anonymous.getText(`/events/histogram?${scope}`)
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toContain('public')
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^W\/".+"$/)
    const again = await anonymous.getText(`/events/histogram?${scope}`, { 'If-None-Match': etag })
    expect(again.status).toBe(304)
    expect(again.text).toBe('')
    const other = await anonymous.getText(`/events/histogram?${scope}&start=2005`, { 'If-None-Match': etag })
    expect(other.status).toBe(200)
  })

  it('keeps answers for signed-in callers out of shared caches', async () => {
    const { headers } = await owner.getText(`/events/list?${scope}`)
    expect(headers.get('cache-control')).toBe('private, no-cache')
    expect(headers.get('vary')).toContain('Authorization')
  })
})

describe('bad parameters', () => {
  it.each([
    ['/events/list?start=2020-13-45', 'start'],
    ['/events/list?end=banana', 'end'],
    ['/events/list?start=2020&end=2019', 'end'],
    ['/events/list?bbox=0,95,10,96', 'bbox'],
    ['/events/list?bbox=1,2,3', 'bbox'],
    ['/events/map-clusters?bbox=0,0,10,10', 'zoom'],
    ['/events/map-clusters?bbox=0,0,10,10&zoom=30', 'zoom'],
    ['/events/map-clusters?zoom=3', 'bbox'],
    ['/events/list?datasets=2147483000', 'datasets'],
    ['/events/list?catalogs=2147483000', 'catalogs'],
    ['/events/list?datasets=1;drop%20table%20events', 'datasets'],
    ['/events/list?limit=5000', 'limit'],
    ['/events/list?limit=-1', 'limit'],
    ['/events/list?cursor=not-a-cursor', 'cursor'],
    ['/events/list?sort=random()', 'sort'],
    ['/events/list?filters={bad', 'filters'],
    [`/events/list?filters=${encodeURIComponent('{"attendance":{"min":"x"}}')}`, 'filters'],
    [`/events/list?filters=${encodeURIComponent('{"a\'; drop table events; --":["x"]}')}`, 'filters'],
    ['/events/histogram?interval=fortnight', 'interval'],
    ['/events/histogram?interval=hour&start=1800&end=2000', 'interval'],
  ])('%s is a 400 naming %s', async (path, parameter) => {
    const response = await owner.get(path)
    expect(response.status).toBe(400)
    expect(response.body.parameter).toBe(parameter)
    expect(response.body.error).toContain(parameter)
  })

  it('treats SQL in a search as words to look for', async () => {
    const response = await owner.get(`/events/list?${scope}&q=${encodeURIComponent("'; drop table events; --")}`)
    expect(response.status).toBe(200)
    expect(response.body.events).toEqual([])
    expect((await owner.get(`/events/list?${scope}&limit=1`)).body.events).toHaveLength(1)
  })
})

describe('GET /api/openapi.json', () => {
  it('describes every read endpoint with the shared filter parameters', async () => {
    const { status, body } = await anonymous.get('/openapi.json')
    expect(status).toBe(200)
    expect(body.openapi).toBe('3.1.0')
    const paths = Object.keys(body.paths)
    for (const path of ['list', 'histogram', 'map-clusters', 'bounds', 'filters', 'export.csv', 'export.geojson']) {
      expect(paths).toContain(`/api/events/${path}`)
      const names = body.paths[`/api/events/${path}`].get.parameters.map(
        (parameter: { name: string }) => parameter.name,
      )
      expect(names).toEqual(expect.arrayContaining(['catalogs', 'datasets', 'start', 'end', 'bbox', 'filters', 'q']))
    }
    expect(body.paths['/api/events/map-clusters'].get.parameters).toContainEqual(
      expect.objectContaining({ name: 'zoom', required: true }),
    )
  })
})

// Last: it adds events to the fixture.
describe('GET /api/events/filters as the data changes', () => {
  it('counts only the filtered events, and finds a field the dataset gains after its first sample', async () => {
    const leaks = encodeURIComponent('{"category":["leak"]}')
    const narrowed = await owner.get(`/events/filters?${scope}&filters=${leaks}`)
    expect(narrowed.body.fields).toContainEqual({ path: 'attendance', kind: 'range', min: 1000, max: 1011, count: 12 })
    expect(narrowed.body.fields.map((field: { path: string }) => field.path)).not.toContain('weather')

    const added = ['rain', 'rain', 'snow'].map((weather, index) =>
      eventRow(fixture.publicDatasetId, `read-weather-${Date.now()}-${index}`, { data: { weather } }),
    )
    await insertEventsBulk(databasePool(await testPayload()), added)
    const after = await owner.get(`/events/filters?${scope}`)
    expect(after.body.fields).toContainEqual({
      path: 'weather',
      kind: 'values',
      values: [
        { value: 'rain', count: 2 },
        { value: 'snow', count: 1 },
      ],
      truncated: false,
    })
    // The leaks have no weather: the field is left out of their answer.
    const leaksAfter = await owner.get(`/events/filters?${scope}&filters=${leaks}`)
    expect(leaksAfter.body.fields.map((field: { path: string }) => field.path)).not.toContain('weather')
  })
})

describe('a search counted alike by every endpoint', () => {
  it("gives a search's histogram, its range and interval, and its map marks as the events do", async () => {
    const searched = await createReadFixture(`Searched ${Date.now()}`, 0, 0)
    const pool = databasePool(await testPayload())
    // 240 aftershocks (more than the map shows one by one) spread over 1980–2019 and the world,
    // 6 sightings within three days, and 354 events with neither word.
    await insertEventsBulk(
      pool,
      Array.from({ length: 600 }, (_, index) => {
        const aftershock = index % 5 < 2
        const sighting = index % 100 === 7
        return eventRow(searched.publicDatasetId, `searched-${index}`, {
          title: aftershock ? `Aftershock ${index}` : sighting ? `Odd sighting ${index}` : `Quiet day ${index}`,
          longitude: ((index * 37) % 359) - 179,
          latitude: ((index * 53) % 160) - 80,
          eventTime: sighting
            ? new Date(Date.UTC(2003, 4, 1, index % 24) + (index % 3) * 86_400_000)
            : new Date(Date.UTC(1980 + (index % 40), index % 12, 1 + (index % 28), index % 24, 30)),
        })
      }),
    )
    const expectedBuckets = async (word: string, interval: string) => {
      const { rows } = await pool.query<{ bucket: Date; count: number }>(
        `select date_trunc($3, event_time, 'UTC') as bucket, count(*)::int as count from events
          where dataset_id = $1 and title ilike $2 group by 1`,
        [searched.publicDatasetId, `%${word}%`, interval],
      )
      return new Map(rows.map((row) => [row.bucket.getTime(), row.count]))
    }
    const extent = async (word: string) => {
      const { rows } = await pool.query<{ first: Date; last: Date }>(
        'select min(event_time) as first, max(event_time) as last from events where dataset_id = $1 and title ilike $2',
        [searched.publicDatasetId, `%${word}%`],
      )
      return { start: rows[0]!.first.toISOString(), end: rows[0]!.last.toISOString() }
    }
    const counted = (buckets: Array<{ start: string; count: number }>) =>
      new Map(buckets.filter((bucket) => bucket.count > 0).map((bucket) => [Date.parse(bucket.start), bucket.count]))
    const scoped = `catalogs=${searched.catalogId}`
    for (const [word, auto] of [
      ['aftershock', 'year'],
      ['sighting', 'hour'],
    ] as const) {
      const { body } = await owner.get(`/events/histogram?${scoped}&q=${word}`)
      expect(body.interval, word).toBe(auto)
      expect(body.range, word).toEqual(await extent(word))
      expect(counted(body.buckets), word).toEqual(await expectedBuckets(word, auto))
      for (const interval of ['week', 'month', 'decade']) {
        const asked = (await owner.get(`/events/histogram?${scoped}&q=${word}&interval=${interval}`)).body
        expect(counted(asked.buckets), `${word} by ${interval}`).toEqual(await expectedBuckets(word, interval))
      }
    }
    const marks = async (word: string) =>
      (await owner.get(`/events/map-clusters?${scoped}&q=${word}&bbox=-180,-85,180,85&zoom=2`)).body.features as Json[]
    const aftershocks = await marks('aftershock')
    expect(aftershocks.some((feature) => feature.properties.cluster)).toBe(true)
    expect(aftershocks.reduce((sum, feature) => sum + (feature.properties.count ?? 1), 0)).toBe(240)
    const sightings = await marks('sighting')
    expect(sightings).toHaveLength(6)
    expect(sightings.every((feature) => feature.properties.cluster === false)).toBe(true)
    expect(sightings.map((feature) => feature.properties.title).sort()).toEqual(
      [7, 107, 207, 307, 407, 507].map((index) => `Odd sighting ${index}`).sort(),
    )
  })
})

describe('text search ignores accents', () => {
  it('finds "Grève" for q=greve, and the accented query finds the unaccented text', async () => {
    const strike = eventRow(fixture.publicDatasetId, `read-greve-${Date.now()}`, {
      title: 'Grève générale',
      description: 'Rassemblement place de la République',
      locationName: 'São Paulo',
    })
    await insertEventsBulk(databasePool(await testPayload()), [strike])
    const titles = async (q: string) =>
      (await owner.get(`/events/list?${scope}&limit=1000&q=${encodeURIComponent(q)}`)).body.events.map(
        (event: { title: string }) => event.title,
      )
    expect(await titles('greve')).toEqual(['Grève générale'])
    expect(await titles('GRÈVE')).toEqual(['Grève générale'])
    expect(await titles('generale republique')).toEqual(['Grève générale'])
    expect(await titles('sao paulo')).toEqual(['Grève générale'])
    expect(await titles('greve -republique')).toEqual([])
  })
})
