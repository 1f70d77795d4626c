import { beforeAll, describe, expect, it } from 'vitest'

import { anonymous, ApiClient, type ApiResponse } from '../../helpers/api-client'

// Requests that answered 500 when the API was tried as an attacker would (issue 17, point 6).
// Each gets a 4xx whose message names the problem, in one shape: Payload's `errors` (its admin
// reads them) and Chronotope's `error` and `code`.
let admin: ApiClient

beforeAll(async () => {
  admin = await ApiClient.as('admin')
})

type Caller = 'anonymous' | 'admin'
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'

const cases: Array<[Caller, Method, string, unknown, number, RegExp]> = [
  ['anonymous', 'GET', '/events?limit=1.5', undefined, 400, /^limit: .*"1\.5"/],
  ['anonymous', 'GET', '/events?page=-1', undefined, 400, /^page: .*"-1"/],
  ['anonymous', 'GET', '/events?limit=1e400', undefined, 400, /^limit: .*"1e400"/],
  [
    'anonymous',
    'GET',
    '/events/abc',
    undefined,
    404,
    /^events\/abc: there is no such document; its ids are whole numbers/,
  ],
  ['anonymous', 'GET', '/events/99999999999', undefined, 404, /^events\/99999999999: there is no such document/],
  ['anonymous', 'GET', '/catalogs/1.5', undefined, 404, /^catalogs\/1\.5: there is no such document/],
  ['admin', 'PATCH', '/events/abc', { title: 'x' }, 404, /^events\/abc: there is no such document/],
  [
    'anonymous',
    'GET',
    '/events?where[location][within][type]=Polygon',
    undefined,
    400,
    /^where\[location\]\[within\]: a Polygon needs coordinates/,
  ],
  [
    'anonymous',
    'GET',
    '/events?where[location][intersects]=x',
    undefined,
    400,
    /^where\[location\]\[intersects\]: must be a GeoJSON geometry/,
  ],
  [
    'anonymous',
    'GET',
    '/events?where[location][near]=abc',
    undefined,
    400,
    /^where\[location\]\[near\]: must be longitude,latitude/,
  ],
  ['anonymous', 'GET', '/events?where[nope][equals]=1', undefined, 400, /cannot be queried: nope/],
  ['anonymous', 'GET', '/events?where=notjson', undefined, 400, /^where: must be .* JSON object; got "notjson"/],
  [
    'anonymous',
    'GET',
    '/events?where[id][in]=abc',
    undefined,
    400,
    /^where\[id\]\[in\]: ids are whole numbers .*"abc"/,
  ],
  [
    'anonymous',
    'GET',
    '/events?where[id][equals]=99999999999',
    undefined,
    400,
    /^where\[id\]\[equals\]: ids are whole numbers .*"99999999999"/,
  ],
  [
    'anonymous',
    'GET',
    '/events?where[dataset][equals]=abc',
    undefined,
    400,
    /^where: a value in the request does not fit its field: invalid input syntax for type integer/,
  ],
  ['admin', 'DELETE', '/events/list', undefined, 405, /^DELETE is not allowed on \/api\/events\/list; use GET$/],
  ['admin', 'PATCH', '/events/count', { title: 'x' }, 405, /^PATCH is not allowed on \/api\/events\/count; use GET$/],
  ['anonymous', 'POST', '/events/list', {}, 405, /^POST is not allowed on \/api\/events\/list; use GET$/],
  ['anonymous', 'POST', '/health', {}, 405, /^POST is not allowed on \/api\/health; use GET$/],
  [
    'admin',
    'DELETE',
    '/payload-preferences/no-such-key',
    undefined,
    404,
    /^payload-preferences\/no-such-key: you have no preference of this key$/,
  ],
  [
    'admin',
    'POST',
    '/datasets',
    { name: 'Unknown provider', catalog: 1, geocoding: { providers: [999999] } },
    400,
    /Use only these providers/,
  ],
]

function expectErrorShape(response: ApiResponse, status: number, message: RegExp) {
  expect(response.status, JSON.stringify(response.body)).toBe(status)
  expect(response.body.error).toMatch(message)
  expect(typeof response.body.code).toBe('string')
  expect(response.body.errors[0].message).toBe(response.body.error)
}

describe('bad requests get a 4xx that names the problem, not a 500', () => {
  it.each(cases)('%s %s %s', async (caller, method, path, body, status, message) => {
    const client = caller === 'admin' ? admin : anonymous
    const response = await client.request(method, path, body)
    expectErrorShape(response, status, message)
    if (status === 405) expect(response.headers?.get('allow')).toBe('GET')
  })

  it('names the unknown geocoding provider of a dataset', async () => {
    const response = await admin.post('/datasets', {
      name: 'Unknown provider',
      catalog: 1,
      geocoding: { providers: [999999] },
    })
    expect(response.status).toBe(400)
    expect(JSON.stringify(response.body.errors[0].data)).toContain(
      'There is no geocoding provider with the id 999999; choose among the providers an admin has added',
    )
  })

  it('answers an anonymous GraphQL {Access{canAccessAdmin}} with false', async () => {
    const response = await anonymous.graphql('{ Access { canAccessAdmin } }')
    expect(response.status).toBe(200)
    expect(response.body.errors).toBeUndefined()
    expect(response.body.data).toEqual({ Access: { canAccessAdmin: false } })
  })

  it('answers a GraphQL where value the database cannot read as a bad request', async () => {
    const response = await anonymous.graphql('{ Events(where: { dataset: { equals: "abc" } }) { docs { id } } }')
    expect(response.body.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/^A value in the request does not fit its field: invalid input syntax/),
      extensions: { statusCode: 400 },
    })
  })
})
