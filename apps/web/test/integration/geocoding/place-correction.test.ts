import { beforeAll, describe, expect, it } from 'vitest'

import { ApiClient, testPayload } from '../../helpers/api-client'
import { createCatalog, demoUserId } from '../../helpers/demo-users'
import { importFile } from '../../helpers/imports'

interface EventPlace {
  longitude: number | null
  latitude: number | null
  source: string
  provider: string | null
  confidence: number | null
}

/** Where each event of an import job is, by its title. */
async function placesOf(importJobId: number): Promise<Record<string, EventPlace>> {
  const payload = await testPayload()
  const { docs } = await payload.find({
    collection: 'events',
    where: { importJob: { equals: importJobId } },
    limit: 100,
    depth: 0,
    overrideAccess: true,
  })
  return Object.fromEntries(
    docs.map((event) => [
      event.title,
      {
        longitude: event.location?.[0] ?? null,
        latitude: event.location?.[1] ?? null,
        source: event.coordinates?.source,
        provider: event.coordinates?.provider ?? null,
        confidence: event.coordinates?.confidence ?? null,
      },
    ]),
  )
}

async function signInStranger(): Promise<ApiClient> {
  const payload = await testPayload()
  await payload
    .create({
      collection: 'users',
      data: { email: 'geo-stranger@chronotope.local', password: 'geo-stranger-pw', role: 'user' },
    })
    .catch(() => undefined)
  return ApiClient.signIn('geo-stranger@chronotope.local', 'geo-stranger-pw')
}

const PLACES_CSV = [
  'title,date,city,state',
  'Fair,2021-05-01,Springfield,Illinois',
  'Parade,2021-05-02,Springfield,Illinois',
  'Market,2021-05-03,Xqzzyville,',
  'Concert,2021-05-04,Dayton,Ohio',
].join('\n')

describe('correcting a place by hand', () => {
  let user: ApiClient
  let editor: ApiClient
  let admin: ApiClient

  beforeAll(async () => {
    ;[user, editor, admin] = await Promise.all([ApiClient.as('user'), ApiClient.as('editor'), ApiClient.as('admin')])
  })

  it('lets the uploader place an unresolved place; only their events move and the cache stays', async () => {
    const catalog = await createCatalog('Corrections by the owner')
    const progress = await importFile(user, { name: 'fairs.csv', bytes: PLACES_CSV }, { catalog })
    const job = progress.jobs[0]
    const notPlaced: string[] = job.geocoding.stats.notPlaced.map((place: { query: string }) => place.query)
    expect(notPlaced).toHaveLength(1)
    const [xqzzy] = notPlaced
    expect((await placesOf(job.jobId)).Market!.longitude).toBeNull()

    const corrected = await user.post(`/import/${progress.importId}/correct-place`, {
      place: xqzzy,
      latitude: 39.96,
      longitude: -82.99,
      label: 'Xqzzyville, Ohio',
    })
    expect(corrected.status).toBe(200)
    const record = corrected.body.jobs[0].geocoding.corrections[0]
    expect(record).toMatchObject({
      place: xqzzy,
      eventsUpdated: 1,
      eventsPlaced: 1,
      wasPlaced: false,
      cached: false,
      precision: 'city',
      role: 'owner',
    })

    const places = await placesOf(job.jobId)
    expect(places.Market).toMatchObject({ longitude: -82.99, latitude: 39.96, source: 'manual', confidence: 1 })
    expect(places.Fair!.source).toBe('geocoded')

    const payload = await testPayload()
    const manual = await payload.find({
      collection: 'location-cache',
      where: { normalizedQuery: { equals: xqzzy }, provider: { equals: 'manual' } },
      overrideAccess: true,
    })
    expect(manual.totalDocs).toBe(0)
  })

  it('answers 404 to others, and 400 naming the field for bad coordinates', async () => {
    const catalog = await createCatalog('Corrections refused')
    const progress = await importFile(user, { name: 'fairs.csv', bytes: PLACES_CSV }, { catalog })
    const id = progress.importId
    const place = progress.jobs[0].geocoding.stats.notPlaced[0].query
    const stranger = await signInStranger()
    expect((await stranger.post(`/import/${id}/correct-place`, { place, latitude: 1, longitude: 1 })).status).toBe(404)

    const tooFarNorth = await user.post(`/import/${id}/correct-place`, { place, latitude: 95, longitude: 1 })
    expect(tooFarNorth.status).toBe(400)
    expect(tooFarNorth.body.parameter).toBe('latitude')
    const notANumber = await user.post(`/import/${id}/correct-place`, { place, latitude: 1, longitude: 'east' })
    expect(notANumber.body.parameter).toBe('longitude')
    const badPrecision = await user.post(`/import/${id}/correct-place`, {
      place,
      latitude: 1,
      longitude: 1,
      precision: 'galaxy',
    })
    expect(badPrecision.body.parameter).toBe('precision')
    const unknown = await user.post(`/import/${id}/correct-place`, {
      place: "nowhere'; drop table events; --",
      latitude: 1,
      longitude: 1,
    })
    expect(unknown.status).toBe(404)
    expect(unknown.body.parameter).toBe('place')
    expect((await placesOf(progress.jobs[0].jobId)).Market!.longitude).toBeNull()
  })

  it("makes an editor's correction the cache's answer: every geocoded event moves and later imports use it", async () => {
    const first = await importFile(
      user,
      { name: 'fairs.csv', bytes: PLACES_CSV },
      { catalog: await createCatalog('Editor fix A') },
    )
    const second = await importFile(
      user,
      { name: 'fairs.csv', bytes: PLACES_CSV },
      { catalog: await createCatalog('Editor fix B') },
    )
    const springfield = first.jobs[0].geocoding.stats.lowestConfidence.find((place: { label: string }) =>
      place.label.startsWith('Springfield'),
    ).query
    // Someone else's import of the same place, placed by hand by its owner, keeps its point.
    await user.post(`/import/${second.importId}/correct-place`, { place: springfield, latitude: 1, longitude: 2 })

    const fixed = await editor.post(`/import/${first.importId}/correct-place`, {
      place: springfield,
      latitude: 39.8017,
      longitude: -89.6436,
      precision: 'city',
    })
    expect(fixed.status).toBe(200)
    expect(fixed.body.jobs[0].geocoding.corrections[0], JSON.stringify(fixed.body.jobs[0].geocoding)).toMatchObject({
      cached: true,
    })
    // This import's two events, and those of earlier imports geocoded from the same place.
    expect(fixed.body.jobs[0].geocoding.corrections[0].eventsUpdated).toBeGreaterThanOrEqual(2)
    expect(await placesOf(first.jobs[0].jobId)).toMatchObject({
      Fair: { longitude: -89.6436, latitude: 39.8017, source: 'geocoded', provider: 'manual', confidence: 1 },
      Parade: { longitude: -89.6436, latitude: 39.8017, provider: 'manual' },
    })
    expect((await placesOf(second.jobs[0].jobId)).Fair).toMatchObject({ longitude: 2, latitude: 1, source: 'manual' })

    const third = await importFile(
      user,
      { name: 'fairs.csv', bytes: PLACES_CSV },
      { catalog: await createCatalog('Editor fix C') },
    )
    expect(third.jobs[0].geocoding.stats.byProvider.manual).toBe(1)
    expect((await placesOf(third.jobs[0].jobId)).Fair).toMatchObject({
      longitude: -89.6436,
      latitude: 39.8017,
      provider: 'manual',
    })
  })

  it('moves the events geocoded from a cache entry when an admin edits the entry in the CMS', async () => {
    const progress = await importFile(
      user,
      { name: 'fairs.csv', bytes: PLACES_CSV },
      { catalog: await createCatalog('Admin cache edit') },
    )
    const dayton = progress.jobs[0].geocoding.stats.lowestConfidence.find((place: { label: string }) =>
      place.label.startsWith('Dayton'),
    ).query
    const entries = await admin.get(
      `/location-cache?where[normalizedQuery][equals]=${encodeURIComponent(dayton)}&depth=0`,
    )
    const entry = entries.body.docs.find((doc: { provider: string }) => doc.provider === 'offline')
    expect(entry).toBeDefined()
    expect((await user.patch(`/location-cache/${entry.id}`, { location: [0, 0] })).status).toBe(403)

    const edited = await admin.patch(`/location-cache/${entry.id}`, { location: [-84.2, 39.75], confidence: 0.99 })
    expect(edited.status).toBe(200)
    expect((await placesOf(progress.jobs[0].jobId)).Concert).toMatchObject({
      longitude: -84.2,
      latitude: 39.75,
      source: 'geocoded',
      confidence: 0.99,
    })
    // Put it back for the other tests of this run.
    await admin.patch(`/location-cache/${entry.id}`, { location: entry.location, confidence: entry.confidence })
  })
})

describe("a dataset's geocoding overrides", () => {
  async function datasetIn(catalog: number, geocoding: Record<string, unknown>): Promise<number> {
    const payload = await testPayload()
    const dataset = await payload.create({
      collection: 'datasets',
      data: {
        name: `Overrides ${Math.random().toString(36).slice(2)}`,
        catalog,
        geocoding,
        owner: await demoUserId('user'),
      },
      overrideAccess: true,
    })
    return Number(dataset.id)
  }

  it('raises the minimum confidence: places below it stay off the map', async () => {
    const user = await ApiClient.as('user')
    const catalog = await createCatalog('Strict geocoding')
    const lenient = await importFile(user, { name: 'fairs.csv', bytes: PLACES_CSV }, { catalog })
    const lowest = Math.min(
      ...lenient.jobs[0].geocoding.stats.lowestConfidence.map((place: { confidence: number }) => place.confidence),
    )
    expect(lowest).toBeLessThan(1)

    const dataset = await datasetIn(catalog, { minimumConfidence: 1 })
    const strict = await importFile(user, { name: 'fairs.csv', bytes: PLACES_CSV }, { catalog, dataset })
    const places = await placesOf(strict.jobs[0].jobId)
    const placed = Object.values(places).filter((place) => place.longitude !== null)
    expect(placed.every((place) => place.confidence === 1)).toBe(true)
    expect(Object.values(places).some((place) => place.longitude === null && place.source !== 'manual')).toBe(true)
    expect(strict.jobs[0].geocoding.unplacedRows).toBeGreaterThan(lenient.jobs[0].geocoding.unplacedRows)
  })

  it('turns the offline fallback off: with no online provider chosen, nothing is geocoded', async () => {
    const user = await ApiClient.as('user')
    const catalog = await createCatalog('No offline fallback')
    const dataset = await datasetIn(catalog, { offlineFallback: false })
    const progress = await importFile(user, { name: 'fairs.csv', bytes: PLACES_CSV }, { catalog, dataset })
    const { stats } = progress.jobs[0].geocoding
    expect(stats.byProvider.offline).toBeUndefined()
    const places = await placesOf(progress.jobs[0].jobId)
    expect(places.Concert!.longitude).toBeNull()
  })

  it('reports bad rows as row errors when the dataset asks for that', async () => {
    const user = await ApiClient.as('user')
    const catalog = await createCatalog('Unplaced rows are errors')
    const dataset = await datasetIn(catalog, { unplacedRows: 'row-error' })
    const progress = await importFile(user, { name: 'fairs.csv', bytes: PLACES_CSV }, { catalog, dataset })
    const errors = progress.jobs[0].errors as Array<{ row: number; message: string }>
    expect(
      errors.some((error) => error.row === 3 && /Xqzzyville/.test(error.message)),
      JSON.stringify(errors),
    ).toBe(true)
    expect(Object.keys(await placesOf(progress.jobs[0].jobId))).not.toContain('Market')
  })
})
