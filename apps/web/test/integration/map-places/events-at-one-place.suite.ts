/**
 * Events at one place on the map, shared by two test files: one reads through the in-memory event
 * index (the default) and one with the index off, so both ways of answering are held to the same
 * expectations. Fifteen events in Paris, some a centimetre apart, over two datasets: the
 * map-clusters answer has one mark with count 15 at every zoom, with its mix by dataset and by the
 * `color` field, whether few events are in view (each event its own mark) or many (cells).
 * @module
 */
import { placeOf, placeOfExtent } from '@chronotope/filters'
import { beforeAll, describe, expect, it } from 'vitest'

import { insertEventsBulk, type EventRow } from '../../../src/lib/events/bulk-insert-events'
import { databasePool } from '../../../src/lib/import/progress-tracking'
import { anonymous, testPayload } from '../../helpers/api-client'
import { demoUserId } from '../../helpers/demo-users'
import { eventRow } from '../../helpers/event-rows'
import type { Json } from '../../helpers/json'

const PARIS = { longitude: 2.3522, latitude: 48.8566 }
/** The zooms the map asks at: a continent, a region, a town, and the deepest the API knows. */
const ZOOMS = [3, 6, 12, 22]
const WORLD = '-180,-85,180,85'
const AROUND_PARIS = '2,48.5,2.7,49.2'

interface Fixture {
  readonly catalogId: number
  readonly datasetIds: readonly [number, number]
}

/**
 * Fifteen events at one place in Paris: ten in one dataset (six strikes, four marches), five in
 * the other (three marches, two without a kind); some a centimetre or two from the others. With
 * `others`, that many more events spread over Australia, so a world view holds more than the
 * answer's single events and is counted in cells.
 */
async function createFixture(name: string, others: number): Promise<Fixture> {
  const payload = await testPayload()
  const owner = await demoUserId('user')
  const catalog = await payload.create({ collection: 'catalogs', data: { name, owner, isPublic: true } })
  const datasets = await Promise.all(
    ['first', 'second'].map((which) =>
      payload.create({
        collection: 'datasets',
        data: { name: `${name} ${which}`, catalog: catalog.id, owner, isPublic: true },
      }),
    ),
  )
  const [first, second] = datasets.map((dataset) => Number(dataset.id)) as [number, number]
  const paris = (datasetId: number, index: number, kind: string | null): EventRow =>
    eventRow(datasetId, `${name}-paris-${datasetId}-${index}`, {
      title: `Rally ${datasetId}-${index}`,
      eventTime: new Date(Date.UTC(2024, 0, 1 + index)),
      // Nearly identical: up to 2 cm apart, within one place.
      longitude: PARIS.longitude + (index % 3) * 0.0000001,
      latitude: PARIS.latitude + (index % 2) * 0.0000001,
      data: kind === null ? {} : { kind },
    })
  const rows = [
    ...Array.from({ length: 10 }, (_, index) => paris(first, index, index < 6 ? 'strike' : 'march')),
    ...Array.from({ length: 5 }, (_, index) => paris(second, index, index < 3 ? 'march' : null)),
    ...Array.from({ length: others }, (_, index) =>
      eventRow(first, `${name}-elsewhere-${index}`, {
        title: `Elsewhere ${index}`,
        longitude: 115 + (index % 20) * 1.5,
        latitude: -35 + Math.floor(index / 20) * 1.1,
        locationName: 'Australia',
        data: { kind: 'vigil' },
      }),
    ),
  ]
  await insertEventsBulk(databasePool(payload), rows)
  return { catalogId: Number(catalog.id), datasetIds: [first, second] }
}

let alone: Fixture
let among: Fixture

beforeAll(async () => {
  const stamp = Date.now()
  ;[alone, among] = await Promise.all([
    createFixture(`One place ${stamp}`, 0),
    createFixture(`One place among others ${stamp}`, 300),
  ])
})

async function marks(fixture: Fixture, bbox: string, zoom: number, color?: string): Promise<Json> {
  const query = `catalogs=${fixture.catalogId}&bbox=${bbox}&zoom=${zoom}${color ? `&color=${color}` : ''}`
  const { status, body } = await anonymous.get(`/events/map-clusters?${query}`)
  expect(status, JSON.stringify(body)).toBe(200)
  return body
}

function parisMarks(body: Json): Json[] {
  return body.features.filter((feature: Json) => Math.abs(feature.geometry.coordinates[0] - PARIS.longitude) < 0.001)
}

describe('events at one place on the map', () => {
  it('are within one place, though not all at identical coordinates', () => {
    const extent = [PARIS.longitude, PARIS.latitude, PARIS.longitude + 0.0000002, PARIS.latitude + 0.0000001] as const
    expect(placeOfExtent(extent)).toEqual(placeOf([PARIS.longitude, PARIS.latitude]))
  })

  describe.each([
    ['few events in view, each its own mark', () => alone, AROUND_PARIS],
    ['many events in view, counted in cells', () => among, WORLD],
  ])('with %s', (_, fixture, bbox) => {
    it.each(ZOOMS)('are one mark with count 15 and their datasets at zoom %i', async (zoom) => {
      const body = await marks(fixture(), bbox, zoom)
      const [mark, ...rest] = parisMarks(body)
      expect(rest).toEqual([])
      const { datasetIds } = fixture()
      expect(mark.properties).toEqual({
        cluster: true,
        count: 15,
        samePlace: true,
        bounds: [
          expect.closeTo(PARIS.longitude, 9),
          expect.closeTo(PARIS.latitude, 9),
          expect.closeTo(PARIS.longitude + 0.0000002, 9),
          expect.closeTo(PARIS.latitude + 0.0000001, 9),
        ],
        datasets: [
          { datasetId: datasetIds[0], count: 10 },
          { datasetId: datasetIds[1], count: 5 },
        ],
      })
      const placed = placeOf([PARIS.longitude, PARIS.latitude])
      expect(mark.id).toBe(`place/${placed.x}/${placed.y}`)
      expect(mark.geometry.coordinates[0]).toBeCloseTo(PARIS.longitude, 6)
      expect(body.total).toBe(fixture() === among ? 315 : 15)
    })

    it.each(ZOOMS)('count their events by the colour field’s value at zoom %i', async (zoom) => {
      const [mark] = parisMarks(await marks(fixture(), bbox, zoom, 'kind'))
      expect(mark.properties.count).toBe(15)
      expect(mark.properties.values).toEqual([
        { value: 'march', count: 7 },
        { value: 'strike', count: 6 },
        { value: null, count: 2 },
      ])
    })

    it('are listed, all fifteen, by the list endpoint asked for the mark’s extent', async () => {
      const [mark] = parisMarks(await marks(fixture(), bbox, 6))
      const { body } = await anonymous.get(
        `/events/list?catalogs=${fixture().catalogId}&bbox=${mark.properties.bounds.join(',')}&limit=50`,
      )
      expect(body.events).toHaveLength(15)
      expect(new Set(body.events.map((event: Json) => event.title)).size).toBe(15)
    })
  })

  it('leave clusters of several places as they were, without a mix', async () => {
    const body = await marks(among, WORLD, 3, 'kind')
    const clusters = body.features.filter(
      (feature: Json) => feature.properties.cluster && !feature.properties.samePlace,
    )
    expect(clusters.length).toBeGreaterThan(0)
    for (const cluster of clusters) {
      expect(cluster.id).toMatch(/^3\/-?\d+\/-?\d+$/)
      expect(cluster.properties).not.toHaveProperty('values')
      expect(cluster.properties).not.toHaveProperty('datasets')
    }
    expect(body.features.reduce((sum: number, feature: Json) => sum + (feature.properties.count ?? 1), 0)).toBe(315)
  })

  it('counts only the filtered events of a place', async () => {
    const query = `catalogs=${alone.catalogId}&bbox=${AROUND_PARIS}&zoom=6&color=kind&filters=${encodeURIComponent(
      JSON.stringify({ kind: ['march'] }),
    )}`
    const { body } = await anonymous.get(`/events/map-clusters?${query}`)
    const [mark] = parisMarks(body)
    expect(mark.properties.count).toBe(7)
    expect(mark.properties.values).toEqual([{ value: 'march', count: 7 }])
    expect(mark.properties.datasets).toEqual([
      { datasetId: alone.datasetIds[0], count: 4 },
      { datasetId: alone.datasetIds[1], count: 3 },
    ])
  })
})
