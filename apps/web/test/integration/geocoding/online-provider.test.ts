import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ApiClient, testPayload } from '../../helpers/api-client'
import { createCatalog } from '../../helpers/demo-users'
import { importFile } from '../../helpers/imports'
import { databasePool } from '../../../src/lib/import/progress-tracking'

/** A local server answering like Nominatim's `/search?format=jsonv2`, recording every request. */
function nominatimServer(hits: Array<{ at: number; q: string }>): Server {
  return createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    const q = url.searchParams.get('q') ?? url.searchParams.get('city') ?? ''
    hits.push({ at: performance.now(), q })
    response.setHeader('content-type', 'application/json')
    if (/nowhere/i.test(q) || /nowhere/i.test(url.search)) return response.end('[]')
    response.end(
      JSON.stringify([
        {
          place_id: 1,
          lat: '39.7589478',
          lon: '-84.1916069',
          display_name: 'Dayton, Montgomery County, Ohio, United States',
          category: 'boundary',
          type: 'administrative',
          addresstype: 'city',
          importance: 0.68,
          address: { city: 'Dayton', state: 'Ohio', country: 'United States', country_code: 'us' },
        },
      ]),
    )
  })
}

describe('an online geocoding provider configured by an admin', () => {
  const hits: Array<{ at: number; q: string }> = []
  const server = nominatimServer(hits)
  let providerId: number

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const payload = await testPayload()
    const provider = await payload.create({
      collection: 'geocoding-providers',
      data: {
        name: 'Local Nominatim',
        type: 'nominatim',
        enabled: true,
        priority: 1,
        baseUrl: `http://127.0.0.1:${port}`,
        rateLimit: { requestsPerSecond: 4 },
      },
    })
    providerId = Number(provider.id)
  })

  afterAll(async () => {
    const payload = await testPayload()
    await payload.delete({ collection: 'geocoding-providers', id: providerId })
    await new Promise((resolve) => server.close(resolve))
  })

  it('is asked first, within its rate; the offline geocoder answers what it cannot; a re-import asks nothing', async () => {
    const user = await ApiClient.as('user')
    const catalog = await createCatalog('Online geocoding')
    const places = `title,date,city,state\nRally,2020-01-05,Dayton,Ohio\nSpeech,2020-01-06,Columbus,Ohio\nVisit,2020-01-07,Nowhere,Ohio\nTalk,2020-01-08,Toledo,Ohio\n`
    const first = await importFile(user, { name: 'places.csv', bytes: places }, { catalog })
    expect(first.status).toBe('completed')
    // Each distinct place is asked once at most (a place the cache already knows is not asked).
    const callsAfterFirst = hits.length
    expect(callsAfterFirst).toBeGreaterThanOrEqual(3)
    expect(callsAfterFirst).toBeLessThanOrEqual(4)
    expect(first.jobs[0].geocoding.stats.byProvider['Local Nominatim']).toBeGreaterThanOrEqual(2)
    // 4 requests per second: the server never sees them closer than 250 ms apart on average,
    // allowing a little timer and socket jitter on a single gap.
    const span = hits.at(-1)!.at - hits[0]!.at
    expect(span).toBeGreaterThan((hits.length - 1) * 250 - 40)

    const payload = await testPayload()
    const { rows } = await databasePool(payload).query(
      `select title, coordinates_provider as provider, st_y(location) as lat from events where dataset_id = $1 order by source_row`,
      [first.jobs[0].datasetId],
    )
    expect(rows.filter((row) => row.provider === 'Local Nominatim').length).toBeGreaterThanOrEqual(2)
    expect(rows.find((row) => row.provider === 'Local Nominatim').lat).toBe(39.7589478)
    // "Nowhere" is unknown to the online provider: the offline one places it at the state, or not at all.
    expect(rows.find((row) => row.title === 'Visit').provider).not.toBe('Local Nominatim')

    const again = await importFile(user, { name: 'places.csv', bytes: places }, { catalog })
    expect(again.status).toBe('completed')
    expect(hits.length).toBe(callsAfterFirst)
  })
})
