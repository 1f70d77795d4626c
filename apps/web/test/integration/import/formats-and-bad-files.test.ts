import { deflateRawSync } from 'node:zlib'

import { beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'

import { createCatalog } from '../../helpers/demo-users'
import { ApiClient, testPayload } from '../../helpers/api-client'
import { importFile, runImports, uploadFile } from '../../helpers/imports'
import { databasePool } from '../../../src/lib/import/progress-tracking'
import type { Json } from '../../helpers/json'

function workbook(bookType: 'xlsx' | 'ods' | 'xls'): Buffer {
  const book = XLSX.utils.book_new()
  const events = XLSX.utils.aoa_to_sheet(
    [
      ['name', 'date', 'latitude', 'longitude'],
      ['Opening', new Date(Date.UTC(2021, 2, 4)), 51.5, -0.12],
      ['Closing', new Date(Date.UTC(2021, 11, 24)), 40.4, -3.7],
    ],
    { cellDates: true },
  )
  const places = XLSX.utils.aoa_to_sheet([
    ['title', 'when', 'coordinates'],
    ['Summit', '1848-03-18', '52.5163, 13.3777'],
  ])
  XLSX.utils.book_append_sheet(book, events, 'Events')
  XLSX.utils.book_append_sheet(book, places, 'Places')
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer
}

async function eventsOf(datasetId: number) {
  const payload = await testPayload()
  const { rows } = await databasePool(payload).query(
    `select title, event_time, time_precision, st_y(location) as lat, st_x(location) as lon, data
       from events where dataset_id = $1 order by source_row`,
    [datasetId],
  )
  return rows as Array<Record<string, Json>>
}

/** A zip whose only entry claims to inflate to 4 GB: a zip bomb dressed as a workbook. */
function zipBomb(): Buffer {
  const name = Buffer.from('xl/workbook.xml')
  const data = deflateRawSync(Buffer.alloc(1024 * 1024))
  const local = Buffer.alloc(30)
  local.writeUInt32LE(0x04034b50, 0)
  local.writeUInt16LE(20, 4)
  local.writeUInt16LE(8, 8)
  local.writeUInt32LE(data.length, 18)
  local.writeUInt32LE(0xffffffff, 22)
  local.writeUInt16LE(name.length, 26)
  const central = Buffer.alloc(46)
  central.writeUInt32LE(0x02014b50, 0)
  central.writeUInt16LE(20, 4)
  central.writeUInt16LE(20, 6)
  central.writeUInt16LE(8, 10)
  central.writeUInt32LE(data.length, 20)
  central.writeUInt32LE(0xffffffff, 24)
  central.writeUInt16LE(name.length, 28)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(1, 8)
  end.writeUInt16LE(1, 10)
  end.writeUInt32LE(46 + name.length, 12)
  end.writeUInt32LE(30 + name.length + data.length, 16)
  return Buffer.concat([local, name, data, central, name, end])
}

describe('file formats', () => {
  let user: ApiClient
  let catalogId: number

  beforeAll(async () => {
    user = await ApiClient.as('user')
    catalogId = await createCatalog('Formats')
  })

  it.each(['xlsx', 'ods', 'xls'] as const)(
    'imports every sheet of a %s workbook as its own import job and dataset',
    async (bookType) => {
      const progress = await importFile(
        user,
        { name: `book.${bookType}`, bytes: workbook(bookType) },
        // "52.5163, 13.3777" reads either way: the pair order is asked, like an undecided date order.
        { catalog: catalogId, coordinateOrders: JSON.stringify({ coordinates: 'lat-lon' }) },
      )
      expect(progress.format).toBe(bookType)
      expect(progress.status, JSON.stringify(progress.jobs.map((job: Json) => job.failureReason))).toBe('completed')
      expect(progress.jobs.map((job: Json) => [job.sheetName, job.counts.eventsCreated])).toEqual([
        ['Events', 2],
        ['Places', 1],
      ])
      const events = await eventsOf(progress.jobs[0].datasetId)
      expect(
        events.map((event) => [
          event.title,
          new Date(event.event_time).toISOString().slice(0, 10),
          event.lat,
          event.lon,
        ]),
      ).toEqual([
        ['Opening', '2021-03-04', 51.5, -0.12],
        ['Closing', '2021-12-24', 40.4, -3.7],
      ])
      const places = await eventsOf(progress.jobs[1].datasetId)
      expect(places[0]).toMatchObject({ title: 'Summit', lat: 52.5163, lon: 13.3777 })
      expect(new Date(places[0]!.event_time).getUTCFullYear()).toBe(1848)
    },
  )

  it('imports a GeoJSON FeatureCollection: points as they are, a polygon at its centroid with its geometry kept', async () => {
    const geojson = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'Quake', time: '2020-05-01T10:00:00Z' },
          geometry: { type: 'Point', coordinates: [139.7, 35.7] },
        },
        {
          type: 'Feature',
          properties: { name: 'Flooded area', time: '2020-05-02' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [0, 0],
                [2, 0],
                [2, 2],
                [0, 2],
                [0, 0],
              ],
            ],
          },
        },
      ],
    })
    const progress = await importFile(user, { name: 'events.json', bytes: geojson }, { catalog: catalogId })
    expect(progress.format).toBe('geojson')
    const events = await eventsOf(progress.jobs[0].datasetId)
    expect(events.map((event) => [event.title, event.lon, event.lat])).toEqual([
      ['Quake', 139.7, 35.7],
      ['Flooded area', 1, 1],
    ])
    expect(events[1]!.data._geometry.type).toBe('Polygon')
    expect(events[0]!.time_precision).toBe('second')
  })

  it('imports a JSON array of objects', async () => {
    const json = JSON.stringify([
      { title: 'A', date: '2001-09', place: { lat: 10, lon: 20 } },
      { title: 'B', date: '2002', place: { lat: 11, lon: 21 } },
    ])
    const progress = await importFile(user, { name: 'data.json', bytes: json }, { catalog: catalogId })
    expect(progress.format).toBe('json')
    const events = await eventsOf(progress.jobs[0].datasetId)
    expect(events.map((event) => [event.title, event.time_precision])).toEqual([
      ['A', 'month'],
      ['B', 'year'],
    ])
  })

  it.each([
    ['a Latin-1 TSV', 'latin1' as const, '\t'],
    ['a UTF-16 CSV with BOM', 'utf16le' as const, ','],
  ])('imports %s with its accents intact', async (_, encoding, delimiter) => {
    const text = [
      `titre${delimiter}date${delimiter}lat${delimiter}lon`,
      `Fête à Montréal${delimiter}14/07/2019${delimiter}45.5${delimiter}-73.56`,
      `Noël${delimiter}25/12/2019${delimiter}48.85${delimiter}2.35`,
    ].join('\r\n')
    const bytes =
      encoding === 'utf16le'
        ? Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
        : Buffer.from(text, 'latin1')
    const progress = await importFile(user, { name: 'fetes.txt', bytes }, { catalog: catalogId })
    expect(progress.status).toBe('completed')
    const events = await eventsOf(progress.jobs[0].datasetId)
    expect(events.map((event) => [event.title, new Date(event.event_time).toISOString().slice(0, 10)])).toEqual([
      ['Fête à Montréal', '2019-07-14'],
      ['Noël', '2019-12-25'],
    ])
  })
})

describe('bad files', () => {
  let user: ApiClient
  let catalogId: number

  beforeAll(async () => {
    user = await ApiClient.as('user')
    catalogId = await createCatalog('Bad files')
  })

  it('reports bad values and ragged or truncated rows as row errors; counts still add up', async () => {
    // Twenty good rows first, so the columns' types are clear, then the bad ones.
    const good = Array.from(
      { length: 20 },
      (_, i) => `${i + 1},Good ${i + 1},2020-01-${String(i + 1).padStart(2, '0')},${10 + i},${20 + i},${i}`,
    )
    const csv = [
      'id,title,date,lat,lon,count',
      ...good,
      '21,Bad date,2020-02-31,10,20,5',
      '22,Out of range,2020-01-03,95.5,20,5',
      '23,Extra cells,2020-01-04,10,20,5,surprise',
      '24,"=HYPERLINK(""http://evil"")",2020-01-05,10,20,5',
      '25,"Truncated quote,2020-01-06,10,20,5',
    ].join('\n')
    const progress = await importFile(user, { name: 'messy.csv', bytes: csv }, { catalog: catalogId })
    const job = progress.jobs[0]
    expect(progress.status).toBe('completed')
    expect(job.counts).toMatchObject({ rowsRead: 25, isBalanced: true })
    expect(job.counts.eventsCreated).toBe(21)
    expect(job.counts.rowErrors).toBe(4)
    const codes = job.errors.map((error: Json) => [error.row, error.code])
    expect(codes).toContainEqual([21, 'invalid-date'])
    expect(codes).toContainEqual([23, 'extra-cells'])
    expect(codes).toContainEqual([25, 'unterminated-quote'])
    expect(job.errors.find((error: Json) => error.row === 22).message).toMatch(/95\.5/)

    const download = await user.getText(job.errorsUrl.replace(/^\/api/, ''))
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toContain('text/csv')
    const lines = download.text.trim().split('\r\n')
    // The file starts with a byte order mark so spreadsheets read it as UTF-8 (text() strips it).
    expect(lines[0]).toBe('sheet,row,column,value,code,message')
    expect(lines.length - 1).toBe(job.errors.length)
    // A hostile value is written so that no spreadsheet runs it as a formula.
    const payload = await testPayload()
    const { rows } = await databasePool(payload).query(
      'select title from events where dataset_id = $1 and source_row = 24',
      [job.datasetId],
    )
    expect(rows[0].title).toBe('=HYPERLINK("http://evil")')
  })

  it.each([
    ['a zip bomb dressed as a workbook', 'bomb.xlsx', zipBomb(), /inflate|uncompressed|zip bomb/i],
    ['a workbook cut in half', 'cut.xlsx', workbook('xlsx').subarray(0, 2000), /./],
    [
      'a CSV with 10,000 columns',
      'wide.csv',
      `${Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(',')}\n${'1,'.repeat(9_999)}1\n`,
      /10000 columns/,
    ],
    [
      'a JSON file with a syntax error',
      'broken.json',
      '[{"title": "A", "date": "2020-01-01"}, {"title": ',
      /JSON|position|unexpected/i,
    ],
  ])('fails %s with a clear reason, and the worker goes on', async (_, name, bytes, reason) => {
    const upload = await uploadFile(user, { name, bytes }, { catalog: catalogId })
    if (upload.status !== 202) {
      expect([400, 415]).toContain(upload.status)
      expect(upload.body.error).toMatch(reason)
      return
    }
    await runImports()
    const progress = (await user.get(`/import/${upload.body.job.importId}`)).body
    expect(progress.status).toBe('failed')
    const why = progress.failureReason ?? progress.jobs[0]?.failureReason
    expect(why).toMatch(reason)
    const fine = await importFile(
      user,
      { name: 'fine.csv', bytes: 'title,date\nStill works,2020-01-01\n' },
      { catalog: catalogId },
    )
    expect(fine.status).toBe('completed')
  })
})
