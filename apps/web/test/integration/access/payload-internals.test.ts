import { beforeAll, describe, expect, it } from 'vitest'

import { anonymous, ApiClient, testPayload } from '../../helpers/api-client'
import { demoUserId } from '../../helpers/demo-users'

// Payload adds collections and globals of its own: payload-jobs-stats, payload-jobs,
// payload-migrations, payload-kv, payload-preferences and payload-locked-documents (see
// document-locks.test.ts). None of them may be read or written beyond what its purpose needs.

let user: ApiClient
let editor: ApiClient
let admin: ApiClient

beforeAll(async () => {
  ;[user, editor, admin] = await Promise.all([ApiClient.as('user'), ApiClient.as('editor'), ApiClient.as('admin')])
})

async function mutationNames(pattern: RegExp): Promise<string[]> {
  const result = await admin.graphql('{ __schema { mutationType { fields { name } } queryType { fields { name } } } }')
  const schema = result.body.data as {
    __schema: { mutationType: { fields: Array<{ name: string }> }; queryType: { fields: Array<{ name: string }> } }
  }
  return [...schema.__schema.mutationType.fields, ...schema.__schema.queryType.fields]
    .map((field) => field.name)
    .filter((name) => pattern.test(name))
}

describe('the payload-jobs-stats global (when scheduled jobs last ran)', () => {
  const stopScheduling = { stats: { scheduledRuns: { queues: { maintenance: { tasks: {} } } } } }

  it('is written by the job runner only: not by users, editors or admins over REST', async () => {
    const before = await (await testPayload()).findGlobal({ slug: 'payload-jobs-stats' })
    for (const client of [user, editor, admin, anonymous]) {
      expect((await client.post('/globals/payload-jobs-stats', stopScheduling)).status).toBe(403)
    }
    const after = await (await testPayload()).findGlobal({ slug: 'payload-jobs-stats' })
    expect(after.stats ?? null).toEqual(before.stats ?? null)
  })

  it('nor over GraphQL', async () => {
    const [update] = await mutationNames(/^updatePayloadJobsStat/)
    expect(update).toBeDefined()
    for (const client of [user, editor, admin]) {
      const result = await client.graphql(`mutation { ${update}(data: { stats: { scheduledRuns: {} } }) { stats } }`)
      expect(result.body.errors?.[0]?.message).toMatch(/not allowed/i)
    }
  })

  it('is read by admins only', async () => {
    expect((await user.get('/globals/payload-jobs-stats')).status).toBe(403)
    expect((await editor.get('/globals/payload-jobs-stats')).status).toBe(403)
    expect((await admin.get('/globals/payload-jobs-stats')).status).toBe(200)
  })
})

describe('the payload-jobs collection (queued jobs)', () => {
  it('is neither read nor written over REST or GraphQL, whatever the role', async () => {
    for (const client of [user, editor, admin]) {
      expect((await client.get('/payload-jobs')).status).toBe(403)
      expect((await client.post('/payload-jobs', { taskSlug: 'cleanup-approval-locks', input: {} })).status).toBe(403)
      const graphql = await client.graphql('{ PayloadJobs { docs { id } } }')
      expect(graphql.body.errors?.[0]?.message).toMatch(/not allowed/i)
    }
  })

  it('runs jobs on request for admins only', async () => {
    expect((await user.get('/payload-jobs/run?limit=1')).status).toBe(401)
    expect((await editor.get('/payload-jobs/run?limit=1')).status).toBe(401)
    expect((await user.get('/payload-jobs/handle-schedules')).status).toBe(401)
  })
})

describe('the payload-migrations collection', () => {
  it('has no API routes and no GraphQL', async () => {
    for (const client of [user, admin]) {
      expect((await client.get('/payload-migrations')).status).toBeGreaterThanOrEqual(400)
      expect((await client.post('/payload-migrations', { name: 'x', batch: 99 })).status).toBeGreaterThanOrEqual(400)
    }
    expect(await mutationNames(/Migration/)).toEqual([])
  })

  it('is closed even to signed-in callers of the Local API (the admin reads it that way)', async () => {
    const payload = await testPayload()
    const someone = await payload.findByID({ collection: 'users', id: await demoUserId('admin') })
    await expect(
      payload.find({
        collection: 'payload-migrations',
        overrideAccess: false,
        user: { ...someone, collection: 'users' },
      }),
    ).rejects.toThrow(/not allowed/i)
  })
})

describe('the payload-kv collection', () => {
  it('is closed to everyone', async () => {
    for (const client of [user, admin]) expect((await client.get('/payload-kv')).status).toBe(403)
  })
})

describe('payload-preferences (admin UI settings)', () => {
  it("are each user's own: nobody reads or writes another's", async () => {
    const created = await user.post('/payload-preferences', {
      key: 'users-own-columns',
      value: { columns: ['name'] },
      user: { relationTo: 'users', value: await demoUserId('admin') },
    })
    expect(created.status).toBe(201)
    expect(created.body.doc.user).toMatchObject({ value: expect.objectContaining({ id: await demoUserId('user') }) })
    const seenByEditor = await editor.get('/payload-preferences?limit=100&depth=0')
    expect(JSON.stringify(seenByEditor.body)).not.toContain('users-own-columns')
    // Payload deletes and updates preferences by key, always the caller's own: the editor has none.
    expect((await editor.delete('/payload-preferences/users-own-columns')).status).toBe(404)
    await editor.post('/payload-preferences/users-own-columns', { value: { columns: ['hijacked'] } })
    const payload = await testPayload()
    const stored = await payload.find({
      collection: 'payload-preferences',
      where: { key: { equals: 'users-own-columns' } },
    })
    expect(stored.docs.map((doc) => doc.value)).toContainEqual({ columns: ['name'] })
    expect((await anonymous.get('/payload-preferences')).status).toBe(403)
  })

  it('are deleted by key by their owner', async () => {
    expect((await user.post('/payload-preferences/users-table', { value: { limit: 25 } })).status).toBe(200)
    expect((await user.get('/payload-preferences/users-table')).body.value).toEqual({ limit: 25 })
    expect((await user.delete('/payload-preferences/users-table')).status).toBe(200)
    expect((await user.delete('/payload-preferences/users-table')).status).toBe(404)
  })
})
