import { beforeAll, describe, expect, it } from 'vitest'

import { ApiClient, testPayload } from '../../helpers/api-client'
import { createCatalog, demoUserId } from '../../helpers/demo-users'
import { importFile } from '../../helpers/imports'
import type { Json } from '../../helpers/json'

const FILE = `id,title,date,lat,lon,crowd
p1,March in Lyon,2024-03-01,45.76,4.84,1200
p2,Rally in Nantes,2024-03-02,47.22,-1.55,300
`

let owner: ApiClient
let editor: ApiClient
let other: ApiClient
let eventIds: Record<string, number>

async function handEditsOf(id: number): Promise<Record<string, Json>> {
  const payload = await testPayload()
  const event = await payload.findByID({ collection: 'events', id, depth: 0, overrideAccess: true })
  return (event.handEdits ?? {}) as Record<string, Json>
}

beforeAll(async () => {
  owner = await ApiClient.as('user')
  editor = await ApiClient.as('editor')
  const payload = await testPayload()
  const stranger = await payload.create({
    collection: 'users',
    data: { email: 'hand-edits-stranger@example.org', password: 'stranger-password-1', role: 'user' },
    overrideAccess: true,
  })
  other = await ApiClient.signIn(String(stranger.email), 'stranger-password-1')
  const catalog = await createCatalog('Hand edits')
  const progress = await importFile(owner, { name: 'protests.csv', bytes: FILE }, { catalog, datasetName: 'Protests' })
  const datasetId = progress.jobs[0].datasetId as number
  const { docs } = await payload.find({ collection: 'events', where: { dataset: { equals: datasetId } }, depth: 0 })
  eventIds = Object.fromEntries(docs.map((event) => [String(event.uniqueId), Number(event.id)]))
  expect(Object.keys(eventIds)).toHaveLength(2)
})

describe('hand edits of an event', () => {
  it('are recorded with who made them and in what role', async () => {
    const id = eventIds['id:p1']!
    expect(await handEditsOf(id)).toEqual({})
    const edited = await owner.patch(`/events/${id}`, { title: 'March in Lyon (corrected)' })
    expect(edited.status).toBe(200)
    const afterOwner = await handEditsOf(id)
    expect(Object.keys(afterOwner)).toEqual(['title'])
    expect(afterOwner.title).toMatchObject({ by: await demoUserId('user'), role: 'owner' })

    const current = await editor.get(`/events/${id}?depth=0`)
    const byEditor = await editor.patch(`/events/${id}`, { data: { ...current.body.data, crowd: 1500 } })
    expect(byEditor.status).toBe(200)
    const afterEditor = await handEditsOf(id)
    expect(Object.keys(afterEditor).sort()).toEqual(['data.crowd', 'title'])
    expect(afterEditor['data.crowd']).toMatchObject({ by: await demoUserId('editor'), role: 'editor' })
    expect(afterEditor.title).toMatchObject({ role: 'owner' })
  })

  it('mark a point moved by hand as set by hand', async () => {
    const id = eventIds['id:p2']!
    const moved = await owner.patch(`/events/${id}`, { location: [-1.5536, 47.2184] })
    expect(moved.status).toBe(200)
    expect(Object.keys(await handEditsOf(id))).toEqual(['location'])
    expect(moved.body.doc.coordinates).toMatchObject({ source: 'manual', confidence: 1 })
  })

  it('count only what changed, and cannot be written by callers', async () => {
    const id = eventIds['id:p2']!
    const before = await handEditsOf(id)
    const same = await owner.patch(`/events/${id}`, {
      title: 'Rally in Nantes',
      handEdits: { title: { by: 1, role: 'admin', at: '2000-01-01T00:00:00.000Z' } },
    })
    expect(same.status).toBe(200)
    expect(await handEditsOf(id)).toEqual(before)
  })

  it('are never made by someone who may not edit the event', async () => {
    const id = eventIds['id:p1']!
    const before = await handEditsOf(id)
    for (const caller of [new ApiClient(), other]) {
      const refused = await caller.patch(`/events/${id}`, { title: 'Defaced' })
      expect([401, 403, 404]).toContain(refused.status)
    }
    expect(await handEditsOf(id)).toEqual(before)
  })
})
