import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { EVENT_BOUNDS, geometryCentroid, type Geometry } from '@chronotope/file-readers'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { settings } from '../../../src/config/settings'
import { cutSentences } from '../../../src/components/event/event-cuts'
import { rowFields } from '../../../src/components/event/row-fields'
import { ApiClient, testPayload } from '../../helpers/api-client'
import { createCatalog } from '../../helpers/demo-users'
import { importFile } from '../../helpers/imports'
import type { Json } from '../../helpers/json'

// The tests' upload limit is 5 MB; the file of the report is 18 MB (production allows 100 MB).
// Hoisted: the settings are read once, when the imports below load them.
vi.hoisted(() => {
  process.env.CHRONOTOPE_UPLOAD_MAX_MB = '64'
})

// Issue 27, point 1: an 18.4 MB GeoJSON feature with a million coordinates became one event whose
// `data` held the whole geometry, so a list of ten events answered 12.3 MB and the event page
// 24.6 MB; JSON nested 10,000 levels deep failed the import with a stack overflow.

/** The most one event may add to a list or map answer: data, title, description, place name. */
const MAX_ITEM_BYTES =
  EVENT_BOUNDS.maxDataBytes +
  EVENT_BOUNDS.maxTitleBytes +
  EVENT_BOUNDS.maxDescriptionBytes +
  EVENT_BOUNDS.maxLocationNameBytes +
  1024
/** A single event with its original cells and populated relations (what the event page loads). */
const MAX_EVENT_BYTES = MAX_ITEM_BYTES + EVENT_BOUNDS.maxOriginalBytes + 64 * 1024
/** Generous: each of these reads takes well under a second on a small event. */
const MAX_READ_MS = 5000

const POSITIONS = 1_000_000

/** A closed ring of a million positions around (10, 50), written as a file would write them. */
function bigRing(): number[][] {
  const ring: number[][] = []
  for (let index = 0; index < POSITIONS - 1; index++) {
    const angle = (2 * Math.PI * index) / (POSITIONS - 1)
    ring.push([10 + Math.cos(angle) * 0.5123456, 50 + Math.sin(angle) * 0.3123456])
  }
  ring.push(ring[0]!)
  return ring
}

let directory: string
let user: ApiClient
let catalogId: number
let datasetId: number
let bigId: number
let fullGeometry: Geometry

async function timed<T>(read: () => Promise<T>): Promise<T> {
  const started = performance.now()
  const result = await read()
  expect(performance.now() - started).toBeLessThan(MAX_READ_MS)
  return result
}

beforeAll(async () => {
  expect(settings.uploadMaxBytes).toBe(64 * 1024 * 1024)
  directory = await mkdtemp(path.join(tmpdir(), 'bounded-events-'))
  user = await ApiClient.as('user')
  catalogId = await createCatalog('Bounded events')
  fullGeometry = { type: 'Polygon', coordinates: [bigRing()] }
  const geojson = {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: {
          name: 'Huge flooded area',
          time: '2020-05-02',
          // A nested value: flattened to JSON text, past the readers' 1 MB cell limit.
          details: { gauges: Array.from({ length: 200_000 }, (_, index) => index) },
        },
        geometry: fullGeometry,
      },
      {
        type: 'Feature',
        properties: { name: 'Small quake', time: '2020-05-01' },
        geometry: { type: 'Point', coordinates: [139.7, 35.7] },
      },
    ],
  }
  const file = path.join(directory, 'huge.geojson')
  await writeFile(file, JSON.stringify(geojson))
  const progress = await importFile(user, { path: file }, { catalog: catalogId })
  expect(progress.status).toBe('completed')
  expect(progress.jobs[0].counts.eventsCreated).toBe(2)
  datasetId = progress.jobs[0].datasetId
  const payload = await testPayload()
  const found = await payload.find({
    collection: 'events',
    where: { dataset: { equals: datasetId }, title: { equals: 'Huge flooded area' } },
    depth: 0,
    select: { id: true },
  })
  bigId = Number(found.docs[0]!.id)
}, 300_000)

afterAll(async () => {
  await rm(directory, { recursive: true, force: true })
})

describe('a million-coordinate GeoJSON feature', () => {
  it('is stored within the bounds, located from its full geometry, with a record of the cuts', async () => {
    const payload = await testPayload()
    const event = await payload.findByID({ collection: 'events', id: bigId, depth: 0 })
    const data = event.data as Record<string, Json>
    expect(Buffer.byteLength(JSON.stringify(data))).toBeLessThanOrEqual(EVENT_BOUNDS.maxDataBytes)
    expect(Buffer.byteLength(JSON.stringify(event.original))).toBeLessThanOrEqual(EVENT_BOUNDS.maxOriginalBytes)
    expect(data._geometry.type).toBe('Polygon')
    expect(data._cut.geometry).toMatchObject({ method: 'thinned', positions: POSITIONS })
    expect(data._cut.shortened).toContain('details.gauges')
    // The location is the centre of the full geometry, not of the thinned one.
    const centre = geometryCentroid(fullGeometry)!
    expect(event.location).toEqual([centre.longitude, centre.latitude])
  })

  it('keeps every read answer small and quick', async () => {
    const reads: Array<[string, number]> = [
      [`/events/list?datasets=${datasetId}&limit=10`, 2 * MAX_ITEM_BYTES],
      [`/events?datasets=${datasetId}&limit=10`, 2 * MAX_ITEM_BYTES],
      [`/events/${bigId}`, MAX_EVENT_BYTES],
      [`/events/${bigId}?depth=2`, MAX_EVENT_BYTES],
      [`/events?where[dataset][equals]=${datasetId}&limit=10&depth=0`, 2 * MAX_EVENT_BYTES],
      [`/events/map-clusters?datasets=${datasetId}&bbox=-180,-85,180,85&zoom=2`, 2 * MAX_ITEM_BYTES],
      [`/events/map-clusters?datasets=${datasetId}&bbox=9,49,11,51&zoom=14`, 2 * MAX_ITEM_BYTES],
      [`/events/bounds?datasets=${datasetId}`, 4096],
      [`/events/histogram?datasets=${datasetId}`, 64 * 1024],
      [`/events/filters?datasets=${datasetId}`, 2 * MAX_ITEM_BYTES],
      [`/events/dataset-counts?datasets=${datasetId}`, 4096],
      [`/events/export.csv?datasets=${datasetId}`, 2 * MAX_EVENT_BYTES],
      [`/events/export.geojson?datasets=${datasetId}`, 2 * MAX_EVENT_BYTES],
    ]
    const figures: Array<{ read: string; bytes: number; bound: number; ms: number }> = []
    for (const [url, maxBytes] of reads) {
      const started = performance.now()
      const answer = await timed(() => user.getText(url))
      const ms = Math.round(performance.now() - started)
      figures.push({ read: url.split('?')[0]!, bytes: Buffer.byteLength(answer.text), bound: maxBytes, ms })
      expect([url, answer.status]).toEqual([url, 200])
      expect(Buffer.byteLength(answer.text), url).toBeLessThanOrEqual(maxBytes)
    }
    // The figures behind the bound, for whoever changes it.
    console.table(figures)
    const graphql = await timed(() =>
      user.graphql(`{ Events(where: { dataset: { equals: ${datasetId} } }, limit: 10) { docs { id data original } } }`),
    )
    expect(graphql.body.errors).toBeUndefined()
    expect(Buffer.byteLength(JSON.stringify(graphql.body))).toBeLessThanOrEqual(2 * MAX_EVENT_BYTES)
  })

  it('gives the event page a bounded event and a notice of what was cut', async () => {
    // What the page loads (`/events/{id}` at depth 2, as the owner) and renders from it.
    const payload = await testPayload()
    const owner = await user.user()
    const event = await timed(() =>
      payload.findByID({ collection: 'events', id: bigId, depth: 2, user: owner, overrideAccess: false }),
    )
    expect(Buffer.byteLength(JSON.stringify(event))).toBeLessThanOrEqual(MAX_EVENT_BYTES)
    const sentences = cutSentences(event.data)
    expect(sentences).toContainEqual(
      expect.stringMatching(/^The geometry is thinned from 1,000,000 to [\d,]+ positions\.$/),
    )
    // The nested value became a 1.2 MB text: shortened in data, in the original cells, and as the
    // description the import took from the longest text column.
    expect(sentences[0]).toBe('Shortened: description, original cells (1), details.gauges.')
    expect(rowFields(event.data, undefined, event.original).map((field) => field.key)).not.toContain('_cut')
  })
})

describe('a JSON record nested 10,000 levels deep', () => {
  it('is a row error naming its row, and the other rows import', async () => {
    const deep = `${'['.repeat(10_000)}1${']'.repeat(10_000)}`
    const json = `[{"title":"Fine","date":"2020-01-01","lat":10,"lon":20},{"title":"Deep","date":"2020-01-02","lat":10,"lon":20,"v":${deep}}]`
    const file = path.join(directory, 'deep.json')
    await writeFile(file, json)
    const progress = await importFile(user, { path: file }, { catalog: catalogId })
    expect(progress.status).toBe('completed')
    const job = progress.jobs[0]
    expect(job.counts.eventsCreated).toBe(1)
    expect(job.errors).toEqual([
      expect.objectContaining({
        row: 2,
        code: 'too-deep',
        message: 'Record 2 is nested more than 32 levels deep; store the deep part as text or flatten it',
      }),
    ])
    const list = await timed(() => user.getText(`/events/list?datasets=${job.datasetId}`))
    expect(Buffer.byteLength(list.text)).toBeLessThanOrEqual(MAX_ITEM_BYTES)
  }, 60_000)
})

describe('a hand edit of an event', () => {
  it('is refused with a 400 naming the bound when its values or title are too large', async () => {
    const large = await user.request('PATCH', `/events/${bigId}`, { data: { notes: 'x'.repeat(100_000) } })
    expect(large.status).toBe(400)
    expect(JSON.stringify(large.body)).toContain('an event keeps at most 64 KB of values')
    const title = await user.request('PATCH', `/events/${bigId}`, { title: 'x'.repeat(3000) })
    expect(title.status).toBe(400)
    const fine = await user.request('PATCH', `/events/${bigId}`, { title: 'Flooded area, checked' })
    expect(fine.status).toBe(200)
  })
})
