import { beforeAll, describe, expect, it } from 'vitest'

import { draftOfEvent, eventEditPatch, type EditableEventView } from '../../../src/components/event/event-edit'
import { ApiClient, anonymous, testPayload } from '../../helpers/api-client'
import { createCatalog, demoUserId } from '../../helpers/demo-users'
import { importFile } from '../../helpers/imports'
import type { Json } from '../../helpers/json'

// Acceptance point 7 of issue 26: owners edit, publish and delete without the admin.
const FILE = `id,title,date,lat,lon,crowd,city
p1,March in Lyon,03/04/2024,45.76,4.84,1200,Lyon
p2,Rally in Nantes,21/01/2024,47.22,-1.55,300,Nantes
p3,Sit-in,2024-04-05,,,40,
`

let owner: ApiClient
let stranger: ApiClient
let editor: ApiClient
let catalogId: number
let datasetId: number
let importId: number
let eventId: number

async function eventById(id: number) {
  return (await testPayload()).findByID({ collection: 'events', id, depth: 0, overrideAccess: true })
}

beforeAll(async () => {
  owner = await ApiClient.as('user')
  editor = await ApiClient.as('editor')
  const payload = await testPayload()
  const other = await payload.create({
    collection: 'users',
    data: { email: 'owners-act-stranger@example.org', password: 'stranger-password-1', role: 'user' },
    overrideAccess: true,
  })
  stranger = await ApiClient.signIn(String(other.email), 'stranger-password-1')
  catalogId = await createCatalog('Owners act')
  const progress = await importFile(
    owner,
    { name: 'owners.csv', bytes: FILE },
    { catalog: catalogId, datasetName: 'Owners act', dateOrders: JSON.stringify({ date: 'DMY' }) },
  )
  importId = Number(progress.importId)
  datasetId = Number(progress.jobs[0].datasetId)
  const { docs } = await payload.find({
    collection: 'events',
    where: { and: [{ dataset: { equals: datasetId } }, { uniqueId: { equals: 'id:p1' } }] },
    depth: 0,
  })
  eventId = Number(docs[0]!.id)
})

describe('editing an event from its page', () => {
  it('saves title, time, place and a field as the owner, records the hand edits, keeps the original', async () => {
    const before = await eventById(eventId)
    const original = before.original
    expect(original).toBeTruthy()
    const draft = draftOfEvent(before as EditableEventView)
    const result = eventEditPatch(before as EditableEventView, {
      ...draft,
      title: 'March in Lyon (corrected)',
      start: '2024-04-03 14:30',
      place: { longitude: 4.8357, latitude: 45.764, label: 'Lyon, France', precision: 'city' },
      fields: { ...draft.fields, crowd: '1,500' },
    })
    if (!('patch' in result)) throw new Error(JSON.stringify(result.errors))
    const saved = await owner.patch(`/events/${eventId}`, result.patch)
    expect(saved.status).toBe(200)

    const after = await eventById(eventId)
    expect(after.title).toBe('March in Lyon (corrected)')
    expect(after.eventTime).toBe('2024-04-03T14:30:00.000Z')
    expect(after.timePrecision).toBe('minute')
    expect(after.location).toEqual([4.8357, 45.764])
    expect(after.locationName).toBe('Lyon, France')
    expect(after.coordinates).toMatchObject({ source: 'manual', precision: 'city' })
    expect((after.data as Record<string, Json>).crowd).toBe(1500)
    expect((after.data as Record<string, Json>).city).toBe('Lyon')
    expect(Object.keys(after.handEdits as object).sort()).toEqual(['data.crowd', 'eventTime', 'location', 'title'])
    expect((after.handEdits as Record<string, Json>).title).toMatchObject({
      by: await demoUserId('user'),
      role: 'owner',
    })
    expect(after.original).toEqual(original)
  })

  it('never rewrites the original row, even when asked to', async () => {
    const before = await eventById(eventId)
    const response = await owner.patch(`/events/${eventId}`, { original: { title: 'forged' } })
    expect(response.status).toBe(200)
    expect((await eventById(eventId)).original).toEqual(before.original)
  })

  it('is refused to a stranger and to anonymous callers', async () => {
    const before = await eventById(eventId)
    expect([403, 404]).toContain((await stranger.patch(`/events/${eventId}`, { title: 'Stranger was here' })).status)
    expect([401, 403]).toContain((await anonymous.patch(`/events/${eventId}`, { title: 'Anyone was here' })).status)
    expect((await eventById(eventId)).title).toBe(before.title)
  })

  it('finds places by name in the offline geocoder, for signed-in users only', async () => {
    const found = await owner.get('/places?q=Nantes')
    expect(found.status).toBe(200)
    expect(found.body.places[0]).toMatchObject({ label: expect.stringMatching(/^Nantes/), precision: 'city' })
    expect(found.body.places[0].latitude).toBeCloseTo(47.22, 1)
    expect((await anonymous.get('/places?q=Nantes')).status).toBe(401)
    expect((await owner.get('/places?q=')).body).toMatchObject({ parameter: 'q' })
  })
})

describe('the publish switch', () => {
  it('says what it makes visible, then makes the dataset and its catalog public', async () => {
    const facts = await owner.get(`/datasets/${datasetId}/publishing`)
    expect(facts.status).toBe(200)
    expect(facts.body).toMatchObject({ isPublic: false, isCatalogPublic: false, events: 3, placedEvents: 2 })
    expect(facts.body.visibility).toMatch(/^Private/)
    expect(facts.body.switchEffect[0]).toMatch(/will see its 3 events: titles, times, the 2 places on the map/)
    expect(facts.body.switchEffect[1]).toMatch(/catalog "Owners act" becomes public too/)
    expect((await anonymous.get(`/events/${eventId}`)).status).not.toBe(200)

    const published = await owner.post(`/datasets/${datasetId}/publishing`, { isPublic: true })
    expect(published.status).toBe(200)
    expect(published.body).toMatchObject({ isPublic: true, isCatalogPublic: true })
    expect(published.body.visibility).toMatch(/^Public: anyone/)
    expect((await anonymous.get(`/events/${eventId}`)).status).toBe(200)

    const hidden = await owner.post(`/datasets/${datasetId}/publishing`, { isPublic: false })
    expect(hidden.body).toMatchObject({ isPublic: false, isCatalogPublic: true })
    expect((await anonymous.get(`/events/${eventId}`)).status).not.toBe(200)
  })

  it('is not there for strangers and anonymous callers, and wants a yes or no', async () => {
    expect((await stranger.post(`/datasets/${datasetId}/publishing`, { isPublic: true })).status).toBe(404)
    expect((await anonymous.post(`/datasets/${datasetId}/publishing`, { isPublic: true })).status).toBe(401)
    expect((await owner.post(`/datasets/${datasetId}/publishing`, { isPublic: 'yes' })).status).toBe(400)
    expect((await testPayload().then((p) => p.findByID({ collection: 'datasets', id: datasetId }))).isPublic).toBe(
      false,
    )
  })
})

describe('deleting', () => {
  it('an import says what goes with it, then deletes file and jobs and keeps the events', async () => {
    const second = await importFile(
      owner,
      { name: 'again.csv', bytes: FILE },
      { catalog: catalogId, datasetName: 'Second' },
    )
    const id = Number(second.importId)
    const impact = await owner.get(`/import-files/${id}/deletion`)
    expect(impact.status).toBe(200)
    expect(impact.body).toMatchObject({
      kind: 'import',
      importJobs: 1,
      importFiles: 1,
      eventsKept: 3,
      datasets: ['Second'],
    })
    expect(impact.body.sentences).toEqual([
      'Deletes the uploaded file "again.csv" and its 1 import job (its progress, row errors and history).',
      'The 3 events it imported stay in dataset "Second"; delete the dataset to remove them.',
    ])
    expect((await stranger.get(`/import-files/${id}/deletion`)).status).toBe(404)
    expect((await stranger.delete(`/import-files/${id}`)).status).not.toBe(200)

    const deleted = await owner.delete(`/import-files/${id}`)
    expect(deleted.status).toBe(200)
    const payload = await testPayload()
    expect((await payload.count({ collection: 'import-jobs', where: { importFile: { equals: id } } })).totalDocs).toBe(
      0,
    )
    const datasetOfSecond = Number(second.jobs[0].datasetId)
    expect(
      (await payload.count({ collection: 'events', where: { dataset: { equals: datasetOfSecond } } })).totalDocs,
    ).toBe(3)
  })

  it('a dataset says what goes with it and takes its events, schemas, jobs and its only file', async () => {
    const impact = await owner.get(`/datasets/${datasetId}/deletion`)
    expect(impact.status).toBe(200)
    expect(impact.body).toMatchObject({ kind: 'dataset', events: 3, schemaVersions: 1, importJobs: 1, importFiles: 1 })
    expect(impact.body.sentences[0]).toBe(
      'Deletes dataset "Owners act" with its 3 events, 1 schema version, 1 import job and 1 uploaded file.',
    )
    expect((await stranger.get(`/datasets/${datasetId}/deletion`)).status).toBe(404)
    expect((await anonymous.get(`/datasets/${datasetId}/deletion`)).status).toBe(401)

    expect((await owner.delete(`/datasets/${datasetId}`)).status).toBe(200)
    const payload = await testPayload()
    expect((await payload.count({ collection: 'events', where: { dataset: { equals: datasetId } } })).totalDocs).toBe(0)
    expect((await payload.count({ collection: 'import-files', where: { id: { equals: importId } } })).totalDocs).toBe(0)
  })

  it('an import whose dataset was deleted answers 200, never 500', async () => {
    const third = await importFile(
      owner,
      { name: 'third.csv', bytes: FILE },
      { catalog: catalogId, datasetName: 'Third' },
    )
    const id = Number(third.importId)
    const payload = await testPayload()
    // Delete the dataset behind the CMS's back, as an older version or a direct SQL delete did.
    await payload.db.updateMany?.({
      collection: 'import-jobs',
      where: { importFile: { equals: id } },
      data: { dataset: null },
    })
    expect((await editor.delete(`/datasets/${third.jobs[0].datasetId}`)).status).toBe(200)
    const impact = await owner.get(`/import-files/${id}/deletion`)
    expect(impact.body).toMatchObject({ importJobs: 1, eventsKept: 0, datasets: [] })
    expect(impact.body.sentences[1]).toBe('No events go with it.')
    const deleted = await owner.delete(`/import-files/${id}`)
    expect(deleted.status).toBe(200)
    expect([403, 404]).toContain((await owner.delete(`/import-files/${id}`)).status)
  })

  it('an import goes with the dataset it alone fed, so deleting it after answers 404, never 500', async () => {
    const fourth = await importFile(
      owner,
      { name: 'fourth.csv', bytes: FILE },
      { catalog: catalogId, datasetName: 'Fourth' },
    )
    expect((await owner.delete(`/datasets/${fourth.jobs[0].datasetId}`)).status).toBe(200)
    expect([403, 404]).toContain((await owner.delete(`/import-files/${fourth.importId}`)).status)
  })
})
