import { beforeAll, describe, expect, it } from 'vitest'

import { anonymous, ApiClient, testPayload } from '../../helpers/api-client'

// Every outside caller's list is bounded (issue 17, point 1): `limit=0` once returned all 6,482
// demo events, and 20 aliases of a GraphQL `Events(limit: 0)` took 99 s.
let admin: ApiClient

beforeAll(async () => {
  admin = await ApiClient.as('admin')
})

describe('the CMS REST routes', () => {
  it.each(['0', '-1', 'NaN', '', '1001', '99999999999999999999', '1.5', '1e3'])(
    'refuse limit=%j with a 400 naming limit',
    async (limit) => {
      const response = await anonymous.get(`/events?limit=${limit}`)
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({ parameter: 'limit', code: 'invalid-parameter' })
      expect(response.body.error).toBe(`limit: must be a whole number from 1 to 1000; got ${JSON.stringify(limit)}`)
    },
  )

  it('serve up to 1000 documents per page', async () => {
    const response = await anonymous.get('/events?limit=1000&depth=0')
    expect(response.status).toBe(200)
    expect(response.body.limit).toBe(1000)
    expect(response.body.docs.length).toBeGreaterThan(0)
  })

  it.each([
    ['/events?pagination=false', 'pagination'],
    ['/events?limit=5&limit=6', 'limit'],
    ['/events?depth=4', 'depth'],
    ['/events?depth=-1', 'depth'],
    ['/events?page=10001', 'page'],
    ['/events/1?depth=99', 'depth'],
    ['/catalogs?joins[datasets][limit]=0', 'joins[datasets][limit]'],
    ['/globals/main-menu?depth=x', 'depth'],
  ])('refuse %s with a 400 naming %s', async (path, parameter) => {
    const response = await anonymous.get(path)
    expect(response.status).toBe(400)
    expect(response.body.parameter).toBe(parameter)
    expect(response.body.error).toMatch(new RegExp(`^${parameter.replace(/[[\]]/g, '\\$&')}: `))
  })

  it.each([
    '/payload-jobs',
    '/payload-locked-documents',
    '/payload-preferences',
    '/users',
    '/events/versions',
    '/globals/main-menu/versions',
  ])('bound %s too, even for an admin', async (path) => {
    const response = await admin.get(`${path}?limit=0`)
    expect(response.status).toBe(400)
    expect(response.body.parameter).toBe('limit')
  })

  it("keep Payload's admin bulk delete and the read API as they were", async () => {
    // The admin deletes a selection with limit=0; writes are access-checked document by document.
    const selection = await admin.request('DELETE', '/events?limit=0&where[id][in]=999999998,999999999')
    expect(selection.status).toBe(200)
    // The read API has its own parameters: an empty limit is its default, 1001 its own 400.
    const list = await anonymous.get('/events/list?limit=')
    expect(list.status).toBe(200)
    expect(list.body.limit).toBe(100)
    const tooMany = await anonymous.get('/events/list?limit=1001')
    expect(tooMany.status).toBe(400)
    expect(tooMany.body).toMatchObject({
      parameter: 'limit',
      error: 'limit: must be a whole number from 1 to 1000; got "1001"',
    })
  })

  it("leave the server's own local-API calls unbounded", async () => {
    const payload = await testPayload()
    const all = await payload.find({ collection: 'events', limit: 0, pagination: false, depth: 0 })
    const count = await payload.count({ collection: 'events' })
    expect(all.docs).toHaveLength(count.totalDocs)
    expect(count.totalDocs).toBeGreaterThan(100)
    expect((await anonymous.get('/health')).status).toBe(200)
  })
})

describe('GraphQL', () => {
  it.each([
    ['{ Events(limit: 0) { docs { id } } }', /^Events: limit must be a whole number from 1 to 1000; got 0$/],
    ['{ Events(limit: 1001) { docs { id } } }', /^Events: limit must be a whole number from 1 to 1000; got 1001$/],
    ['{ Events(pagination: false) { docs { id } } }', /^Events: pagination cannot be turned off/],
    ['{ Events(page: -1) { docs { id } } }', /^Events: page must be a whole number from 1 to 10000; got -1$/],
    [
      `{ ${Array.from({ length: 20 }, (_, i) => `a${i}: Events(limit: 1) { docs { id } }`).join(' ')} }`,
      /Aliases limit of 15 exceeded, found 20/,
    ],
    [
      `{ ${Array.from({ length: 5 }, (_, i) => `a${i}: Events(limit: 1000) { docs { id title dataset { name } } }`).join(' ')} }`,
      /^The query costs \d+, above the most allowed \(20000\)/,
    ],
    [
      '{ Events { docs { dataset { catalog { datasets { docs { catalog { datasets { docs { catalog { name } } } } } } } } } } }',
      /Query depth limit of 10 exceeded, found 11/,
    ],
  ])('refuses %s before running it', async (query, message) => {
    const response = await anonymous.graphql(query)
    expect(response.body.data).toBeUndefined()
    expect(response.body.errors?.map((error) => error.message)).toContainEqual(expect.stringMatching(message))
  })

  it('checks a limit given as a variable too', async () => {
    const response = await anonymous.graphql('query ($limit: Int) { Events(limit: $limit) { docs { id } } }', {
      limit: 0,
    })
    expect(response.body.data).toBeUndefined()
    expect(response.body.errors?.[0]?.message).toBe('Events: limit must be a whole number from 1 to 1000; got 0')
  })

  it('answers a bounded query as before', async () => {
    const response = await anonymous.graphql('{ Events(limit: 1000) { docs { id title dataset { name } } } }')
    expect(response.body.errors).toBeUndefined()
    expect(response.body.data.Events.docs.length).toBeGreaterThan(0)
  })
})
