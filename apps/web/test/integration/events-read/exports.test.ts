import config from '@payload-config'
import { REST_GET } from '@payloadcms/next/routes'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { insertEventsBulk, type EventRow } from '../../../src/lib/events/bulk-insert-events'
import { EXPORT_BATCH_SIZE } from '../../../src/lib/events-read/export-events'
import { databasePool } from '../../../src/lib/import/progress-tracking'
import { testPayload } from '../../helpers/api-client'
import { demoUserId } from '../../helpers/demo-users'
import { eventRow } from '../../helpers/event-rows'

// The exports byte for byte: each case is an event with values that are easy to get wrong (BCE and
// five-digit years, formulas, quotes, line breaks, tiny and negative-zero coordinates, nested and
// non-object data, integer-like keys), and the CSV cells and GeoJSON feature it must give. The
// GeoJSON is what JSON.stringify writes for the event, as the export has always written it.

const exportGet = REST_GET(config) as (
  request: Request,
  context: { params: Promise<{ slug: string[] }> },
) => Promise<Response>

/** An anonymous export of public datasets, as the raw bytes the client receives. */
async function download(path: string): Promise<{ status: number; bytes: Buffer; text: string }> {
  const url = new URL(`http://localhost:3000/api${path}`)
  const slug = url.pathname
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
  const response = await exportGet(new Request(url), { params: Promise.resolve({ slug }) })
  const bytes = Buffer.from(await response.arrayBuffer())
  return { status: response.status, bytes, text: bytes.toString('utf8') }
}

interface ExportCase {
  readonly name: string
  readonly event: Partial<EventRow>
  /** SQL run on the inserted event (`$1` is its unique id), for values EventRow cannot carry. */
  readonly sql?: string
  readonly csv: readonly string[]
  readonly eventTime: string | null
  readonly eventEndTime: string | null
  readonly geometry: { type: 'Point'; coordinates: [number, number] } | null
}

/** Data cells in the order of DATA_KEYS. */
const DATA_KEYS = ['10', '2', 'big', 'category', 'flag', 'neg', 'nested', 'note', 'nothing']

const CASES: readonly ExportCase[] = [
  {
    name: 'plain',
    event: {
      title: 'Plain fair',
      description: 'A quiet day',
      eventTime: new Date('2001-02-03T04:05:06.789Z'),
      data: { category: 'fair' },
    },
    csv: [
      'Plain fair',
      'A quiet day',
      '2001-02-03T04:05:06.789Z',
      '',
      'day',
      '2.35',
      '48.85',
      'Paris',
      '',
      '',
      '',
      'fair',
      '',
      '',
      '',
      '',
      '',
    ],
    eventTime: '2001-02-03T04:05:06.789Z',
    eventEndTime: null,
    geometry: { type: 'Point', coordinates: [2.35, 48.85] },
  },
  {
    name: 'formulas and quoting',
    event: {
      title: '=SUM(A1)',
      description: 'He said "hi", then\nleft',
      locationName: "'quoted",
      eventTime: new Date('2001-02-03T04:05:06.500Z'),
      eventEndTime: new Date('2001-02-03T04:05:06.120Z'),
      // In jsonb's key order (shorter first), which the GeoJSON keeps.
      data: { neg: -5, flag: true, note: '-minus', nested: { a: [1, 'x, "y"'] }, nothing: null },
    },
    csv: [
      `"'=SUM(A1)"`,
      '"He said ""hi"", then\nleft"',
      '2001-02-03T04:05:06.500Z',
      '2001-02-03T04:05:06.120Z',
      'day',
      '2.35',
      '48.85',
      `"'quoted"`,
      '',
      '',
      '',
      '',
      'true',
      '-5',
      '"{""a"":[1,""x, \\""y\\""""]}"',
      `"'-minus"`,
      '',
    ],
    eventTime: '2001-02-03T04:05:06.500Z',
    eventEndTime: '2001-02-03T04:05:06.120Z',
    geometry: { type: 'Point', coordinates: [2.35, 48.85] },
  },
  {
    name: 'years before the common era',
    event: {
      title: '+plus',
      eventTime: new Date('-000499-03-01T00:00:00.000Z'),
      eventEndTime: new Date('0000-06-01T12:00:00.250Z'),
    },
    csv: [
      `"'+plus"`,
      '',
      '-000499-03-01T00:00:00.000Z',
      '0000-06-01T12:00:00.250Z',
      'day',
      '2.35',
      '48.85',
      'Paris',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ],
    eventTime: '-000499-03-01T00:00:00.000Z',
    eventEndTime: '0000-06-01T12:00:00.250Z',
    geometry: { type: 'Point', coordinates: [2.35, 48.85] },
  },
  {
    name: 'a five-digit year',
    event: { title: 'Far future' },
    sql: `update events set event_time = '12000-01-01 00:00:00+00' where unique_id = $1`,
    csv: [
      'Far future',
      '',
      '+012000-01-01T00:00:00.000Z',
      '',
      'day',
      '2.35',
      '48.85',
      'Paris',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ],
    eventTime: '+012000-01-01T00:00:00.000Z',
    eventEndTime: null,
    geometry: { type: 'Point', coordinates: [2.35, 48.85] },
  },
  {
    name: 'no time, place or data',
    event: { title: null, eventTime: null, longitude: null, latitude: null, locationName: null, data: null },
    sql: `update events set time_precision = null where unique_id = $1`,
    csv: ['', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', ''],
    eventTime: null,
    eventEndTime: null,
    geometry: null,
  },
  {
    name: 'tiny and negative-zero coordinates, big numbers, integer-like keys',
    event: {
      title: 'Null Island',
      longitude: 0.00001,
      latitude: -0.0000015,
      data: { big: 1e21, '10': 'ten', '2': 'two' },
    },
    csv: [
      'Null Island',
      '',
      '2001-01-01T00:00:00.000Z',
      '',
      'day',
      '0.00001',
      '-0.0000015',
      'Paris',
      'ten',
      'two',
      '1e+21',
      '',
      '',
      '',
      '',
      '',
      '',
    ],
    eventTime: '2001-01-01T00:00:00.000Z',
    eventEndTime: null,
    geometry: { type: 'Point', coordinates: [0.00001, -0.0000015] },
  },
  {
    name: 'negative zero',
    event: { title: 'Zero' },
    sql: `update events set location = st_setsrid(st_makepoint('-0'::float8, '-0'::float8), 4326) where unique_id = $1`,
    csv: ['Zero', '', '2001-01-01T00:00:00.000Z', '', 'day', '0', '0', 'Paris', '', '', '', '', '', '', '', '', ''],
    eventTime: '2001-01-01T00:00:00.000Z',
    eventEndTime: null,
    geometry: { type: 'Point', coordinates: [0, 0] },
  },
  {
    name: 'text beyond ASCII, a leading tab, data that is not an object, a key named like a column',
    event: { title: 'Café 🚀 Zürich', description: '\tindented', data: ['x', 'y'] },
    csv: [
      'Café 🚀 Zürich',
      `"'\tindented"`,
      '2001-01-01T00:00:00.000Z',
      '',
      'day',
      '2.35',
      '48.85',
      'Paris',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ],
    eventTime: '2001-01-01T00:00:00.000Z',
    eventEndTime: null,
    geometry: { type: 'Point', coordinates: [2.35, 48.85] },
  },
  {
    name: 'a key named like a fixed column',
    event: { title: 'Shadowed', data: { title: 'only in data' } },
    csv: [
      'Shadowed',
      '',
      '2001-01-01T00:00:00.000Z',
      '',
      'day',
      '2.35',
      '48.85',
      'Paris',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ],
    eventTime: '2001-01-01T00:00:00.000Z',
    eventEndTime: null,
    geometry: { type: 'Point', coordinates: [2.35, 48.85] },
  },
]

/** Events beyond the first batch, so keys that only appear late must still become columns. */
const BULK_EVENTS = EXPORT_BATCH_SIZE + 50

let ids: { cases: number; bulk: number; other: number; catalog: number }

beforeAll(async () => {
  const payload = await testPayload()
  const pool = databasePool(payload)
  const owner = await demoUserId('user')
  const name = `Exports ${Date.now()}`
  const catalog = await payload.create({ collection: 'catalogs', data: { name, owner, isPublic: true } })
  const dataset = async (suffix: string) =>
    Number(
      (
        await payload.create({
          collection: 'datasets',
          data: { name: `${name} ${suffix}`, catalog: catalog.id, owner, isPublic: true },
        })
      ).id,
    )
  ids = {
    cases: await dataset('cases'),
    bulk: await dataset('bulk'),
    other: await dataset('other'),
    catalog: Number(catalog.id),
  }
  // One at a time, so ids follow the table's order.
  for (const [index, exportCase] of CASES.entries()) {
    const uniqueId = `export-case-${ids.cases}-${index}`
    await insertEventsBulk(pool, [eventRow(ids.cases, uniqueId, exportCase.event)])
    if (exportCase.sql) await pool.query(exportCase.sql, [uniqueId])
  }
  await insertEventsBulk(
    pool,
    Array.from({ length: BULK_EVENTS }, (_, index) =>
      eventRow(ids.bulk, `export-bulk-${ids.bulk}-${index}`, {
        title: `Bulk ${index}`,
        data: index === BULK_EVENTS - 1 ? { category: 'bulk', late: 'yes' } : { category: 'bulk' },
      }),
    ),
  )
  await insertEventsBulk(pool, [eventRow(ids.other, `export-other-${ids.other}`, { data: { elsewhere: 1 } })])
})

afterAll(async () => {
  const pool = databasePool(await testPayload())
  await pool.query('delete from events where dataset_id = any($1::int[])', [[ids.cases, ids.bulk, ids.other]])
})

async function caseIds(): Promise<number[]> {
  const { rows } = await databasePool(await testPayload()).query<{ id: number }>(
    'select id from events where dataset_id = $1 order by id',
    [ids.cases],
  )
  return rows.map((row) => row.id)
}

describe('export.csv', () => {
  it('writes a BOM, the header with every data key, and each event as before, in CRLF lines', async () => {
    const { status, bytes, text } = await download(`/events/export.csv?datasets=${ids.cases}`)
    expect(status).toBe(200)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const header = [
      'id',
      'dataset_id',
      'title',
      'description',
      'event_time',
      'event_end_time',
      'time_precision',
      'longitude',
      'latitude',
      'location_name',
      ...DATA_KEYS,
    ]
    const eventIds = await caseIds()
    const lines = CASES.map((exportCase, index) => `${[eventIds[index], ids.cases, ...exportCase.csv].join(',')}\r\n`)
    expect(text).toBe(`\uFEFF${header.join(',')}\r\n${lines.join('')}`)
  })

  it('has a column for a key only events after the first batch have, and none for keys of events filtered out', async () => {
    const { text } = await download(`/events/export.csv?datasets=${ids.bulk}`)
    const lines = text.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]!.endsWith(',category,late')).toBe(true)
    expect(lines).toHaveLength(BULK_EVENTS + 2)
    expect(lines.at(-1)).toBe('')
    expect(lines.at(-2)).toMatch(/,Bulk \d+,.*,bulk,yes$/)
    const eventIds = lines.slice(1, -1).map((line) => Number(line.split(',')[0]))
    expect(eventIds).toEqual([...eventIds].sort((a, b) => a - b))
    expect(new Set(eventIds).size).toBe(BULK_EVENTS)
    const both = (await download(`/events/export.csv?datasets=${ids.bulk},${ids.other}`)).text.split('\r\n')[0]
    expect(both!.endsWith(',category,elsewhere,late')).toBe(true)
  })
})

describe('export.geojson', () => {
  it('writes each event as JSON.stringify does, one feature per line', async () => {
    const { status, text } = await download(`/events/export.geojson?datasets=${ids.cases}`)
    expect(status).toBe(200)
    const eventIds = await caseIds()
    const features = CASES.map((exportCase, index) =>
      JSON.stringify({
        type: 'Feature',
        id: eventIds[index],
        geometry: exportCase.geometry,
        properties: {
          id: eventIds[index],
          datasetId: ids.cases,
          title: exportCase.event.title === undefined ? 'Event' : exportCase.event.title,
          description: exportCase.event.description ?? null,
          eventTime: exportCase.eventTime,
          eventEndTime: exportCase.eventEndTime,
          // An enum value: the same text as its CSV cell.
          timePrecision: exportCase.csv[4] || null,
          locationName: exportCase.event.locationName === undefined ? 'Paris' : exportCase.event.locationName,
          data: exportCase.event.data ?? {},
        },
      }),
    )
    expect(text).toBe(
      `{"type":"FeatureCollection","features":[${features.map((feature) => `\n${feature}`).join(',')}]}\n`,
    )
  })

  it('streams every event of several batches exactly once', async () => {
    const { features } = JSON.parse((await download(`/events/export.geojson?catalogs=${ids.catalog}`)).text)
    expect(features).toHaveLength(CASES.length + BULK_EVENTS + 1)
    expect(new Set(features.map((feature: { id: number }) => feature.id)).size).toBe(features.length)
  })
})

describe('export.csv in spreadsheets of every separator', () => {
  let datasetId: number

  beforeAll(async () => {
    const payload = await testPayload()
    const owner = await demoUserId('user')
    const name = `Hostile cells ${Date.now()}`
    const catalog = await payload.create({ collection: 'catalogs', data: { name, owner, isPublic: true } })
    datasetId = Number(
      (await payload.create({ collection: 'datasets', data: { name, catalog: catalog.id, owner, isPublic: true } })).id,
    )
    await insertEventsBulk(databasePool(payload), [
      eventRow(datasetId, `hostile-${datasetId}`, {
        title: 'x;=1+1',
        description: '＝1+1',
        locationName: '\u3000@A1',
        eventTime: new Date('-000499-03-01T00:00:00.000Z'),
        longitude: -0.5,
        latitude: -33.86,
        data: { a: 'b\t-2+3+cmd', n: -5, s: '-5', t: '-000499-03-01T00:00:00.000Z', u: 'ok;+1' },
      }),
    ])
  })

  afterAll(async () => {
    await databasePool(await testPayload()).query('delete from events where dataset_id = $1', [datasetId])
  })

  it('guards formula signs after , ; tab and spaces and in full width, and leaves numbers and times alone', async () => {
    const { status, text } = await download(`/events/export.csv?datasets=${datasetId}`)
    expect(status).toBe(200)
    const [header, line] = text.replace(/^\uFEFF/, '').split('\r\n')
    expect(header!.endsWith(',location_name,a,n,s,t,u')).toBe(true)
    expect(line!.replace(/^\d+,\d+,/, '')).toBe(
      [
        `"x;'=1+1"`,
        `"'＝1+1"`,
        '-000499-03-01T00:00:00.000Z',
        '',
        'day',
        '-0.5',
        '-33.86',
        `"'\u3000@A1"`,
        `"b\t'-2+3+cmd"`,
        '-5',
        '-5',
        '-000499-03-01T00:00:00.000Z',
        `"ok;'+1"`,
      ].join(','),
    )
  })
})
