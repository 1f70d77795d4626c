import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ApiClient, testPayload } from '../../helpers/api-client'
import { createCatalog } from '../../helpers/demo-users'
import { importFile } from '../../helpers/imports'
import { databasePool } from '../../../src/lib/import/progress-tracking'

// The tests allow-list 127.0.0.1 (CHRONOTOPE_GEOCODING_ALLOWED_HOSTS, for the mock geocoders);
// 127.0.0.2 is this machine too, and not allow-listed.
const HIDDEN_HOST = '127.0.0.2'

describe('where an online geocoding provider may point', () => {
  let admin: ApiClient

  beforeAll(async () => {
    admin = await ApiClient.as('admin')
  })

  it.each([
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address'],
    [`http://${HIDDEN_HOST}:5432`, '127.0.0.2 is a loopback address'],
    ['http://0x7f.0.0.2/', '127.0.0.2 is a loopback address'],
    ['http://[::1]:8080/', '::1 is a loopback address'],
    ['http://10.1.2.3/search', '10.1.2.3 is a private network address'],
    ['http://localhost:7070/', 'localhost is a name for this machine'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'a name reserved for private networks'],
    ['file:///etc/passwd', 'only http and https'],
    ['gopher://example.org:70/_x', 'only http and https'],
    ['javascript:alert(1)', 'only http and https'],
  ])('refuses to save %s, naming the URL and why', async (baseUrl, reason) => {
    const created = await admin.post('/geocoding-providers', { name: 'Sneaky', type: 'nominatim', baseUrl })
    expect(created.status).toBe(400)
    const message = JSON.stringify(created.body)
    expect(message).toContain(reason)
    expect(message).toContain(JSON.stringify(baseUrl).slice(1, -1))
    expect(message).toContain('CHRONOTOPE_GEOCODING_ALLOWED_HOSTS')
  })

  it('refuses the change on update and through GraphQL too, and keeps allow-listed and public ones', async () => {
    const created = await admin.post('/geocoding-providers', {
      name: 'Self-hosted',
      type: 'pelias',
      baseUrl: 'http://127.0.0.1:4000',
    })
    expect(created.status).toBe(201)
    const id = created.body.doc.id
    const patched = await admin.patch(`/geocoding-providers/${id}`, { baseUrl: 'http://169.254.169.254/' })
    expect(patched.status).toBe(400)
    expect(JSON.stringify(patched.body)).toContain('link-local')
    const graphql = await admin.graphql(
      `mutation { createGeocodingProvider(data: { name: "G", type: nominatim, baseUrl: "http://192.168.0.1/" }) { id } }`,
    )
    expect(JSON.stringify(graphql.body.errors)).toContain('private network address')
    expect((await admin.patch(`/geocoding-providers/${id}`, { baseUrl: 'https://photon.komoot.io' })).status).toBe(200)
    await admin.delete(`/geocoding-providers/${id}`)
  })
})

describe('a provider saved before the rules, pointing at this machine', () => {
  const hits: string[] = []
  let server: Server
  let providerId: number

  beforeAll(async () => {
    server = createServer((request, response) => {
      hits.push(request.url ?? '')
      response.setHeader('content-type', 'application/json')
      response.end('[]')
    })
    await new Promise<void>((resolve) => server.listen(0, HIDDEN_HOST, resolve))
    const { port } = server.address() as AddressInfo
    const payload = await testPayload()
    const provider = await payload.create({
      collection: 'geocoding-providers',
      data: { name: 'Old row', type: 'nominatim', enabled: true, priority: 1, rateLimit: { requestsPerSecond: 50 } },
    })
    providerId = Number(provider.id)
    // Written past the save-time check, as a row from before it would be.
    await databasePool(payload).query('update geocoding_providers set base_url = $1 where id = $2', [
      `http://${HIDDEN_HOST}:${port}`,
      providerId,
    ])
  })

  afterAll(async () => {
    const payload = await testPayload()
    await payload.delete({ collection: 'geocoding-providers', id: providerId })
    await new Promise((resolve) => server.close(resolve))
  })

  it('is sent no request; the offline geocoder places the rows instead', async () => {
    const user = await ApiClient.as('user')
    const catalog = await createCatalog('Outbound requests')
    const csv = 'title,date,city,country\nRally,2020-01-05,Lyon,France\nSpeech,2020-01-06,Porto,Portugal\n'
    const progress = await importFile(user, { name: 'places.csv', bytes: csv }, { catalog })
    expect(progress.status).toBe('completed')
    expect(hits).toEqual([])
    const payload = await testPayload()
    const { rows } = await databasePool(payload).query(
      'select coordinates_provider as provider from events where dataset_id = $1',
      [progress.jobs[0].datasetId],
    )
    expect(rows.map((row) => row.provider)).not.toContain('Old row')
    expect(rows.filter((row) => row.provider !== null)).toHaveLength(2)
  })
})
