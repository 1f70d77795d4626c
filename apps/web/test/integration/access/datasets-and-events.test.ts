import { beforeAll, describe, expect, it } from 'vitest'

import { anonymous, ApiClient, testPayload } from '../../helpers/api-client'
import type { Json } from '../../helpers/json'

// The test seed holds four public datasets in public catalogs and one private dataset
// ("source-meetings") in a private catalog owned by the editor.
const PRIVATE_DATASET = 'source-meetings'
const PRIVATE_CATALOG = 'newsroom-investigations'

let privateDatasetId: number
let privateEventId: number
let publicDatasetIds: number[]
/** A public dataset of the seed, which the demo user neither owns nor holds the catalog of. */
let seededPublicDatasetId: number

beforeAll(async () => {
  const payload = await testPayload()
  const datasets = await payload.find({ collection: 'datasets', limit: 0, pagination: false, depth: 0, sort: 'id' })
  privateDatasetId = datasets.docs.find((dataset) => dataset.slug === PRIVATE_DATASET)!.id as number
  publicDatasetIds = datasets.docs.filter((dataset) => dataset.isPublic).map((dataset) => dataset.id as number)
  // Other test files add public datasets owned by the demo user; the seed's come first by id.
  seededPublicDatasetId = publicDatasetIds[0]!
  const events = await payload.find({
    collection: 'events',
    where: { dataset: { equals: privateDatasetId } },
    limit: 1,
    depth: 0,
  })
  privateEventId = events.docs[0]!.id as number
  expect(publicDatasetIds.length).toBeGreaterThan(0)
  expect(events.totalDocs).toBeGreaterThan(0)
})

function datasetIdOf(event: { dataset: number | { id: number } }): number {
  return typeof event.dataset === 'object' ? event.dataset.id : event.dataset
}

describe('REST: anonymous callers', () => {
  it('see public catalogs only', async () => {
    const { status, body } = await anonymous.get('/catalogs?limit=100')
    expect(status).toBe(200)
    const slugs = body.docs.map((catalog: { slug: string }) => catalog.slug)
    expect(slugs).toContain('climate-and-environment')
    expect(slugs).not.toContain(PRIVATE_CATALOG)
  })

  it('see public datasets only', async () => {
    const { body } = await anonymous.get('/datasets?limit=100&depth=0')
    const ids = body.docs.map((dataset: { id: number }) => dataset.id).sort()
    expect(ids).toEqual([...publicDatasetIds].sort())
  })

  it('never receive events of a private dataset, however they ask', async () => {
    const all = await anonymous.get('/events?limit=1000&depth=0')
    expect(all.status).toBe(200)
    expect(all.body.docs.length).toBeGreaterThan(0)
    expect(all.body.docs.every((event: Json) => publicDatasetIds.includes(datasetIdOf(event)))).toBe(true)

    const filtered = await anonymous.get(`/events?where[dataset][equals]=${privateDatasetId}&depth=0`)
    expect(filtered.body.totalDocs).toBe(0)

    const byId = await anonymous.get(`/events/${privateEventId}`)
    expect([403, 404]).toContain(byId.status)

    const dataset = await anonymous.get(`/datasets/${privateDatasetId}`)
    expect([403, 404]).toContain(dataset.status)
  })

  it('cannot create, change or delete anything', async () => {
    expect((await anonymous.post('/catalogs', { name: 'Spam' })).status).toBe(403)
    expect((await anonymous.patch(`/datasets/${seededPublicDatasetId}`, { name: 'Defaced' })).status).toBe(403)
    expect((await anonymous.delete(`/events/${privateEventId}`)).status).toBe(403)
  })
})

describe('REST: signed-in users', () => {
  it('do not see other people’s private datasets or events', async () => {
    const user = await ApiClient.as('user')
    const events = await user.get(`/events?where[dataset][equals]=${privateDatasetId}&depth=0`)
    expect(events.body.totalDocs).toBe(0)
    expect([403, 404]).toContain((await user.get(`/events/${privateEventId}`)).status)
  })

  it('see their own private catalog, dataset and events, which others cannot', async () => {
    const user = await ApiClient.as('user')
    const catalog = await user.post('/catalogs', { name: 'My notes', isPublic: false })
    expect(catalog.status).toBe(201)
    const dataset = await user.post('/datasets', {
      name: 'My private dataset',
      catalog: catalog.body.doc.id,
      isPublic: false,
    })
    expect(dataset.status).toBe(201)
    const event = await user.post('/events', {
      dataset: dataset.body.doc.id,
      uniqueId: 'mine-1',
      title: 'My event',
      location: [2.35, 48.85],
    })
    expect(event.status).toBe(201)

    const mine = await user.get(`/events?where[dataset][equals]=${dataset.body.doc.id}&depth=0`)
    expect(mine.body.totalDocs).toBe(1)
    expect(mine.body.docs[0].location).toEqual([2.35, 48.85])

    const stranger = await anonymous.get(`/events/${event.body.doc.id}`)
    expect([403, 404]).toContain(stranger.status)
    const editor = await ApiClient.as('editor')
    expect((await editor.get(`/events/${event.body.doc.id}`)).status).toBe(200)
  })

  it('cannot add events to a dataset they do not own', async () => {
    const user = await ApiClient.as('user')
    const response = await user.post('/events', {
      dataset: seededPublicDatasetId,
      uniqueId: 'intruder-1',
      title: 'Injected',
    })
    expect(response.status).toBe(403)
  })

  it('cannot move someone else’s event into their own dataset, one by one or in bulk', async () => {
    const user = await ApiClient.as('user')
    const catalog = await user.post('/catalogs', { name: 'Mover catalog' })
    const dataset = await user.post('/datasets', { name: 'Mover dataset', catalog: catalog.body.doc.id })
    const payload = await testPayload()
    const victim = (
      await payload.find({
        collection: 'events',
        where: { dataset: { equals: seededPublicDatasetId } },
        limit: 1,
        depth: 0,
      })
    ).docs[0]!

    const single = await user.patch(`/events/${victim.id}`, { dataset: dataset.body.doc.id, title: 'Stolen' })
    expect([403, 404]).toContain(single.status)
    const bulk = await user.patch(`/events?where[dataset][equals]=${seededPublicDatasetId}`, { title: 'Defaced' })
    expect(bulk.body.docs ?? []).toEqual([])

    const after = await payload.findByID({ collection: 'events', id: victim.id, depth: 0 })
    expect(after.dataset).toBe(seededPublicDatasetId)
    expect(after.title).toBe(victim.title)
  })

  it('cannot put a dataset into a catalog they do not own', async () => {
    const user = await ApiClient.as('user')
    const payload = await testPayload()
    const foreign = (
      await payload.find({ collection: 'catalogs', where: { slug: { equals: 'climate-and-environment' } } })
    ).docs[0]!
    expect((await user.post('/datasets', { name: 'Squatter', catalog: foreign.id })).status).toBe(403)

    const own = await user.post('/catalogs', { name: 'Own catalog' })
    const dataset = await user.post('/datasets', { name: 'Wanderer', catalog: own.body.doc.id })
    expect(dataset.status).toBe(201)
    const moved = await user.patch(`/datasets/${dataset.body.doc.id}`, { catalog: foreign.id })
    expect([403, 404]).toContain(moved.status)
    expect((await payload.findByID({ collection: 'datasets', id: dataset.body.doc.id, depth: 0 })).catalog).toBe(
      own.body.doc.id,
    )
  })

  it('own what they create, whoever they name as owner', async () => {
    const user = await ApiClient.as('user')
    const payload = await testPayload()
    const admin = (await payload.find({ collection: 'users', where: { role: { equals: 'admin' } }, limit: 1 })).docs[0]!
    const me = (await user.get('/users/me')).body.user
    const catalog = await user.post('/catalogs', { name: 'Planted', owner: admin.id })
    expect(catalog.status).toBe(201)
    expect((await payload.findByID({ collection: 'catalogs', id: catalog.body.doc.id, depth: 0 })).owner).toBe(me.id)
  })

  it('cannot change catalogs they do not own', async () => {
    const user = await ApiClient.as('user')
    const payload = await testPayload()
    const { docs } = await payload.find({
      collection: 'catalogs',
      where: { slug: { equals: 'climate-and-environment' } },
    })
    const response = await user.patch(`/catalogs/${docs[0]!.id}`, { name: 'Taken over' })
    expect([403, 404]).toContain(response.status)
    const after = await payload.findByID({ collection: 'catalogs', id: docs[0]!.id })
    expect(after.name).toBe('Climate and environment')
  })
})

describe('REST: editors and admins', () => {
  it('see the private dataset and its events', async () => {
    for (const role of ['editor', 'admin'] as const) {
      const client = await ApiClient.as(role)
      const events = await client.get(`/events?where[dataset][equals]=${privateDatasetId}&depth=0`)
      expect(events.body.totalDocs).toBeGreaterThan(0)
      expect((await client.get(`/events/${privateEventId}`)).status).toBe(200)
    }
  })
})

describe('GraphQL applies the same rules', () => {
  const EVENTS_QUERY = `query ($dataset: JSON) { Events(where: { dataset: { equals: $dataset } }, limit: 5) { totalDocs docs { id title } } }`

  it('hides private events from anonymous callers', async () => {
    const { body } = await anonymous.graphql<{ Events: { totalDocs: number } }>(EVENTS_QUERY, {
      dataset: privateDatasetId,
    })
    expect(body.errors).toBeUndefined()
    expect(body.data?.Events.totalDocs).toBe(0)
  })

  it('hides private datasets and catalogs from anonymous callers', async () => {
    const { body } = await anonymous.graphql<{
      Datasets: { docs: Array<{ slug: string }> }
      Catalogs: { docs: Array<{ slug: string }> }
    }>(`{ Datasets(limit: 100) { docs { slug } } Catalogs(limit: 100) { docs { slug } } }`)
    expect(body.data?.Datasets.docs.map((d) => d.slug)).not.toContain(PRIVATE_DATASET)
    expect(body.data?.Datasets.docs.length).toBe(publicDatasetIds.length)
    expect(body.data?.Catalogs.docs.map((c) => c.slug)).not.toContain(PRIVATE_CATALOG)
  })

  it('shows private events to editors', async () => {
    const editor = await ApiClient.as('editor')
    const { body } = await editor.graphql<{ Events: { totalDocs: number } }>(EVENTS_QUERY, {
      dataset: privateDatasetId,
    })
    expect(body.data?.Events.totalDocs).toBeGreaterThan(0)
  })

  it('refuses mutations from anonymous callers', async () => {
    const { body } = await anonymous.graphql(`mutation { createCatalog(data: { name: "Spam" }) { id } }`)
    expect(body.errors?.[0]?.message).toMatch(/not allowed/i)
  })

  it('refuses the user list to anonymous callers', async () => {
    const { body } = await anonymous.graphql(`{ Users { docs { email } } }`)
    expect(body.data?.Users ?? null).toBeNull()
    expect(body.errors?.[0]?.message).toMatch(/not allowed/i)
  })
})
