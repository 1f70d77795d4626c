import { beforeAll, describe, expect, it } from 'vitest'

import { ApiClient, testPayload } from '../../helpers/api-client'
import { createCatalog } from '../../helpers/demo-users'
import { importFile } from '../../helpers/imports'
import type { Json } from '../../helpers/json'

// A newsroom's protest list, first as imported: one place the offline geocoder cannot find
// ("Xqzzyville") and one row with a bad date.
const FIRST = `id,title,date,city,crowd
p1,March in Paris,2024-01-21,Paris,1200
p2,Rally in Xqzzyville,2024-04-03,Xqzzyville,300
p3,Sit-in in Lyon,2024-04-05,Lyon,50
p4,Strike in Nantes,2024-04-07,Nantes,80
p5,Vigil in Lille,not a date,Lille,10
`

// The same list corrected at the source a week later: p1's crowd revised, p4's crowd revised
// (which someone had also corrected by hand, to another figure), p5 fixed, p6 new.
const SECOND = `id,title,date,city,crowd
p1,March in Paris,2024-01-21,Paris,1500
p2,Rally in Xqzzyville,2024-04-03,Xqzzyville,300
p3,Sit-in in Lyon,2024-04-05,Lyon,50
p4,Strike in Nantes,2024-04-07,Nantes,120
p5,Vigil in Lille,2024-04-09,Lille,10
p6,New march,2024-04-10,Paris,20
`

interface StoredEvent {
  id: number
  title: string
  location: [number, number] | null
  source: string
  crowd: unknown
  handEdits: Record<string, Json>
}

async function eventsOf(datasetId: number): Promise<Record<string, StoredEvent>> {
  const payload = await testPayload()
  const { docs } = await payload.find({
    collection: 'events',
    where: { dataset: { equals: datasetId } },
    limit: 100,
    depth: 0,
    overrideAccess: true,
  })
  return Object.fromEntries(
    docs.map((event) => [
      String(event.uniqueId).replace(/^id:/, ''),
      {
        id: Number(event.id),
        title: String(event.title),
        location: (event.location as [number, number] | null | undefined) ?? null,
        source: String(event.coordinates?.source),
        crowd: (event.data as Record<string, unknown>).crowd,
        handEdits: (event.handEdits ?? {}) as Record<string, Json>,
      },
    ]),
  )
}

describe('an update re-import after people fixed events by hand', () => {
  let owner: ApiClient
  let datasetId: number
  let before: Record<string, StoredEvent>

  beforeAll(async () => {
    owner = await ApiClient.as('user')
    const catalog = await createCatalog('Protest monitor')
    const first = await importFile(
      owner,
      { name: 'protests.csv', bytes: FIRST },
      { catalog, datasetName: 'Protests', duplicateAction: 'update' },
    )
    const job = first.jobs[0]
    datasetId = job.datasetId
    expect(job.counts).toMatchObject({ rowsRead: 5, eventsCreated: 4, rowErrors: 1, isBalanced: true })
    expect(job.reimport).toBeNull()

    // The owner puts the unknown place on the map, retitles one event and corrects one figure.
    const [unknownPlace] = (job.geocoding.stats.notPlaced as Array<{ query: string }>).map((place) => place.query)
    const corrected = await owner.post(`/import/${first.importId}/correct-place`, {
      place: unknownPlace,
      latitude: 40.0,
      longitude: -75.0,
    })
    expect(corrected.status).toBe(200)
    const events = await eventsOf(datasetId)
    expect((await owner.patch(`/events/${events.p3!.id}`, { title: 'Sit-in at Lyon city hall' })).status).toBe(200)
    const p4 = (await owner.get(`/events/${events.p4!.id}?depth=0`)).body
    expect((await owner.patch(`/events/${events.p4!.id}`, { data: { ...p4.data, crowd: 90 } })).status).toBe(200)
    before = await eventsOf(datasetId)
    expect(before.p2).toMatchObject({ location: [-75, 40], source: 'manual' })
    expect(before.p2!.handEdits.location).toMatchObject({ role: 'owner' })
  })

  it('counts an unchanged file as unchanged and keeps every hand edit', async () => {
    const again = await importFile(
      owner,
      { name: 'protests.csv', bytes: FIRST },
      { dataset: datasetId, duplicateAction: 'update' },
    )
    const job = again.jobs[0]
    expect(job.counts).toMatchObject({
      rowsRead: 5,
      eventsCreated: 0,
      eventsUpdated: 0,
      eventsUnchanged: 4,
      eventsLeftAlone: 0,
      duplicatesSkipped: 0,
      rowErrors: 1,
      isBalanced: true,
    })
    expect(job.reimport).toMatchObject({ eventsWithHandEditsKept: 3, eventsNotInFile: 0, leftAlone: [] })
    expect(await eventsOf(datasetId)).toEqual(before)
  })

  it('applies the file’s changes, keeps hand edits the file did not touch, and leaves contradicted ones alone', async () => {
    const corrected = await importFile(
      owner,
      { name: 'protests-corrected.csv', bytes: SECOND },
      { dataset: datasetId, duplicateAction: 'update' },
    )
    const job = corrected.jobs[0]
    expect(job.counts).toMatchObject({
      rowsRead: 6,
      eventsCreated: 2,
      eventsUpdated: 1,
      eventsUnchanged: 2,
      eventsLeftAlone: 1,
      duplicatesSkipped: 0,
      rowErrors: 0,
      isBalanced: true,
    })
    const after = await eventsOf(datasetId)
    expect(after.p1!.crowd).toBe(1500)
    expect(after.p2).toMatchObject({ location: [-75, 40], source: 'manual' })
    expect(after.p3!.title).toBe('Sit-in at Lyon city hall')
    expect(after.p4!.crowd).toBe(90)
    expect(Object.keys(after)).toEqual(expect.arrayContaining(['p5', 'p6']))
    expect(job.reimport.leftAlone).toEqual([
      expect.objectContaining({
        eventId: before.p4!.id,
        row: 4,
        title: 'Strike in Nantes',
        conflicts: [{ field: 'data.crowd', handValue: 90, fileValue: 120 }],
      }),
    ])
  })

  it('takes the file’s values for contradicted hand edits when asked, and says so', async () => {
    const taken = await importFile(
      owner,
      { name: 'protests-corrected.csv', bytes: SECOND },
      { dataset: datasetId, duplicateAction: 'update', keepHandEdits: false },
    )
    const job = taken.jobs[0]
    expect(job.counts).toMatchObject({ eventsUpdated: 1, eventsUnchanged: 5, eventsLeftAlone: 0, isBalanced: true })
    expect(job.reimport).toMatchObject({ handEditsReleased: 1, leftAlone: [] })
    const after = await eventsOf(datasetId)
    expect(after.p4!.crowd).toBe(120)
    expect(Object.keys(after.p4!.handEdits)).toEqual([])
    expect(after.p3!.title).toBe('Sit-in at Lyon city hall')
  })

  it('reports the dataset’s events a file no longer has, and keeps them', async () => {
    const shorter = SECOND.split('\n').slice(0, 3).join('\n')
    const progress = await importFile(
      owner,
      { name: 'protests-short.csv', bytes: shorter },
      { dataset: datasetId, duplicateAction: 'update' },
    )
    expect(progress.jobs[0].reimport.eventsNotInFile).toBe(4)
    expect(Object.keys(await eventsOf(datasetId))).toHaveLength(6)
  })
})
