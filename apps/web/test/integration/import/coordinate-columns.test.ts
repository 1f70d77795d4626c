import { splitCsv } from '@chronotope/test-fixtures'
import { beforeAll, describe, expect, it } from 'vitest'

import { databasePool } from '../../../src/lib/import/progress-tracking'
import { ApiClient, testPayload } from '../../helpers/api-client'
import { createCatalog } from '../../helpers/demo-users'
import { importFile, runImports, uploadFile } from '../../helpers/imports'
import type { Json } from '../../helpers/json'

// Rows are numbered from the first data row (1), as events' source_row and errors.csv count them.
// Issue 26, point 3: coordinate columns behave like date columns. Through the real upload API: a
// five-row file with one latitude of 999 keeps the other four places; GeoJSON across the 180° line
// lands near ±180°; empty coordinate cells beside a City column are geocoded; a "lat, lon" column
// whose order no value decides is asked before the import starts.

let user: ApiClient
let catalogId: number

beforeAll(async () => {
  user = await ApiClient.as('user')
  catalogId = await createCatalog('Coordinate columns')
})

async function rowErrors(importId: number) {
  const { status, text } = await user.getText(`/import/${importId}/errors.csv`)
  expect(status).toBe(200)
  const [, ...records] = splitCsv(text.replace(/^\uFEFF/, ''))
  return records
    .filter((record) => record.length > 1)
    .map(([, row, column, value, code, message]) => ({ row: Number(row), column, value, code, message }))
}

/** The events of a dataset by file row, with their place. */
async function eventsByRow(datasetId: number) {
  const { rows } = await databasePool(await testPayload()).query<{
    source_row: number
    title: string
    longitude: number | null
    latitude: number | null
    source: string
    location_name: string | null
  }>(
    `select source_row::int as source_row, title, st_x(location) as longitude, st_y(location) as latitude,
            coordinates_source as source, location_name
       from events where dataset_id = $1 order by source_row`,
    [datasetId],
  )
  return new Map(rows.map((row) => [row.source_row, row]))
}

/** Degrees between two longitudes, across ±180° when shorter. */
function longitudeGap(a: number, b: number): number {
  const gap = Math.abs(a - b) % 360
  return Math.min(gap, 360 - gap)
}

describe('five rows with one bad latitude', () => {
  const csv = [
    'Title,Date,Latitude,Longitude',
    'Paris,2024-01-05,48.8566,2.3522',
    'Typo,2024-01-06,999,13.4050',
    'Berlin,2024-01-07,52.5200,13.4050',
    'Madrid,2024-01-08,40.4168,-3.7038',
    'Rome,2024-01-09,41.9028,12.4964',
  ].join('\n')

  it('warns in the preview with the share of bad values', async () => {
    const upload = await uploadFile(user, { name: 'five.csv', bytes: csv }, { catalog: catalogId, autoStart: false })
    expect(upload.status).toBe(202)
    const preview = await user.get(`/preview?importId=${upload.body.job.importId}`)
    expect(preview.status).toBe(200)
    expect(preview.body.schema.mapping.location).toMatchObject({
      kind: 'lat-lon',
      latitude: 'Latitude',
      longitude: 'Longitude',
    })
    const warning = preview.body.schema.warnings.find((entry: Json) => entry.code === 'invalid-coordinates')
    expect(warning).toMatchObject({ field: 'Latitude' })
    expect(warning.message).toBe(
      '1 value of 5 (20 %) in "Latitude" is not a valid latitude, such as 999: their rows will be invalid-coordinates row errors. Correct them in the file, or leave the cells empty.',
    )
  })

  it('places four events and makes the fifth an invalid-coordinates row error naming row, column, value and reason', async () => {
    const progress = await importFile(
      user,
      { name: 'five.csv', bytes: csv },
      { catalog: catalogId, datasetName: 'Five rows' },
    )
    const [job] = progress.jobs
    expect(progress.status).toBe('completed')
    expect(job.counts).toMatchObject({ rowsRead: 5, eventsCreated: 4, rowErrors: 1 })
    const events = await eventsByRow(job.datasetId)
    expect([...events.values()].map((event) => [event.title, event.source])).toEqual([
      ['Paris', 'source-columns'],
      ['Berlin', 'source-columns'],
      ['Madrid', 'source-columns'],
      ['Rome', 'source-columns'],
    ])
    expect(events.get(1)).toMatchObject({ latitude: 48.8566, longitude: 2.3522 })
    expect(await rowErrors(progress.importId)).toEqual([
      {
        row: 2,
        column: 'Latitude',
        value: '999',
        code: 'invalid-coordinates',
        message: 'latitude 999 is out of range (−90 to 90) (latitude-out-of-range)',
      },
    ])
  })
})

describe('GeoJSON across the 180° line', () => {
  const fiji = [
    [177, -16],
    [-179, -16],
    [-179, -19],
    [177, -19],
    [177, -16],
  ]
  const features = [
    { name: 'Fiji', geometry: { type: 'Polygon', coordinates: [fiji] }, expected: [179, -17.5] },
    {
      name: 'Fiji split',
      geometry: {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [177, -16],
              [180, -16],
              [180, -19],
              [177, -19],
              [177, -16],
            ],
          ],
          [
            [
              [-180, -16],
              [-179, -16],
              [-179, -19],
              [-180, -19],
              [-180, -16],
            ],
          ],
        ],
      },
      expected: [179, -17.5],
    },
    {
      name: 'Along 180',
      geometry: {
        type: 'LineString',
        coordinates: [
          [180, -10],
          [180, 10],
        ],
      },
      expected: [180, 0],
    },
    {
      name: 'Across 180',
      geometry: {
        type: 'LineString',
        coordinates: [
          [179, -16],
          [-179, -16],
        ],
      },
      expected: [180, -16],
    },
    {
      name: 'Both sides',
      geometry: {
        type: 'MultiPoint',
        coordinates: [
          [-179, -17],
          [179, -17],
        ],
      },
      expected: [180, -17],
    },
    { name: 'Suva', geometry: { type: 'Point', coordinates: [178.44, -18.14] }, expected: [178.44, -18.14] },
    { name: 'Nowhere', geometry: null, expected: null },
  ] as const
  const geojson = JSON.stringify({
    type: 'FeatureCollection',
    features: features.map(({ name, geometry }) => ({
      type: 'Feature',
      properties: { name, date: '2024-03-01' },
      geometry,
    })),
  })
  let progress: Json

  beforeAll(async () => {
    progress = await importFile(
      user,
      { name: 'antimeridian.geojson', bytes: geojson },
      { catalog: catalogId, datasetName: 'Antimeridian' },
    )
  })

  it('places every shape within a degree of its true centre, never near longitude 0', async () => {
    expect(progress.status).toBe('completed')
    const events = await eventsByRow(progress.jobs[0].datasetId)
    for (const [index, feature] of features.entries()) {
      const event = events.get(index + 1)
      if (feature.expected === null) {
        expect(event?.longitude ?? null).toBeNull()
        continue
      }
      const [longitude, latitude] = feature.expected
      expect([
        feature.name,
        longitudeGap(event!.longitude!, longitude) < 1,
        Math.abs(event!.latitude! - latitude) < 1,
      ]).toEqual([feature.name, true, true])
    }
  })

  it('says what the file holds instead of asking for coordinate columns', () => {
    const warnings = progress.jobs[0].schema.warnings.map((warning: Json) => warning.message)
    expect(warnings.join(' ')).not.toMatch(/No coordinates or address columns/)
    expect(warnings).toContain(
      '7 features: 1 point, 1 multipoint, 2 lines, 1 polygon, 1 multipolygon; lines and shapes are placed at their centre on the sphere; 1 without geometry gets no place.',
    )
  })
})

describe('empty coordinate cells beside a City column', () => {
  const csv = [
    'Title,Date,City,Latitude,Longitude',
    'Placed,2024-02-01,Paris,48.8566,2.3522',
    'Empty cells,2024-02-02,Berlin,,',
    'Nothing at all,2024-02-03,,,',
  ].join('\n')

  it('are geocoded from the city by the offline geocoder', async () => {
    const progress = await importFile(
      user,
      { name: 'empty-cells.csv', bytes: csv },
      { catalog: catalogId, datasetName: 'Empty cells' },
    )
    const [job] = progress.jobs
    expect(progress.status).toBe('completed')
    expect(job.counts).toMatchObject({ rowsRead: 3, eventsCreated: 3, rowErrors: 0 })
    const events = await eventsByRow(job.datasetId)
    expect(events.get(1)).toMatchObject({ source: 'source-columns', latitude: 48.8566 })
    const berlin = events.get(2)!
    expect(berlin).toMatchObject({ source: 'geocoded', location_name: 'Berlin' })
    expect(Math.abs(berlin.latitude! - 52.52)).toBeLessThan(0.5)
    expect(Math.abs(berlin.longitude! - 13.4)).toBeLessThan(0.5)
    expect(events.get(3)).toMatchObject({ source: 'none', longitude: null })
  })
})

describe('a "lat, lon" column whose order no value decides', () => {
  const csv = [
    'Title,Date,Location',
    'Paris,2024-04-01,"48.8566, 2.3522"',
    'Berlin,2024-04-02,"52.5200, 13.4050"',
    'Madrid,2024-04-03,"40.4168, -3.7038"',
  ].join('\n')

  it('is asked in the preview and refused at start without an answer, with 422 naming the column', async () => {
    const upload = await uploadFile(user, { name: 'pairs.csv', bytes: csv }, { catalog: catalogId, autoStart: false })
    expect(upload.status).toBe(202)
    const id = upload.body.job.importId
    const preview = await user.get(`/preview?importId=${id}`)
    const choice = preview.body.schema.choices.find((entry: Json) => entry.kind === 'coordinate-order')
    expect(choice).toMatchObject({ column: 'Location', isRequired: true })
    expect(choice.decided).toBeUndefined()
    expect(choice.examples[0]).toEqual({
      raw: '48.8566, 2.3522',
      read: '48.8566° N, 2.3522° E (latitude first) or 2.3522° N, 48.8566° E (longitude first)',
    })
    expect(preview.body.schema.warnings.map((warning: Json) => warning.code)).toContain('ambiguous-coordinate-order')

    const refused = await user.post(`/import/${id}/start`, {})
    expect(refused.status).toBe(422)
    expect(refused.body).toMatchObject({ code: 'choice-required', parameter: 'coordinateOrders' })
    expect(refused.body.error).toMatch(/^Choose the coordinate order of column "Location": undecided: /)
    expect(refused.body.error).toContain('Send coordinateOrders, e.g. {"Location":"lat-lon"}')
    expect((await user.get(`/import/${id}`)).body.status).toBe('pending')

    const wrongColumn = await user.post(`/import/${id}/start`, { coordinateOrders: { Place: 'lat-lon' } })
    expect(wrongColumn.status).toBe(422)
    expect(wrongColumn.body).toMatchObject({ code: 'unknown-column', parameter: 'coordinateOrders' })
  })

  it('is refused at once through the upload API without an answer', async () => {
    const upload = await uploadFile(user, { name: 'pairs.csv', bytes: csv }, { catalog: catalogId })
    expect(upload.status).toBe(422)
    expect(upload.body).toMatchObject({ code: 'choice-required', parameter: 'coordinateOrders' })
  })

  it('is read the way the answer says, and the dataset remembers it for the next import', async () => {
    const upload = await uploadFile(user, { name: 'pairs.csv', bytes: csv }, { catalog: catalogId, autoStart: false })
    const id = upload.body.job.importId
    const started = await user.post(`/import/${id}/start`, { coordinateOrders: { Location: 'lon-lat' } })
    expect(started.status).toBe(200)
    await runImports()
    const [job] = (await user.get(`/import/${id}`)).body.jobs
    expect(job.counts).toMatchObject({ rowsRead: 3, eventsCreated: 3, rowErrors: 0 })
    expect(job.schema.choices.find((entry: Json) => entry.kind === 'coordinate-order')).toMatchObject({
      decided: 'lon-lat',
      decidedBy: 'user',
      reason: 'longitude first, as chosen',
    })
    const events = await eventsByRow(job.datasetId)
    expect(events.get(1)).toMatchObject({ longitude: 48.8566, latitude: 2.3522 })

    // The next file into the same dataset is read the same way without asking again.
    const again = await importFile(
      user,
      { name: 'pairs.csv', bytes: csv },
      { catalog: catalogId, dataset: job.datasetId, duplicateAction: 'skip' },
    )
    expect(again.status).toBe('completed')
    expect(again.jobs[0].schema.choices.find((entry: Json) => entry.kind === 'coordinate-order')).toMatchObject({
      decided: 'lon-lat',
    })
  })

  it('is read latitude first when the upload answers so', async () => {
    const progress = await importFile(
      user,
      { name: 'pairs.csv', bytes: csv },
      { catalog: catalogId, datasetName: 'Pairs, lat-lon', coordinateOrders: JSON.stringify({ Location: 'lat-lon' }) },
    )
    expect(progress.status).toBe('completed')
    const events = await eventsByRow(progress.jobs[0].datasetId)
    expect(events.get(1)).toMatchObject({ latitude: 48.8566, longitude: 2.3522 })
  })
})
