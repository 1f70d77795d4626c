import { SEGMENT_BYTES_PER_EVENT } from '@chronotope/event-index'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import { EventIndexStore } from '../../../src/lib/events-read/event-index/event-index-store'
import { loadFieldColumn, loadSegment, loadTextPostings } from '../../../src/lib/events-read/event-index/segment-loader'
import { textMatches } from '../../../src/lib/events-read/event-index/text-search'
import { SEARCH_DOCUMENT_SQL, searchQuerySql } from '../../../src/lib/events-read/event-conditions'
import { databasePool } from '../../../src/lib/import/progress-tracking'
import { ApiClient, testPayload } from '../../helpers/api-client'
import { createReadFixture, type ReadFixture } from '../../helpers/read-fixture'

let fixture: ReadFixture
let owner: ApiClient

beforeAll(async () => {
  fixture = await createReadFixture(`Event index ${Date.now()}`)
  owner = await ApiClient.as('user')
})

async function versionOf(datasetId: number): Promise<{ version: bigint; count: number }> {
  const { rows } = await databasePool(await testPayload()).query<{ version: string; event_count: string }>(
    'select version, event_count from event_index_versions where dataset_id = $1',
    [datasetId],
  )
  return { version: BigInt(rows[0]!.version), count: Number(rows[0]!.event_count) }
}

async function createEvent(datasetId: number, eventTime: string, location: [number, number]): Promise<number> {
  const payload = await testPayload()
  const event = await payload.create({
    collection: 'events',
    data: {
      dataset: datasetId,
      uniqueId: `index-${Date.now()}-${Math.random()}`,
      title: 'Index probe',
      eventTime,
      location,
    },
    overrideAccess: true,
  })
  return Number(event.id)
}

describe('events versions kept by the database', () => {
  it('change with every insert, update and delete of a dataset’s events, and keep the count', async () => {
    const payload = await testPayload()
    const pool = databasePool(payload)
    const start = await versionOf(fixture.publicDatasetId)
    expect(start.count).toBe(fixture.publicEvents)

    const id = await createEvent(fixture.publicDatasetId, '1990-05-01T00:00:00.000Z', [10, 10])
    const inserted = await versionOf(fixture.publicDatasetId)
    expect(inserted.count).toBe(fixture.publicEvents + 1)
    expect(inserted.version).toBeGreaterThan(start.version)

    await payload.update({ collection: 'events', id, data: { title: 'Renamed probe' }, overrideAccess: true })
    const updated = await versionOf(fixture.publicDatasetId)
    expect(updated).toMatchObject({ count: fixture.publicEvents + 1 })
    expect(updated.version).toBeGreaterThan(inserted.version)

    // Moving an event to another dataset counts it out of one and into the other.
    const privateBefore = await versionOf(fixture.privateDatasetId)
    await pool.query('update events set dataset_id = $1 where id = $2', [fixture.privateDatasetId, id])
    expect((await versionOf(fixture.publicDatasetId)).count).toBe(fixture.publicEvents)
    expect((await versionOf(fixture.privateDatasetId)).count).toBe(privateBefore.count + 1)

    await payload.delete({ collection: 'events', id, overrideAccess: true })
    const deleted = await versionOf(fixture.privateDatasetId)
    expect(deleted.count).toBe(privateBefore.count)
    expect(deleted.version).toBeGreaterThan(privateBefore.version)
  })
})

describe('reads through the index stay fresh', () => {
  it('see an event as soon as it is created, moved in time and place, and deleted', async () => {
    const scope = `datasets=${fixture.publicDatasetId}`
    const total = async () => (await owner.get(`/events/histogram?${scope}&interval=decade`)).body.total
    const bounds = async () => (await owner.get(`/events/bounds?${scope}`)).body
    expect(await total()).toBe(fixture.publicEvents)
    const before = await bounds()

    const id = await createEvent(fixture.publicDatasetId, '1975-05-01T00:00:00.000Z', [-70, -33])
    const histogram = (await owner.get(`/events/histogram?${scope}&interval=decade`)).body
    expect(histogram.total).toBe(fixture.publicEvents + 1)
    expect(histogram.buckets[0]).toMatchObject({ start: '1970-01-01T00:00:00.000Z', count: 1 })
    expect((await bounds()).bounds.slice(0, 2)).toEqual([-70, -33])

    const payload = await testPayload()
    await payload.update({
      collection: 'events',
      id,
      data: { eventTime: '2001-01-01T00:00:00.000Z', location: [2.4, 48.9] },
      overrideAccess: true,
    })
    expect((await owner.get(`/events/list?${scope}&start=1970&end=1979`)).body.events).toEqual([])
    expect(await bounds()).toEqual({
      bounds: [before.bounds[0], before.bounds[1], before.bounds[2], 48.9],
      count: fixture.publicEvents + 1,
    })

    await payload.delete({ collection: 'events', id, overrideAccess: true })
    expect(await total()).toBe(fixture.publicEvents)
    expect(await bounds()).toEqual(before)
  })
})

describe('EventIndexStore', () => {
  it('leaves reads to the database when it is off or the events exceed its budget', async () => {
    const pool = databasePool(await testPayload())
    expect(await new EventIndexStore(pool, { maxEvents: 0 }).segmentsFor([fixture.publicDatasetId], [])).toBeNull()
    expect(
      await new EventIndexStore(pool, { maxEvents: fixture.publicEvents - 1 }).segmentsFor(
        [fixture.publicDatasetId],
        [],
      ),
    ).toBeNull()
    const fits = await new EventIndexStore(pool, { maxEvents: fixture.publicEvents }).segmentsFor(
      [fixture.publicDatasetId],
      [],
    )
    expect(fits?.map((segment) => segment.size)).toEqual([fixture.publicEvents])
  })

  it('sizes itself by memory: a dataset that would not fit is read from the database, others make room', async () => {
    const pool = databasePool(await testPayload())
    const unlimited = Number.MAX_SAFE_INTEGER
    const estimate = fixture.publicEvents * SEGMENT_BYTES_PER_EVENT
    const small = new EventIndexStore(pool, { maxEvents: unlimited, maxBytes: estimate - 1 })
    expect(await small.segmentsFor([fixture.publicDatasetId], [])).toBeNull()
    expect(small.status()).toMatchObject({ datasets: 0, bytes: 0 })

    const store = new EventIndexStore(pool, { maxEvents: unlimited, maxBytes: estimate })
    const [segment] = (await store.segmentsFor([fixture.publicDatasetId], []))!
    expect(store.status()).toMatchObject({ events: fixture.publicEvents, bytes: segment!.byteLength })
    // The other dataset (12 events against 30) does not fit beside it: loading it evicts the first,
    // which this read does not need.
    const other = await store.segmentsFor([fixture.privateDatasetId], [])
    expect(other?.map((held) => held.datasetId)).toEqual([fixture.privateDatasetId])
    expect(store.status().datasets).toBe(1)
  })

  it('loads big datasets and fields in the background and serves them once loaded', async () => {
    const pool = databasePool(await testPayload())
    const store = new EventIndexStore(pool, { maxEvents: 1000, awaitedLoadEvents: 5 })
    const scope = [fixture.publicDatasetId, fixture.privateDatasetId]
    expect(await store.segmentsFor(scope, [])).toBeNull()
    const segments = await vi.waitFor(async () => {
      const ready = await store.segmentsFor(scope, [])
      expect(ready).not.toBeNull()
      return ready!
    })
    expect(segments.map((segment) => segment.size).sort((a, b) => a - b)).toEqual([
      fixture.privateEvents,
      fixture.publicEvents,
    ])

    expect(await store.segmentsFor(scope, ['category'])).toBeNull()
    const withField = await vi.waitFor(async () => {
      const ready = await store.segmentsFor(scope, ['category'])
      expect(ready).not.toBeNull()
      return ready!
    })
    const categories = withField.flatMap((segment) => segment.field('category')!.dictionary)
    expect(new Set(categories)).toEqual(new Set(['protest', 'meeting', 'leak']))
  })

  it('waits for small loads and reads each field in the segment’s row order', async () => {
    const pool = databasePool(await testPayload())
    const [segment] = (await new EventIndexStore(pool, { maxEvents: 1000 }).segmentsFor(
      [fixture.publicDatasetId],
      ['attendance'],
    ))!
    const { rows } = await pool.query<{ id: number; attendance: string }>(
      "select id, data->>'attendance' as attendance from events where dataset_id = $1",
      [fixture.publicDatasetId],
    )
    const expected = new Map(rows.map((row) => [row.id, row.attendance]))
    const column = segment!.field('attendance')!
    for (let row = 0; row < segment!.size; row++) {
      expect(column.dictionary[column.codes[row]!]).toBe(expected.get(segment!.ids[row]!))
    }
  })
})

describe('loading a dataset into the index', () => {
  it('reads the same events, field and search words a chunk at a time as in one go, whatever size it expected', async () => {
    const pool = databasePool(await testPayload())
    const dataset = fixture.publicDatasetId
    const whole = (await loadSegment(pool, dataset, fixture.publicEvents))!
    expect(whole.size).toBe(fixture.publicEvents)
    // Seven rows a fetch: five fetches, the columns grown from 16 rows, or cut down from 1,000.
    for (const expected of [0, 1000]) {
      const chunked = (await loadSegment(pool, dataset, expected, { chunkRows: 7 }))!
      expect([...chunked.ids]).toEqual([...whole.ids])
      expect([...chunked.times]).toEqual([...whole.times])
      expect([...chunked.longitudes]).toEqual([...whole.longitudes])
      expect([...chunked.latitudes]).toEqual([...whole.latitudes])
      expect(chunked.ids.buffer.byteLength).toBe(4 * fixture.publicEvents)
    }
    const field = (await loadFieldColumn(pool, whole, 'category'))!
    const chunkedField = (await loadFieldColumn(pool, whole, 'category', { chunkRows: 7 }))!
    expect(chunkedField.dictionary).toEqual(field.dictionary)
    expect([...chunkedField.codes]).toEqual([...field.codes])
    expect(new Set(field.dictionary)).toEqual(new Set(['protest', 'meeting']))
    const words = (await loadTextPostings(pool, whole))!
    const chunkedWords = (await loadTextPostings(pool, whole, { chunkRows: 7 }))!
    expect([...chunkedWords.packed.records]).toEqual([...words.packed.records])
    expect([...chunkedWords.packed.starts]).toEqual([...words.packed.starts])
    expect(words.lexemeCount).toBeGreaterThan(0)
  })
})

describe('full-text search through the index', () => {
  const texts: Array<[string, string]> = [
    ["Flood at O'Neil's farm", 'The river burst its banks near Río Grande'],
    ['Storm-surge hits the coast', 'Version 3.14 of the flood report; see http://example.org/a-b'],
    ['Public meeting about the flood', 'Residents met at the town hall'],
    ['Drought', "'; drop table events; --"],
    ['Grève des dockers', 'Ports fermés'],
  ]

  it('answers every search exactly as the database does, from postings or by asking it', async () => {
    const payload = await testPayload()
    const pool = databasePool(payload)
    const ids = await Promise.all(
      texts.map(async ([title, description]) => {
        const id = await createEvent(fixture.privateDatasetId, '1990-05-01T00:00:00.000Z', [10, 10])
        await payload.update({ collection: 'events', id, data: { title, description }, overrideAccess: true })
        return id
      }),
    )
    try {
      const store = new EventIndexStore(pool, { maxEvents: 1000 })
      const [segment] = (await store.segmentsFor([fixture.privateDatasetId], []))!
      store.loadTextPostings([segment!])
      await store.textPostingsLoaded()
      expect(segment!.textPostings?.size).toBe(segment!.size)

      const searches = [
        'flood',
        'FLOOD coast',
        'flood -river',
        'flood or drought',
        '-flood',
        'río',
        'rio',
        'grève',
        'greve',
        'fermes',
        '3.14',
        'meeting whistleblower',
        'whistleblower or drought -sydney',
        '"storm surge"',
        "o'neil",
        '!!!',
        "'; drop table events; --",
        'example.org',
      ]
      for (const search of searches) {
        const { rows } = await pool.query<{ id: number }>(
          `select id from events e where dataset_id = $1 and ${SEARCH_DOCUMENT_SQL} @@ ${searchQuerySql('$2')}`,
          [fixture.privateDatasetId, search],
        )
        const rowsFound = (await textMatches(store, pool, [segment!], search)).get(fixture.privateDatasetId)!
        const found = [...rowsFound].map((row) => segment!.ids[row]!)
        expect(
          found.sort((a, b) => a - b),
          search,
        ).toEqual(rows.map((row) => row.id).sort((a, b) => a - b))
      }
      // The searches cover matches and misses both.
      expect((await textMatches(store, pool, [segment!], 'flood')).get(fixture.privateDatasetId)!.length).toBe(3)
    } finally {
      for (const id of ids) await payload.delete({ collection: 'events', id, overrideAccess: true })
    }
  })
})
