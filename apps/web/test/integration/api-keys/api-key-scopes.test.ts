/**
 * API keys on every path (issue 28, points 7 and 12): each scope of a user's and an admin's key on
 * REST reads and writes, GraphQL queries and mutations, the events read API, the export, uploads,
 * the users collection, key management, sessions and the admin panel; revoked, expired and wrong
 * keys are 401 everywhere.
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { DEMO_USERS } from '../../../src/seed/demo-content'
import { ApiClient, testPayload } from '../../helpers/api-client'
import { createCatalog, demoUserId } from '../../helpers/demo-users'
import { uploadFile } from '../../helpers/imports'

type Who = 'user' | 'admin'
type Scope = 'read' | 'import' | 'admin'

const CSV = 'title,date,lat,lon\nKey march,2024-03-04,45.76,4.84\n'

const sessions: Record<Who, ApiClient> = {} as Record<Who, ApiClient>
const catalogs: Record<Who, number> = {} as Record<Who, number>
const keys: Record<string, string> = {}

/** A caller sending `Authorization: Bearer <key>`. */
function bearer(key: string): ApiClient {
  return new ApiClient(undefined, { authorization: `Bearer ${key}` })
}

async function createKey(who: Who, scopes: Scope[], extra: Record<string, unknown> = {}) {
  const created = await sessions[who].post('/api-keys', { name: `${who} ${scopes.join('+')}`, scopes, ...extra })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body.doc as { id: number; key: string; prefix: string }
}

beforeAll(async () => {
  sessions.user = await ApiClient.as('user')
  sessions.admin = await ApiClient.as('admin')
  catalogs.user = await createCatalog('Key scopes (user)', 'user')
  catalogs.admin = await createCatalog('Key scopes (admin)', 'admin')
  for (const [who, scopes] of [
    ['user', ['read']],
    ['user', ['import']],
    ['admin', ['read']],
    ['admin', ['import']],
    ['admin', ['admin']],
  ] as const) {
    keys[`${who}:${scopes[0]}`] = (await createKey(who, [...scopes])).key
  }
}, 120_000)

/** What a caller may do, per path: the expected HTTP status (GraphQL: whether data came back). */
interface Row {
  readonly who: Who
  readonly scope: Scope
  readonly restWrite: number
  readonly restCreate: number
  readonly restDelete: number
  readonly graphqlMutation: boolean
  readonly upload: number
  /** Whether the owner's other users' private catalog is visible (admins' full access). */
  readonly seesOthersPrivate: boolean
}

const TABLE: readonly Row[] = [
  {
    who: 'user',
    scope: 'read',
    restWrite: 403,
    restCreate: 403,
    restDelete: 403,
    graphqlMutation: false,
    upload: 403,
    seesOthersPrivate: false,
  },
  {
    who: 'user',
    scope: 'import',
    restWrite: 200,
    restCreate: 201,
    restDelete: 403,
    graphqlMutation: true,
    upload: 202,
    seesOthersPrivate: false,
  },
  {
    who: 'admin',
    scope: 'read',
    restWrite: 403,
    restCreate: 403,
    restDelete: 403,
    graphqlMutation: false,
    upload: 403,
    seesOthersPrivate: false,
  },
  {
    who: 'admin',
    scope: 'import',
    restWrite: 200,
    restCreate: 201,
    restDelete: 403,
    graphqlMutation: true,
    upload: 202,
    seesOthersPrivate: false,
  },
  {
    who: 'admin',
    scope: 'admin',
    restWrite: 200,
    restCreate: 201,
    restDelete: 200,
    graphqlMutation: true,
    upload: 202,
    seesOthersPrivate: true,
  },
]

describe.each(TABLE)('a $who key with $scope', (row) => {
  const caller = () => bearer(keys[`${row.who}:${row.scope}`]!)
  const other: Who = row.who === 'user' ? 'admin' : 'user'

  it("reads its owner's documents over REST and the owner's private catalog", async () => {
    const own = await caller().get(`/catalogs/${catalogs[row.who]}`)
    expect(own.status).toBe(200)
    const others = await caller().get(`/catalogs/${catalogs[other]}`)
    // The user's private catalog: only an admin-scoped key of an admin sees it.
    if (row.who === 'admin') expect(others.status).toBe(row.seesOthersPrivate ? 200 : 404)
    else expect(others.status).toBe(404)
  })

  it('writes over REST only as its scope allows', async () => {
    const patched = await caller().patch(`/catalogs/${catalogs[row.who]}`, { description: `by ${row.scope}` })
    expect(patched.status).toBe(row.restWrite)
    const created = await caller().post('/catalogs', { name: `Made by ${row.who} ${row.scope} key` })
    expect(created.status).toBe(row.restCreate)
    const doomed = await createCatalog(`Doomed ${row.who} ${row.scope}`, row.who)
    const deleted = await caller().delete(`/catalogs/${doomed}`)
    expect(deleted.status).toBe(row.restDelete)
  })

  it('queries GraphQL, and mutates only with import or admin', async () => {
    const query = await caller().graphql<{ Catalogs: { docs: Array<{ id: number }> } }>(
      '{ Catalogs(limit: 100) { docs { id } } }',
    )
    expect(query.status).toBe(200)
    expect(query.body.data?.Catalogs.docs.map((doc) => doc.id)).toContain(catalogs[row.who])
    const mutation = await caller().graphql<{ createCatalog: { id: number } | null }>(
      'mutation ($name: String!) { createCatalog(data: { name: $name }) { id } }',
      { name: `GraphQL ${row.who} ${row.scope}` },
    )
    expect(Boolean(mutation.body.data?.createCatalog?.id)).toBe(row.graphqlMutation)
    if (!row.graphqlMutation) expect(mutation.body.errors?.[0]?.message).toMatch(/not allowed/i)
  })

  it('reads the events read API and the export', async () => {
    const list = await caller().get('/events/list?limit=5')
    expect(list.status).toBe(200)
    const csv = await caller().getText('/events/export.csv')
    expect(csv.status).toBe(200)
  })

  it('uploads only with import or admin', async () => {
    const upload = await uploadFile(
      caller(),
      { name: 'key.csv', bytes: CSV },
      { catalog: catalogs[row.who], datasetName: `Key upload ${row.scope}`, autoStart: false },
    )
    expect(upload.status, JSON.stringify(upload.body)).toBe(row.upload)
    if (row.upload === 403) expect((upload.body as { code: string }).code).toBe('insufficient-scope')
  })

  it('never writes users, creates keys, unlocks accounts or touches jobs and preferences', async () => {
    const ownerId = await demoUserId(row.who)
    expect((await caller().patch(`/users/${ownerId}`, { name: 'Renamed by a key' })).status).toBe(403)
    expect((await caller().patch(`/users/${ownerId}`, { password: 'new-password-by-key-1' })).status).toBe(403)
    expect((await caller().patch(`/users/${ownerId}`, { email: 'stolen@example.org' })).status).toBe(403)
    expect((await caller().post('/api-keys', { name: 'Key from a key', scopes: ['read'] })).status).toBe(403)
    expect((await caller().post('/users/unlock', { email: 'user@example.org' })).status).toBe(403)
    expect((await caller().get('/payload-jobs')).status).toBe(403)
    expect((await caller().post('/payload-jobs/run', {})).status).toBeGreaterThanOrEqual(401)
    expect((await caller().post('/payload-preferences', { key: 'k', value: 1 })).status).toBe(403)
  })

  it('never opens a session: no token from me, no refresh, no admin panel', async () => {
    const me = await caller().get<{ user: { id: number }; token?: string }>('/users/me')
    expect(me.status).toBe(200)
    expect(me.body.user.id).toBe(await demoUserId(row.who))
    expect(me.body.token).toBeUndefined()
    expect(me.headers?.get('set-cookie')).toBeNull()
    const refresh = await caller().post('/users/refresh-token', {})
    expect(refresh.status).toBe(403)
    expect(refresh.headers?.get('set-cookie')).toBeNull()
    const graphqlRefresh = await caller().graphql('mutation { refreshTokenUser { refreshedToken } }')
    expect(graphqlRefresh.body.errors?.length).toBeGreaterThan(0)
    const payload = await testPayload()
    const { permissions, user } = await payload.auth({
      headers: new Headers({ authorization: `Bearer ${keys[`${row.who}:${row.scope}`]}` }),
    })
    expect(user?.id).toBe(await demoUserId(row.who))
    // Payload leaves refused permissions out; the owner's own session does get the admin panel.
    expect(permissions.canAccessAdmin).toBeFalsy()
    const account = DEMO_USERS.find((each) => each.role === row.who)!
    const { token } = await payload.login({
      collection: 'users',
      data: { email: account.email, password: account.password },
    })
    const session = await payload.auth({ headers: new Headers({ authorization: `JWT ${token}` }) })
    expect(session.permissions.canAccessAdmin).toBe(true)
  })
})

describe("an admin's key without the admin scope", () => {
  it('acts as a plain user: sees only its owner among users, runs no admin action', async () => {
    const read = bearer(keys['admin:read']!)
    const users = await read.get<{ totalDocs: number }>('/users')
    expect(users.status).toBe(200)
    expect(users.body.totalDocs).toBe(1)
    const all = await bearer(keys['admin:admin']!).get<{ totalDocs: number }>('/users')
    expect(all.body.totalDocs).toBeGreaterThan(1)
    expect((await bearer(keys['admin:import']!).post('/geocoding-providers', { name: 'x' })).status).toBe(403)
    const payload = await testPayload()
    const hidden = await payload.create({
      collection: 'datasets',
      data: { name: 'Key scopes hidden', catalog: catalogs.user, owner: await demoUserId('user') },
      overrideAccess: true,
    })
    // The read API and the export of a user's private dataset: refused to the read key as to any
    // other user, answered to the admin-scoped key as to the admin.
    expect((await read.get(`/events/list?datasets=${hidden.id}`)).status).toBe(400)
    expect((await read.getText(`/events/export.csv?datasets=${hidden.id}`)).status).toBe(400)
    expect((await read.get(`/datasets/${hidden.id}`)).status).toBe(404)
    expect((await bearer(keys['admin:admin']!).get(`/events/list?datasets=${hidden.id}`)).status).toBe(200)
    expect((await bearer(keys['admin:admin']!).get(`/datasets/${hidden.id}`)).status).toBe(200)
    const keysSeen = await read.get<{ docs: Array<{ owner: number }> }>('/api-keys?depth=0&limit=100')
    const adminId = await demoUserId('admin')
    expect(keysSeen.body.docs.every((doc) => doc.owner === adminId)).toBe(true)
  })
})

describe('keys that do not work', () => {
  async function expectRefusedEverywhere(key: string, code: string) {
    const caller = bearer(key)
    for (const answer of [
      await caller.get('/catalogs'),
      await caller.get('/events/list'),
      await caller.getText('/events/export.csv'),
      await uploadFile(caller, { name: 'x.csv', bytes: CSV }, { catalog: catalogs.user, autoStart: false }),
    ]) {
      expect(answer.status).toBe(401)
      const body = 'text' in answer ? JSON.parse(answer.text) : answer.body
      expect(body.code).toBe(code)
      expect(answer.headers?.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/)
    }
    const graphql = await caller.graphql('{ Catalogs { docs { id } } }')
    expect(graphql.status).toBe(401)
  }

  it('refuses a revoked key on every path, for good', async () => {
    const made = await createKey('user', ['import'])
    expect((await bearer(made.key).get('/catalogs')).status).toBe(200)
    const revoked = await sessions.user.post(`/api-keys/${made.id}/revoke`, {})
    expect(revoked.status).toBe(200)
    await expectRefusedEverywhere(made.key, 'api-key-revoked')
    const undo = await sessions.user.patch(`/api-keys/${made.id}`, { revokedAt: null })
    expect(undo.status).toBe(200)
    expect((undo.body.doc as { revokedAt: string | null }).revokedAt).not.toBeNull()
    expect((await bearer(made.key).get('/catalogs')).status).toBe(401)
  })

  it('refuses an expired key on every path', async () => {
    const made = await createKey('user', ['read'], { expiresAt: new Date(Date.now() + 3_600_000).toISOString() })
    expect((await bearer(made.key).get('/catalogs')).status).toBe(200)
    const payload = await testPayload()
    await payload.db.updateOne({
      collection: 'api-keys',
      id: made.id,
      data: { expiresAt: new Date(Date.now() - 1000).toISOString() },
    })
    await expectRefusedEverywhere(made.key, 'api-key-expired')
  })

  it('refuses the right prefix with a wrong secret, and keys of no shape, without telling more', async () => {
    const made = await createKey('user', ['read'])
    const last = made.key.at(-1) === 'A' ? 'B' : 'A'
    await expectRefusedEverywhere(`${made.key.slice(0, -1)}${last}`, 'api-key-invalid')
    await expectRefusedEverywhere('ctk_nonsense', 'api-key-invalid')
    await expectRefusedEverywhere(`ctk_zzzzzzzz_${'A'.repeat(43)}`, 'api-key-invalid')
  })

  it('refuses an expiry in the past when creating', async () => {
    const created = await sessions.user.post('/api-keys', {
      name: 'Stale',
      scopes: ['read'],
      expiresAt: '2020-01-01T00:00:00Z',
    })
    expect(created.status).toBe(400)
    expect(JSON.stringify(created.body)).toContain('expiresAt')
  })
})
