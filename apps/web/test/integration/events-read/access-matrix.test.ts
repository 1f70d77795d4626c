import { beforeAll, describe, expect, it } from 'vitest'

import { loadExploreState } from '../../../src/components/explore/view-state'
import { exploreCatalogs } from '../../../src/lib/explore/explore-catalogs'
import { initialBounds } from '../../../src/lib/explore/initial-bounds'
import { anonymous, ApiClient, testPayload } from '../../helpers/api-client'
import { createReadFixture, type ReadFixture } from '../../helpers/read-fixture'

// Every read path × every kind of caller: a public dataset (30 events) and a private one (12) in a
// public catalog owned by the demo user. Callers who may not see the private dataset must get
// exactly the public count from every endpoint, including counts inside histograms, clusters,
// bounds, dynamic filters and exports.

type Caller = 'anonymous' | 'owner' | 'other user' | 'editor' | 'admin'

let fixture: ReadFixture
const callers = new Map<Caller, ApiClient>()

beforeAll(async () => {
  fixture = await createReadFixture(`Access matrix ${Date.now()}`)
  const payload = await testPayload()
  await payload
    .create({
      collection: 'users',
      data: { email: 'read-stranger@chronotope.local', password: 'read-stranger-pw', role: 'user' },
    })
    .catch(() => undefined)
  callers.set('anonymous', anonymous)
  callers.set('owner', await ApiClient.as('user'))
  callers.set('other user', await ApiClient.signIn('read-stranger@chronotope.local', 'read-stranger-pw'))
  callers.set('editor', await ApiClient.as('editor'))
  callers.set('admin', await ApiClient.as('admin'))
})

/** How many events each read path shows a caller for a query. */
const READ_PATHS: Record<string, (client: ApiClient, query: string) => Promise<number>> = {
  list: async (client, query) => (await client.get(`/events/list?${query}&limit=1000`)).body.events.length,
  'events root': async (client, query) => (await client.get(`/events?${query}&limit=1000`)).body.events.length,
  histogram: async (client, query) => (await client.get(`/events/histogram?${query}&interval=decade`)).body.total,
  'map-clusters': async (client, query) =>
    (await client.get(`/events/map-clusters?${query}&bbox=-180,-85,180,85&zoom=2`)).body.total,
  bounds: async (client, query) => (await client.get(`/events/bounds?${query}`)).body.count,
  // The explore and embed pages read the map's extent with the page.
  'explore page bounds': async (client, query) => {
    const payload = await testPayload()
    const user = await client.user()
    const catalogs = await exploreCatalogs(payload, user)
    const view = loadExploreState(new URLSearchParams(query))
    return (await initialBounds(payload, user, catalogs, view))?.response.count ?? 0
  },
  'dataset-counts': async (client, query) => {
    const { body } = await client.get(`/events/dataset-counts?${query}`)
    const listed = (body.datasets as Array<{ count: number }>).reduce((sum, entry) => sum + entry.count, 0)
    expect(listed).toBe(body.total)
    return body.total
  },
  filters: async (client, query) => {
    const { fields } = (await client.get(`/events/filters?${query}`)).body
    const category = fields.find((field: { path: string }) => field.path === 'category')
    return (category?.values ?? []).reduce((sum: number, value: { count: number }) => sum + value.count, 0)
  },
  'export.csv': async (client, query) => {
    const { text } = await client.getText(`/events/export.csv?${query}`)
    return text.trim().split('\r\n').length - 1
  },
  'export.geojson': async (client, query) =>
    JSON.parse((await client.getText(`/events/export.geojson?${query}`)).text).features.length,
  'graphql EventsList': async (client, query) => {
    const params = new URLSearchParams(query)
    const { body } = await client.graphql<{ EventsList: { events: unknown[] } }>(
      `query ($catalogs: [Int!], $q: String) { EventsList(catalogs: $catalogs, q: $q, limit: 1000) { events { id title } } }`,
      { catalogs: [Number(params.get('catalogs'))], q: params.get('q') },
    )
    expect(body.errors).toBeUndefined()
    return body.data!.EventsList.events.length
  },
  'graphql EventsHistogram': async (client, query) => {
    const params = new URLSearchParams(query)
    const { body } = await client.graphql<{ EventsHistogram: { total: number } }>(
      `query ($catalogs: [Int!], $q: String) { EventsHistogram(catalogs: $catalogs, q: $q) { total buckets { start count } } }`,
      { catalogs: [Number(params.get('catalogs'))], q: params.get('q') },
    )
    expect(body.errors).toBeUndefined()
    return body.data!.EventsHistogram.total
  },
  'graphql Events collection': async (client) => {
    const { body } = await client.graphql<{ Events: { totalDocs: number } }>(
      `query ($datasets: [JSON]) { Events(where: { dataset: { in: $datasets } }, limit: 1) { totalDocs } }`,
      { datasets: [fixture.publicDatasetId, fixture.privateDatasetId] },
    )
    return body.data!.Events.totalDocs
  },
}

const SEES_PRIVATE: Record<Caller, boolean> = {
  anonymous: false,
  owner: true,
  'other user': false,
  editor: true,
  admin: true,
}

describe.each(Object.keys(SEES_PRIVATE) as Caller[])('%s', (caller) => {
  it.each(Object.keys(READ_PATHS))('%s shows exactly the events the caller may see', async (path) => {
    const client = callers.get(caller)!
    const expected = fixture.publicEvents + (SEES_PRIVATE[caller] ? fixture.privateEvents : 0)
    expect(await READ_PATHS[path]!(client, `catalogs=${fixture.catalogId}`)).toBe(expected)
  })

  it.each(Object.keys(READ_PATHS).filter((path) => path !== 'graphql Events collection'))(
    '%s finds private events by their word only for those who may see them',
    async (path) => {
      const client = callers.get(caller)!
      const found = await READ_PATHS[path]!(client, `catalogs=${fixture.catalogId}&q=whistleblower`)
      expect(found).toBe(SEES_PRIVATE[caller] ? fixture.privateEvents : 0)
    },
  )

  it('asking for the private dataset by id is a 400 for those who may not see it, like a missing one', async () => {
    const client = callers.get(caller)!
    const asked = await client.get(`/events/list?datasets=${fixture.privateDatasetId}`)
    const missing = await client.get('/events/list?datasets=2147483000')
    expect(missing.status).toBe(400)
    expect(missing.body.parameter).toBe('datasets')
    if (SEES_PRIVATE[caller]) {
      expect(asked.status).toBe(200)
      expect(asked.body.events).toHaveLength(fixture.privateEvents)
    } else {
      expect(asked.status).toBe(400)
      expect(asked.body.parameter).toBe('datasets')
      expect(asked.body.error.replace(String(fixture.privateDatasetId), 'N')).toBe(
        missing.body.error.replace('2147483000', 'N'),
      )
    }
  })

  it('the explore page reads no extent for a private dataset it may not show, nor for a link with a camera', async () => {
    const payload = await testPayload()
    const user = await callers.get(caller)!.user()
    const catalogs = await exploreCatalogs(payload, user)
    const opened = (query: string) =>
      initialBounds(payload, user, catalogs, loadExploreState(new URLSearchParams(query)))
    const privateLink = await opened(`datasets=${fixture.privateDatasetId}`)
    if (SEES_PRIVATE[caller]) expect(privateLink?.response.count).toBe(fixture.privateEvents)
    else expect(privateLink).toBeNull()
    expect(await opened(`catalogs=${fixture.catalogId}&lng=10&lat=20&zoom=3`)).toBeNull()
  })

  it('GraphQL names a bad argument in its error, as REST names the parameter', async () => {
    const { body } = await callers.get(caller)!.graphql(`{ EventsList(bbox: "0,95,10,96") { events { id } } }`)
    expect(body.errors?.[0]?.message).toMatch(/^bbox: /)
  })
})
