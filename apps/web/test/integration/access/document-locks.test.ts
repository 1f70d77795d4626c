import { beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { ApiClient, testPayload } from '../../helpers/api-client'
import { createCatalog, demoUserId } from '../../helpers/demo-users'

// Payload keeps "who is editing what" in payload-locked-documents: its admin UI takes a lock when
// someone opens a document, shows it to others and lets them take it over. A lock held by someone
// else makes saving the document fail with 423.
const LOCKS = '/payload-locked-documents'

let user: ApiClient
let editor: ApiClient
let admin: ApiClient
let ids: { user: number; editor: number; admin: number }
/** The seed's private dataset (the editor's), which the demo user may not even see. */
let privateDatasetId: number
/** A dataset the demo user owns. */
let usersDatasetId: number
let aboutPageId: number

async function locksInDatabase() {
  const payload = await testPayload()
  const { docs } = await payload.find({
    collection: 'payload-locked-documents',
    depth: 0,
    pagination: false,
    overrideAccess: true,
  })
  return docs as unknown as Array<{
    id: number
    document?: { relationTo: string; value: number } | null
    globalSlug?: string | null
    user: { relationTo: string; value: number }
  }>
}

/** Locks a document directly in the database, as Payload's admin UI does when someone opens it. */
async function lockAs(
  userId: number,
  target: { document: { relationTo: string; value: number } } | { globalSlug: string },
): Promise<number> {
  const payload = await testPayload()
  const lock = await payload.db.create({
    collection: 'payload-locked-documents',
    data: { ...target, user: { relationTo: 'users', value: userId } },
  })
  return Number(lock.id)
}

function lockIds(body: { docs?: Array<{ id: number }> }): number[] {
  return (body.docs ?? []).map((doc) => doc.id)
}

beforeAll(async () => {
  ;[user, editor, admin] = await Promise.all([ApiClient.as('user'), ApiClient.as('editor'), ApiClient.as('admin')])
  ids = { user: await demoUserId('user'), editor: await demoUserId('editor'), admin: await demoUserId('admin') }
  const payload = await testPayload()
  const privateDataset = await payload.find({ collection: 'datasets', where: { slug: { equals: 'source-meetings' } } })
  privateDatasetId = Number(privateDataset.docs[0]!.id)
  const about = await payload.find({ collection: 'pages', where: { slug: { equals: 'about' } } })
  aboutPageId = Number(about.docs[0]!.id)
  const catalog = await createCatalog('Locks')
  const dataset = await user.post('/datasets', { name: 'Locked by others', catalog })
  usersDatasetId = dataset.body.doc.id as number
})

beforeEach(async () => {
  const payload = await testPayload()
  await payload.db.deleteMany({ collection: 'payload-locked-documents', where: {} })
})

describe('taking a lock', () => {
  it("refuses the reported attack: a user locking a private dataset in the admin's name", async () => {
    const attack = await user.post(LOCKS, {
      document: { relationTo: 'datasets', value: privateDatasetId },
      user: { relationTo: 'users', value: ids.admin },
    })
    expect(attack.status).toBe(403)
    expect(await locksInDatabase()).toEqual([])
    // The editor who owns the dataset can still save it.
    const saved = await editor.patch(`/datasets/${privateDatasetId}`, { description: 'Still editable' })
    expect(saved.status).toBe(200)
  })

  it('refuses locks on documents and globals the caller may not edit', async () => {
    expect((await user.post(LOCKS, { document: { relationTo: 'pages', value: aboutPageId } })).status).toBe(403)
    expect((await user.post(LOCKS, { globalSlug: 'main-menu' })).status).toBe(403)
    expect((await admin.post(LOCKS, { globalSlug: 'payload-jobs-stats' })).status).toBe(403)
    expect((await editor.post(LOCKS, { document: { relationTo: 'users', value: ids.admin } })).status).toBe(403)
    expect((await user.post(LOCKS, {})).status).toBe(403)
    const graphql = await user.graphql(
      `mutation ($id: JSON) {
        createPayloadLockedDocument(data: { document: { relationTo: datasets, value: $id }, user: { relationTo: users, value: 1 } }) { id }
      }`,
      { id: privateDatasetId },
    )
    expect(graphql.body.errors?.[0]?.message).toMatch(/not allowed/i)
    expect(await locksInDatabase()).toEqual([])
  })

  it("always records the caller as the lock's holder, whoever the request names", async () => {
    const own = await user.post(LOCKS, {
      document: { relationTo: 'datasets', value: usersDatasetId },
      user: { relationTo: 'users', value: ids.admin },
    })
    expect(own.status).toBe(201)
    const menu = await editor.post(LOCKS, { globalSlug: 'main-menu', user: { relationTo: 'users', value: ids.admin } })
    expect(menu.status).toBe(201)
    const stored = await locksInDatabase()
    expect(stored.map((lock) => [lock.document?.value ?? lock.globalSlug, lock.user.value]).sort()).toEqual(
      [
        [usersDatasetId, ids.user],
        ['main-menu', ids.editor],
      ].sort(),
    )
  })
})

describe('seeing locks', () => {
  it("lists a user's own locks, never the admin's on documents they cannot edit (REST and GraphQL)", async () => {
    const adminsLock = await lockAs(ids.admin, { document: { relationTo: 'datasets', value: privateDatasetId } })
    const menuLock = await lockAs(ids.editor, { globalSlug: 'main-menu' })
    const ownLock = await lockAs(ids.user, { document: { relationTo: 'datasets', value: usersDatasetId } })
    expect(lockIds((await user.get(`${LOCKS}?limit=100`)).body)).toEqual([ownLock])
    expect([403, 404]).toContain((await user.get(`${LOCKS}/${adminsLock}`)).status)
    const graphql = await user.graphql('{ PayloadLockedDocuments(limit: 100) { docs { id globalSlug } } }')
    expect(graphql.body.data?.PayloadLockedDocuments.docs.map((doc: { id: number }) => doc.id)).toEqual([ownLock])
    const count = await user.graphql('{ countPayloadLockedDocuments { totalDocs } }')
    expect(count.body.data?.countPayloadLockedDocuments.totalDocs).toBe(1)
    // Editors edit everything here, so they see every lock but the admin's on a user account.
    expect(lockIds((await editor.get(`${LOCKS}?limit=100&sort=id`)).body)).toEqual([adminsLock, menuLock, ownLock])
  })

  it('shows the admin UI who is editing: a lock by someone else on a document the viewer may edit', async () => {
    // The editor opens the user's dataset in the admin; the user, who owns it, opens it too.
    const editorsLock = await lockAs(ids.editor, { document: { relationTo: 'datasets', value: usersDatasetId } })
    // What the admin UI asks (getIsLocked, handleFormStateLocking): a Local API find as the viewer.
    const payload = await testPayload()
    const owner = await payload.findByID({ collection: 'users', id: ids.user })
    const seen = await payload.find({
      collection: 'payload-locked-documents',
      depth: 1,
      overrideAccess: false,
      user: { ...owner, collection: 'users' },
      where: {
        and: [{ 'document.relationTo': { equals: 'datasets' } }, { 'document.value': { equals: usersDatasetId } }],
      },
    })
    expect(seen.docs.map((doc) => doc.id)).toEqual([editorsLock])
    // It tells the user that someone edits, without handing them the editor's account.
    const holder = (seen.docs[0] as unknown as { user: { value: unknown } }).user.value
    expect(holder === ids.editor || (holder as { id?: number }).id === ids.editor).toBe(true)
    expect(JSON.stringify(seen.docs[0])).not.toContain('editor@chronotope.local')
    // Saving while the editor holds the lock is refused, as Payload intends.
    expect((await user.patch(`/datasets/${usersDatasetId}`, { description: 'Mine' })).status).toBe(423)
  })
})

describe('taking over and releasing locks', () => {
  it("lets an editor take over another editor's lock, as the admin UI's Take over button does", async () => {
    const lock = await lockAs(ids.editor, { document: { relationTo: 'pages', value: aboutPageId } })
    // The admin UI first looks the lock up by document, then PATCHes it with the new holder.
    const found = await admin.get(
      `${LOCKS}?where[document.relationTo][equals]=pages&where[document.value][equals]=${aboutPageId}`,
    )
    expect(lockIds(found.body)).toEqual([lock])
    const takeover = await admin.patch(`${LOCKS}/${lock}`, { user: { relationTo: 'users', value: ids.admin } })
    expect(takeover.status).toBe(200)
    expect((await locksInDatabase())[0]!.user.value).toBe(ids.admin)
    expect((await admin.patch(`/pages/${aboutPageId}`, { summary: 'Taken over' })).status).toBe(200)
  })

  it('keeps users from taking over, moving or handing out locks they may not', async () => {
    const adminsLock = await lockAs(ids.admin, { document: { relationTo: 'datasets', value: privateDatasetId } })
    const takeover = await user.patch(`${LOCKS}/${adminsLock}`, { user: { relationTo: 'users', value: ids.user } })
    expect([403, 404]).toContain(takeover.status)
    const ownLock = await lockAs(ids.user, { document: { relationTo: 'datasets', value: usersDatasetId } })
    const moved = await user.patch(`${LOCKS}/${ownLock}`, {
      document: { relationTo: 'datasets', value: privateDatasetId },
    })
    expect(moved.status).toBe(403)
    const handedOut = await user.patch(`${LOCKS}/${ownLock}`, { user: { relationTo: 'users', value: ids.admin } })
    expect(handedOut.status).toBe(200)
    const stored = await locksInDatabase()
    expect(stored.find((lock) => lock.id === adminsLock)?.user.value).toBe(ids.admin)
    expect(stored.find((lock) => lock.id === ownLock)).toMatchObject({
      document: { relationTo: 'datasets', value: usersDatasetId },
      user: { value: ids.user },
    })
  })

  it("lets nobody delete someone else's lock, one at a time or in bulk (REST and GraphQL)", async () => {
    const adminsLock = await lockAs(ids.admin, { document: { relationTo: 'datasets', value: privateDatasetId } })
    const editorsLock = await lockAs(ids.editor, { document: { relationTo: 'datasets', value: usersDatasetId } })
    const ownLock = await lockAs(ids.user, { globalSlug: 'main-menu' })
    expect([403, 404]).toContain((await user.delete(`${LOCKS}/${adminsLock}`)).status)
    expect([403, 404]).toContain((await user.delete(`${LOCKS}/${editorsLock}`)).status)
    expect([403, 404]).toContain((await editor.delete(`${LOCKS}/${adminsLock}`)).status)
    await user.delete(`${LOCKS}?where[id][exists]=true`)
    const graphql = await user.graphql(`mutation ($id: Int!) { deletePayloadLockedDocument(id: $id) { id } }`, {
      id: adminsLock,
    })
    expect(graphql.body.errors?.length).toBeGreaterThan(0)
    expect((await locksInDatabase()).map((lock) => lock.id).sort()).toEqual([adminsLock, editorsLock])
    expect(ownLock).toBeGreaterThan(0)
  })
})
