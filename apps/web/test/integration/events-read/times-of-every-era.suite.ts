/**
 * Times of every era read back exactly, through every reader and writer: the CMS's REST (by id,
 * lists, both sorts, `where` on times), GraphQL, the local API, the read API's list and the
 * exports, and writing back the time the API returned. Shared by two test files: one in a UTC
 * session and one in a session whose TimeZone is not UTC, since PostgreSQL's timestamp text
 * depends on it.
 * @module
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { insertEventsBulk } from '../../../src/lib/events/bulk-insert-events'
import { databasePool } from '../../../src/lib/import/progress-tracking'
import { anonymous, ApiClient, testPayload } from '../../helpers/api-client'
import { demoUserId } from '../../helpers/demo-users'
import { eventRow } from '../../helpers/event-rows'

/**
 * One event per era, in time order. Years are written as people write them, with the astronomical
 * year ISO 8601 and the API use (1 BC is year 0, so 490 BC is -0489); the "year -490" is
 * astronomical -490, 491 BC, whose PostgreSQL text is `0491-09-12 … BC`.
 */
export const ERAS = [
  { label: '491 BC (astronomical -490)', iso: '-000490-09-12T00:00:00.000Z' },
  { label: '490 BC (astronomical -489)', iso: '-000489-01-01T00:00:00.000Z' },
  { label: '44 BC (astronomical -43) on the Ides of March at noon', iso: '-000043-03-15T12:00:00.000Z' },
  { label: 'AD 1', iso: '0001-01-01T00:00:00.000Z' },
  { label: 'AD 12 (new Date() of its text gives 2024-12-08)', iso: '0012-08-24T00:00:00.000Z' },
  { label: 'AD 79 (new Date() of its text gives 1979)', iso: '0079-08-24T13:00:00.000Z' },
  { label: 'AD 999 at its last millisecond', iso: '0999-12-31T23:59:59.999Z' },
  { label: 'AD 1066', iso: '1066-10-14T09:30:15.250Z' },
  { label: 'AD 1850', iso: '1850-06-01T00:00:00.000Z' },
  { label: 'AD 2024 on a leap day', iso: '2024-02-29T12:00:00.000Z' },
] as const

const TIMES = ERAS.map((era) => era.iso)
const REVERSED = [...TIMES].reverse()
/** An end time a day after the start, so both time columns are checked. */
const endOf = (iso: string): string => new Date(Date.parse(iso) + 86_400_000).toISOString()

let datasetId: number
let ids: number[]
let owner: ApiClient

/** The stored instant of an event, in milliseconds, read by PostgreSQL itself. */
async function storedEpochMs(id: number): Promise<{ start: number; end: number | null }> {
  const { rows } = await databasePool(await testPayload()).query<{ start: number; end: number | null }>(
    `select (extract(epoch from event_time) * 1000)::float8 as start,
            (extract(epoch from event_end_time) * 1000)::float8 as "end"
       from events where id = $1`,
    [id],
  )
  return rows[0]!
}

beforeAll(async () => {
  const payload = await testPayload()
  const user = await demoUserId('user')
  const name = `Eras ${Date.now()}`
  const catalog = await payload.create({ collection: 'catalogs', data: { name, owner: user, isPublic: true } })
  const dataset = await payload.create({
    collection: 'datasets',
    data: { name, catalog: catalog.id, owner: user, isPublic: true },
  })
  datasetId = Number(dataset.id)
  // As an import writes them; one at a time, so ids follow the table's order.
  for (const [index, era] of ERAS.entries()) {
    await insertEventsBulk(databasePool(payload), [
      eventRow(datasetId, `era-${index}`, {
        title: era.label,
        eventTime: new Date(era.iso),
        eventEndTime: new Date(endOf(era.iso)),
      }),
    ])
  }
  const { rows } = await databasePool(payload).query<{ id: number }>(
    'select id from events where dataset_id = $1 order by id',
    [datasetId],
  )
  ids = rows.map((row) => Number(row.id))
  owner = await ApiClient.as('user')
})

describe('reading times of every era', () => {
  it('GET /api/events/{id} gives each time exactly', async () => {
    for (const [index, era] of ERAS.entries()) {
      const { status, body } = await anonymous.get(`/events/${ids[index]}?depth=0`)
      expect(status, era.label).toBe(200)
      expect(body.eventTime, era.label).toBe(era.iso)
      expect(body.eventEndTime, era.label).toBe(endOf(era.iso))
    }
  })

  it('the CMS list sorts by eventTime both ways', async () => {
    const list = async (sort: string) => {
      const { status, body } = await anonymous.get(
        `/events?where[dataset][equals]=${datasetId}&sort=${sort}&limit=50&depth=0`,
      )
      expect(status).toBe(200)
      return body.docs.map((doc: { eventTime: string }) => doc.eventTime)
    }
    expect(await list('eventTime')).toEqual(TIMES)
    expect(await list('-eventTime')).toEqual(REVERSED)
  })

  it('the CMS list filters on times of any era', async () => {
    const where = `where[dataset][equals]=${datasetId}&where[eventTime][greater_than]=-000100-01-01T00:00:00.000Z&where[eventTime][less_than]=0080-01-01T00:00:00.000Z`
    const { status, body } = await anonymous.get(`/events?${where}&sort=eventTime&depth=0`)
    expect(status).toBe(200)
    expect(body.docs.map((doc: { eventTime: string }) => doc.eventTime)).toEqual(TIMES.slice(2, 6))
  })

  it('the read API lists them in time order both ways', async () => {
    for (const [sort, expected] of [
      ['time-asc', TIMES],
      ['time-desc', REVERSED],
    ] as const) {
      const { status, body } = await anonymous.get(`/events/list?datasets=${datasetId}&sort=${sort}&limit=50`)
      expect(status).toBe(200)
      expect(body.events.map((event: { eventTime: string }) => event.eventTime)).toEqual(expected)
      expect(body.events.map((event: { eventEndTime: string }) => event.eventEndTime)).toEqual(expected.map(endOf))
    }
  })

  it('GraphQL gives each time exactly, in a list and by id', async () => {
    const { body } = await anonymous.graphql<{ Events: { docs: Array<{ eventTime: string; eventEndTime: string }> } }>(
      `query ($dataset: JSON) { Events(where: { dataset: { equals: $dataset } }, sort: "eventTime", limit: 50) { docs { eventTime eventEndTime } } }`,
      { dataset: datasetId },
    )
    expect(body.errors).toBeUndefined()
    expect(body.data?.Events.docs.map((doc) => doc.eventTime)).toEqual(TIMES)
    expect(body.data?.Events.docs.map((doc) => doc.eventEndTime)).toEqual(TIMES.map(endOf))
    const single = await anonymous.graphql<{ Event: { eventTime: string } }>(
      `query ($id: Int!) { Event(id: $id) { eventTime } }`,
      { id: ids[0] },
    )
    expect(single.body.errors).toBeUndefined()
    expect(single.body.data?.Event.eventTime).toBe(TIMES[0])
  })

  it('the local API gives each time exactly', async () => {
    const payload = await testPayload()
    const { docs } = await payload.find({
      collection: 'events',
      where: { dataset: { equals: datasetId } },
      sort: '-eventTime',
      limit: 50,
      depth: 0,
    })
    expect(docs.map((doc) => doc.eventTime)).toEqual(REVERSED)
    const one = await payload.findByID({ collection: 'events', id: ids[5]!, depth: 0 })
    expect(one.eventTime).toBe(TIMES[5])
  })

  it('the CSV export writes each time as ISO 8601, without the formula guard', async () => {
    const { status, text } = await anonymous.getText(`/events/export.csv?datasets=${datasetId}`)
    expect(status).toBe(200)
    const rows = text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(','))
    expect(rows.map((cells) => cells[4])).toEqual(TIMES)
    expect(rows.map((cells) => cells[5])).toEqual(TIMES.map(endOf))
  })

  it('the GeoJSON export gives each time exactly', async () => {
    const { status, text } = await anonymous.getText(`/events/export.geojson?datasets=${datasetId}`)
    expect(status).toBe(200)
    const { features } = JSON.parse(text) as { features: Array<{ properties: { eventTime: string } }> }
    expect(features.map((feature) => feature.properties.eventTime)).toEqual(TIMES)
  })
})

describe('writing times of every era', () => {
  it('PATCH with the time the API returned stores the same instant', async () => {
    for (const [index, era] of ERAS.entries()) {
      const id = ids[index]!
      const read = await owner.get(`/events/${id}?depth=0`)
      const { status, body } = await owner.patch(`/events/${id}`, {
        title: `${era.label} (edited)`,
        eventTime: read.body.eventTime,
        eventEndTime: read.body.eventEndTime,
      })
      expect(status, era.label).toBe(200)
      expect(body.doc.eventTime, era.label).toBe(era.iso)
      expect(await storedEpochMs(id), era.label).toEqual({
        start: Date.parse(era.iso),
        end: Date.parse(endOf(era.iso)),
      })
    }
  })

  it('POST, the local API and GraphQL create and update events of any era', async () => {
    const created = await owner.post('/events', {
      dataset: datasetId,
      uniqueId: `era-post-${Date.now()}`,
      title: 'Battle of Marathon',
      eventTime: '-000489-09-12T06:00:00.000Z',
    })
    expect(created.status).toBe(201)
    expect(created.body.doc.eventTime).toBe('-000489-09-12T06:00:00.000Z')
    const id = Number(created.body.doc.id)
    expect((await storedEpochMs(id)).start).toBe(Date.parse('-000489-09-12T06:00:00.000Z'))

    const payload = await testPayload()
    const updated = await payload.update({
      collection: 'events',
      id,
      data: { eventTime: new Date('0079-08-24T13:00:00.000Z').toISOString() },
      depth: 0,
    })
    expect(updated.eventTime).toBe('0079-08-24T13:00:00.000Z')
    expect((await storedEpochMs(id)).start).toBe(Date.parse('0079-08-24T13:00:00.000Z'))

    const mutation = await owner.graphql<{ updateEvent: { eventTime: string } }>(
      `mutation ($id: Int!) { updateEvent(id: $id, data: { eventTime: "-000043-03-15T12:00:00.000Z" }) { eventTime } }`,
      { id },
    )
    expect(mutation.body.errors).toBeUndefined()
    expect(mutation.body.data?.updateEvent.eventTime).toBe('-000043-03-15T12:00:00.000Z')
    expect((await storedEpochMs(id)).start).toBe(Date.parse('-000043-03-15T12:00:00.000Z'))
    await payload.delete({ collection: 'events', id })
  })
})
