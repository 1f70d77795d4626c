import type { Where } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { AUDIT_ACTIONS } from '../../../src/constants/audit-actions'
import { SOCKET_ADDRESS_HEADER } from '../../../src/lib/http/client-address'
import { DEMO_USERS } from '../../../src/seed/demo-content'
import { anonymous, ApiClient, testPayload } from '../../helpers/api-client'
import { createCatalog, demoUserId } from '../../helpers/demo-users'
import { importFile, runImports, uploadFile } from '../../helpers/imports'

// Every action wired to the audit log writes an entry with who, from where and before → after.
// Each test acts from an address of its own (TEST-NET-2), which the entries must carry.
const admin = DEMO_USERS.find((user) => user.role === 'admin')!

let addressCount = 0
function freshAddress(): string {
  addressCount += 1
  return `198.51.100.${addressCount}`
}

interface Entry {
  id: number
  action: string
  actorId: number | null
  actorEmail: string | null
  actorAddress: string | null
  targetCollection: string | null
  targetId: string | null
  targetLabel: string | null
  changes: Record<string, { before: unknown; after: unknown }> | null
  details: Record<string, unknown> | null
  createdAt: string
}

async function entries(where: Where): Promise<Entry[]> {
  const payload = await testPayload()
  const { docs } = await payload.find({
    collection: 'audit-log',
    where,
    sort: 'id',
    limit: 100,
    depth: 0,
    overrideAccess: true,
  })
  return docs as unknown as Entry[]
}

const about = (collection: string, id: number | string) => ({
  targetCollection: { equals: collection },
  targetId: { equals: String(id) },
})

let adminId: number
let adminClient: ApiClient

beforeAll(async () => {
  adminId = await demoUserId('admin')
  adminClient = await ApiClient.as('admin')
})

describe('the audit log records', () => {
  it('a sign-in, with the account as actor and the client address', async () => {
    const address = freshAddress()
    const response = await anonymous
      .withHeaders({ [SOCKET_ADDRESS_HEADER]: address })
      .post('/users/login', { email: admin.email, password: admin.password })
    expect(response.status).toBe(200)
    const [entry] = await entries({ action: { equals: AUDIT_ACTIONS.SIGN_IN }, actorAddress: { equals: address } })
    expect(entry).toMatchObject({
      actorId: adminId,
      actorEmail: admin.email,
      targetCollection: 'users',
      targetId: String(adminId),
      targetLabel: admin.email,
    })
  })

  it('failed sign-ins over REST and GraphQL, with the address tried, and no password', async () => {
    const address = freshAddress()
    const client = anonymous.withHeaders({ [SOCKET_ADDRESS_HEADER]: address })
    expect((await client.post('/users/login', { email: admin.email, password: 'wrong-1' })).status).toBe(401)
    expect((await client.post('/users/login', { email: 'nobody@example.org', password: 'wrong-2' })).status).toBe(401)
    const graphql = await client.graphql(
      'mutation ($email: String!, $password: String!) { loginUser(email: $email, password: $password) { token } }',
      { email: admin.email, password: 'wrong-3' },
    )
    expect(graphql.body.errors?.length).toBeGreaterThan(0)
    const failed = await entries({
      action: { equals: AUDIT_ACTIONS.SIGN_IN_FAILED },
      actorAddress: { equals: address },
    })
    expect(failed.map((entry) => [entry.targetId, entry.details])).toEqual([
      [String(adminId), { reason: 'wrong-credentials', email: admin.email }],
      [null, { reason: 'unknown-account', email: 'nobody@example.org' }],
      [String(adminId), { reason: 'wrong-credentials', email: admin.email }],
    ])
    expect(failed.every((entry) => entry.actorId === null)).toBe(true)
    expect(JSON.stringify(failed)).not.toMatch(/wrong-\d/)
  })

  it('a sign-in refused on a locked account, as locked', async () => {
    const payload = await testPayload()
    const email = `locked-${Date.now()}@example.org`
    const user = await payload.create({ collection: 'users', data: { email, password: 'right-password-1' } })
    // Ten wrong passwords lock the account; each from its own address, under the per-address limit.
    for (let i = 0; i < 10; i++) {
      await anonymous
        .withHeaders({ [SOCKET_ADDRESS_HEADER]: freshAddress() })
        .post('/users/login', { email, password: `wrong-${i}` })
    }
    const address = freshAddress()
    const refused = await anonymous
      .withHeaders({ [SOCKET_ADDRESS_HEADER]: address })
      .post('/users/login', { email, password: 'right-password-1' })
    expect(refused.status).toBe(401)
    const [entry] = await entries({ ...about('users', user.id), actorAddress: { equals: address } })
    expect(entry).toMatchObject({ action: AUDIT_ACTIONS.SIGN_IN_FAILED, details: { reason: 'locked', email } })
  })

  it('a password reset requested and done', async () => {
    const payload = await testPayload()
    const email = `reset-${Date.now()}@example.org`
    const user = await payload.create({ collection: 'users', data: { email, password: 'first-password-1' } })
    const address = freshAddress()
    const client = anonymous.withHeaders({ [SOCKET_ADDRESS_HEADER]: address })
    expect((await client.post('/users/forgot-password', { email })).status).toBe(200)
    const stored = await payload.db.findOne<{ id: number; resetPasswordToken?: string }>({
      collection: 'users',
      where: { id: { equals: user.id } },
    })
    const reset = await client.post('/users/reset-password', {
      token: stored!.resetPasswordToken,
      password: 'second-password-2',
    })
    expect(reset.status).toBe(200)
    const logged = await entries({ ...about('users', user.id), actorAddress: { equals: address } })
    expect(logged.map((entry) => [entry.action, entry.actorId])).toEqual([
      [AUDIT_ACTIONS.PASSWORD_RESET_REQUESTED, null],
      [AUDIT_ACTIONS.PASSWORD_RESET, user.id],
    ])
    expect(JSON.stringify(logged)).not.toMatch(/password-[12]|resetPasswordToken/)
  })

  it('a user created, given another role and deleted, with the role before → after', async () => {
    const address = freshAddress()
    const client = adminClient.withHeaders({ [SOCKET_ADDRESS_HEADER]: address })
    const email = `audited-${Date.now()}@example.org`
    const created = await client.post('/users', { email, password: 'secret-password-9', role: 'user' })
    expect(created.status).toBe(201)
    const id = created.body.doc.id as number
    expect((await client.patch(`/users/${id}`, { name: 'Renamed only' })).status).toBe(200)
    expect((await client.patch(`/users/${id}`, { role: 'editor' })).status).toBe(200)
    expect((await client.delete(`/users/${id}`)).status).toBe(200)
    const logged = await entries(about('users', id))
    expect(logged.map((entry) => [entry.action, entry.changes])).toEqual([
      [AUDIT_ACTIONS.USER_CREATED, { role: { before: null, after: 'user' } }],
      [AUDIT_ACTIONS.USER_ROLE_CHANGED, { role: { before: 'user', after: 'editor' } }],
      [AUDIT_ACTIONS.USER_DELETED, null],
    ])
    for (const entry of logged) {
      expect(entry).toMatchObject({
        actorId: adminId,
        actorEmail: admin.email,
        actorAddress: address,
        targetLabel: email,
      })
    }
    expect(JSON.stringify(logged)).not.toMatch(/secret-password|"hash"|"salt"/)
  })

  it('catalogs and datasets made public or private, through the CMS and the publish switch', async () => {
    const address = freshAddress()
    const client = adminClient.withHeaders({ [SOCKET_ADDRESS_HEADER]: address })
    const catalogId = await createCatalog('Audit visibility')
    const payload = await testPayload()
    const dataset = await payload.create({ collection: 'datasets', data: { name: 'Audit ds', catalog: catalogId } })
    expect((await client.patch(`/catalogs/${catalogId}`, { description: 'no visibility change' })).status).toBe(200)
    expect((await client.patch(`/catalogs/${catalogId}`, { isPublic: true })).status).toBe(200)
    expect((await client.post(`/datasets/${dataset.id}/publishing`, { isPublic: true })).status).toBe(200)
    expect((await client.patch(`/datasets/${dataset.id}`, { isPublic: false })).status).toBe(200)
    const catalogEntries = await entries(about('catalogs', catalogId))
    expect(catalogEntries.map((entry) => [entry.action, entry.changes, entry.actorAddress])).toEqual([
      [AUDIT_ACTIONS.CATALOG_VISIBILITY_CHANGED, { isPublic: { before: false, after: true } }, address],
    ])
    const datasetEntries = await entries(about('datasets', dataset.id))
    expect(datasetEntries.map((entry) => [entry.action, entry.changes, entry.actorId])).toEqual([
      [AUDIT_ACTIONS.DATASET_VISIBILITY_CHANGED, { isPublic: { before: false, after: true } }, adminId],
      [AUDIT_ACTIONS.DATASET_VISIBILITY_CHANGED, { isPublic: { before: true, after: false } }, adminId],
    ])
  })

  it('deleted events one by one, and a deleted dataset once with the count of its events', async () => {
    const payload = await testPayload()
    const client = adminClient.withHeaders({ [SOCKET_ADDRESS_HEADER]: freshAddress() })
    const catalogId = await createCatalog('Audit deletes')
    const dataset = await payload.create({ collection: 'datasets', data: { name: 'Audit doomed', catalog: catalogId } })
    const events = []
    for (let i = 0; i < 6; i++) {
      events.push(
        await payload.create({
          collection: 'events',
          data: { dataset: dataset.id, uniqueId: `audit-${i}`, title: `Audit event ${i}` },
        }),
      )
    }
    expect((await client.delete(`/events/${events[0]!.id}`)).status).toBe(200)
    const bulk = await client.delete(`/events?where[id][in]=${events[1]!.id},${events[2]!.id}`)
    expect(bulk.status).toBe(200)
    // Refused while it holds the dataset: no entry for a delete that did not happen.
    expect((await client.delete(`/catalogs/${catalogId}`)).status).toBe(409)
    expect(await entries(about('catalogs', catalogId))).toEqual([])
    expect((await client.delete(`/datasets/${dataset.id}`)).status).toBe(200)
    expect((await client.delete(`/catalogs/${catalogId}`)).status).toBe(200)

    const eventEntries = await entries({
      action: { equals: AUDIT_ACTIONS.EVENT_DELETED },
      targetId: { in: events.map((event) => String(event.id)) },
    })
    expect(eventEntries.map((entry) => entry.targetLabel).sort()).toEqual([
      'Audit event 0',
      'Audit event 1',
      'Audit event 2',
    ])
    const [datasetEntry] = await entries(about('datasets', dataset.id))
    expect(datasetEntry).toMatchObject({
      action: AUDIT_ACTIONS.DATASET_DELETED,
      targetLabel: 'Audit doomed',
      details: { eventsDeleted: 3, catalog: catalogId },
    })
    const [catalogEntry] = await entries(about('catalogs', catalogId))
    expect(catalogEntry).toMatchObject({ action: AUDIT_ACTIONS.CATALOG_DELETED, targetLabel: 'Audit deletes' })
  })

  it('schema approvals and rejections, with the reviewer, address and reason', async () => {
    const user = await ApiClient.as('user')
    const address = freshAddress()
    const reviewer = adminClient.withHeaders({ [SOCKET_ADDRESS_HEADER]: address })
    const catalogId = await createCatalog('Audit schemas')
    const first = await importFile(
      user,
      { name: 'v1.csv', bytes: 'id,title,date,count\n1,A,2020-01-01,3\n' },
      { catalog: catalogId, datasetName: 'Audit schema' },
    )
    const datasetId = first.jobs[0].datasetId as number
    const decide = async (decision: 'approve' | 'reject', reason: string) => {
      const upload = await uploadFile(
        user,
        { name: `${decision}.csv`, bytes: 'id,title,date\n1,A,2020-01-01\n' },
        { dataset: datasetId },
      )
      const importId = upload.body.job.importId as number
      await runImports()
      expect((await reviewer.post(`/import/${importId}/${decision}`, { reason })).status).toBe(200)
    }
    await decide('reject', 'count must stay')
    await decide('approve', 'fine now')
    // In the admin, a decision is a PATCH of the import job, applied once the save has committed.
    const upload = await uploadFile(user, { name: 'admin.csv', bytes: 'id,title\n1,A\n' }, { dataset: datasetId })
    await runImports()
    const jobId = (await user.get(`/import/${upload.body.job.importId}`)).body.jobs[0].jobId as number
    const patch = { approval: { decision: 'rejected', reason: 'no dates, no events' } }
    expect((await reviewer.patch(`/import-jobs/${jobId}`, patch)).status).toBe(200)
    for (let attempt = 0; attempt < 50; attempt++) {
      if ((await entries({ ...about('import-jobs', jobId), actorAddress: { equals: address } })).length > 0) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const logged = await entries({
      action: { in: [AUDIT_ACTIONS.SCHEMA_APPROVED, AUDIT_ACTIONS.SCHEMA_REJECTED] },
      actorAddress: { equals: address },
    })
    expect(logged.map((entry) => [entry.action, entry.changes, entry.details?.reason, entry.details?.dataset])).toEqual(
      [
        [
          AUDIT_ACTIONS.SCHEMA_REJECTED,
          { decision: { before: null, after: 'rejected' } },
          'count must stay',
          datasetId,
        ],
        [AUDIT_ACTIONS.SCHEMA_APPROVED, { decision: { before: null, after: 'approved' } }, 'fine now', datasetId],
        [
          AUDIT_ACTIONS.SCHEMA_REJECTED,
          { decision: { before: null, after: 'rejected' } },
          'no dates, no events',
          datasetId,
        ],
      ],
    )
    expect(logged.every((entry) => entry.actorId === adminId && entry.targetCollection === 'import-jobs')).toBe(true)
  })

  it('settings changed: the main menu and geocoding providers, never their API keys', async () => {
    const address = freshAddress()
    const client = adminClient.withHeaders({ [SOCKET_ADDRESS_HEADER]: address })
    const menu = await client.post('/globals/main-menu', { items: [{ label: 'Audited link', type: 'url', url: '/x' }] })
    expect(menu.status).toBe(200)
    const created = await client.post('/geocoding-providers', {
      name: 'Audit geocoder',
      type: 'opencage',
      enabled: false,
      apiKey: 'super-secret-key-123',
    })
    expect(created.status).toBe(201)
    const id = created.body.doc.id as number
    expect((await client.patch(`/geocoding-providers/${id}`, { enabled: true, apiKey: 'other-key-456' })).status).toBe(
      200,
    )
    expect((await client.delete(`/geocoding-providers/${id}`)).status).toBe(200)

    const logged = await entries({
      action: { equals: AUDIT_ACTIONS.SETTINGS_CHANGED },
      actorAddress: { equals: address },
    })
    expect(logged.map((entry) => [entry.targetCollection, entry.details])).toEqual([
      ['main-menu', null],
      ['geocoding-providers', { operation: 'created' }],
      ['geocoding-providers', { operation: 'changed' }],
      ['geocoding-providers', { operation: 'deleted' }],
    ])
    expect(logged[0]!.changes?.items?.after).toEqual([
      expect.objectContaining({ label: 'Audited link', type: 'url', url: '/x' }),
    ])
    expect(logged[2]!.changes).toMatchObject({ enabled: { before: false, after: true } })
    expect(JSON.stringify(logged)).not.toMatch(/super-secret|other-key|apiKey/)
  })
})
