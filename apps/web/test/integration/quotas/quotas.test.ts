/**
 * Quotas by trust level (issue 28, points 8 and 12): each quota reached, on the path that meters
 * it, with the limit and the figure named and the `RateLimit-*` headers on metered answers; users
 * see their usage beside their limits; only admins set levels and limits, and a level's change is
 * audited. The users here are made for this file and put on the "new" level, whose limits the
 * file makes small (and gives back afterwards): every other test's users are "trusted".
 */
import { randomUUID } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ApiClient, testPayload } from '../../helpers/api-client'
import { runImports, uploadFile } from '../../helpers/imports'
import type { Json } from '../../helpers/json'

const SMALL_NEW_LEVEL = {
  uploadsPerDay: 5,
  eventsPerImport: 5,
  eventsTotal: 8,
  scheduledImports: 1,
  shortestScheduleMinutes: 60,
  apiRequestsPerHour: 4,
}

let storedQuotas: Json

interface Member {
  readonly id: number
  readonly client: ApiClient
  readonly catalog: number
}

/** A user of its own on a trust level, signed in, with a catalog. */
async function member(level: 'new' | 'trusted' | 'unlimited'): Promise<Member> {
  const payload = await testPayload()
  const email = `quota-${randomUUID()}@example.com`
  const password = 'quota-password-1'
  const user = await payload.create({
    collection: 'users',
    data: { email, password, role: 'user', trustLevel: level },
    overrideAccess: true,
  })
  const catalog = await payload.create({
    collection: 'catalogs',
    data: { name: `Quota catalog ${randomUUID().slice(0, 8)}`, owner: user.id },
    overrideAccess: true,
  })
  return { id: Number(user.id), client: await ApiClient.signIn(email, password), catalog: Number(catalog.id) }
}

function csv(prefix: string, rows: number): string {
  const lines = ['title,date,lat,lon']
  for (let row = 1; row <= rows; row++) lines.push(`${prefix} ${row},2024-03-${String(row).padStart(2, '0')},45.7,4.8`)
  return `${lines.join('\n')}\n`
}

async function importInto(who: Member, bytes: string, fields: Record<string, string | number> = {}) {
  const upload = await uploadFile(who.client, { name: 'rows.csv', bytes }, { catalog: who.catalog, ...fields })
  expect(upload.status, JSON.stringify(upload.body)).toBe(202)
  await runImports()
  return (await who.client.get(`/import/${upload.body.job.importId}`)).body
}

beforeAll(async () => {
  const payload = await testPayload()
  storedQuotas = await payload.findGlobal({ slug: 'quotas', overrideAccess: true })
  await payload.updateGlobal({ slug: 'quotas', data: { new: SMALL_NEW_LEVEL }, overrideAccess: true })
}, 60_000)

afterAll(async () => {
  const payload = await testPayload()
  await payload.updateGlobal({ slug: 'quotas', data: { new: storedQuotas.new ?? {} }, overrideAccess: true })
})

describe('uploads per day', () => {
  it('meters each upload in the headers and refuses the one past the limit with 429', async () => {
    const who = await member('new')
    const remaining: string[] = []
    for (let upload = 1; upload <= 5; upload++) {
      const answer = await uploadFile(
        who.client,
        { name: 'one.csv', bytes: csv('Upload', 1) },
        { catalog: who.catalog, autoStart: 'false' },
      )
      expect(answer.status, JSON.stringify(answer.body)).toBe(202)
      expect(answer.headers?.get('ratelimit-limit')).toBe('5')
      remaining.push(answer.headers?.get('ratelimit-remaining') ?? '')
      expect(Number(answer.headers?.get('ratelimit-reset'))).toBeGreaterThan(86_000)
    }
    expect(remaining).toEqual(['4', '3', '2', '1', '0'])

    const refused = await uploadFile(
      who.client,
      { name: 'one.csv', bytes: csv('Upload', 1) },
      { catalog: who.catalog, autoStart: 'false' },
    )
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({
      code: 'quota-exceeded',
      quota: { name: 'uploadsPerDay', level: 'new', limit: 5, figure: 5 },
    })
    expect(refused.body.error).toMatch(/5 uploads in the last 24 hours.*"new" level is 5 uploads per day/)
    expect(Number(refused.headers?.get('retry-after'))).toBeGreaterThan(86_000)
    expect(refused.headers?.get('ratelimit-remaining')).toBe('0')

    // A trusted user has the trusted level's limit, untouched by the new level's.
    const trusted = await member('trusted')
    const fine = await uploadFile(
      trusted.client,
      { name: 'one.csv', bytes: csv('Upload', 1) },
      { catalog: trusted.catalog, autoStart: 'false' },
    )
    expect(fine.status).toBe(202)
    expect(fine.headers?.get('ratelimit-limit')).toBe('200')
  })
})

describe('events per import and in total', () => {
  it('fails an import with more events than one import may write, before writing any', async () => {
    const who = await member('new')
    const progress = await importInto(who, csv('Too many', 6))
    expect(progress.status).toBe('failed')
    const why = progress.failureReason ?? progress.jobs[0]?.failureReason
    expect(why).toMatch(/would write 6 events; the limit of the "new" level is 5 events per import/)
    const payload = await testPayload()
    const events = await payload.count({
      collection: 'events',
      where: { 'dataset.catalog': { equals: who.catalog } },
      overrideAccess: true,
    })
    expect(events.totalDocs).toBe(0)
  })

  it('counts only new events against the total, and refuses uploads once it is full', async () => {
    const who = await member('new')
    const first = await importInto(who, csv('First', 5))
    expect(first.status).toBe('completed')
    const datasetId = first.jobs[0].datasetId as number

    // Five more new events would make 10 of 8.
    const more = await importInto(who, csv('Second', 5), { dataset: datasetId })
    expect(more.status).toBe('failed')
    expect(more.failureReason ?? more.jobs[0]?.failureReason).toMatch(
      /would hold 10 events; the limit of the "new" level is 8 events in total/,
    )

    // The same rows again only update the five events the dataset has: nothing new, so it fits.
    const again = await importInto(who, csv('First', 5), { dataset: datasetId, duplicateAction: 'update' })
    expect(again.status).toBe('completed')

    // Three new ones bring it to exactly 8; after that nothing more fits, and uploads say so at once.
    expect((await importInto(who, csv('Third', 3), { dataset: datasetId })).status).toBe('completed')
    const full = await uploadFile(who.client, { name: 'rows.csv', bytes: csv('Fourth', 1) }, { catalog: who.catalog })
    expect(full.status).toBe(422)
    expect(full.body).toMatchObject({
      code: 'quota-exceeded',
      quota: { name: 'eventsTotal', level: 'new', limit: 8, figure: 8 },
    })
  })
})

describe('scheduled imports', () => {
  const schedule = (who: Member, extra: Record<string, unknown>) =>
    who.client.post('/scheduled-imports', {
      name: `Quota schedule ${randomUUID().slice(0, 8)}`,
      url: 'http://127.0.0.1:9/data.csv',
      catalog: who.catalog,
      enabled: false,
      ...extra,
    })

  it('refuses a schedule more frequent than the level allows, and one more schedule than it allows', async () => {
    const who = await member('new')
    const tooOften = await schedule(who, { schedule: { frequency: 'every', intervalMinutes: 30, timeZone: 'UTC' } })
    expect(tooOften.status).toBe(422)
    expect(tooOften.body).toMatchObject({
      code: 'quota-exceeded',
      errors: [{ data: { quota: { name: 'shortestScheduleMinutes', level: 'new', limit: 60, figure: 30 } } }],
    })
    expect(JSON.stringify(tooOften.body)).toMatch(
      /every 30 minutes; the limit of the \\"new\\" level is one run every 60 minutes/,
    )
    const hourly = await schedule(who, { schedule: { frequency: 'hourly', minute: 15, timeZone: 'UTC' } })
    expect(hourly.status, JSON.stringify(hourly.body)).toBe(201)
    const id = hourly.body.doc.id as number

    const second = await schedule(who, { schedule: { frequency: 'daily', time: '06:00', timeZone: 'UTC' } })
    expect(second.status).toBe(422)
    expect(JSON.stringify(second.body)).toMatch(/scheduled import number 2; the limit of the \\"new\\" level is 1/)

    // Changing the one schedule to run more often is refused the same way; other changes pass.
    const faster = await who.client.patch(`/scheduled-imports/${id}`, {
      schedule: { frequency: 'every', intervalMinutes: 10, timeZone: 'UTC' },
    })
    expect(faster.status).toBe(422)
    expect((await who.client.patch(`/scheduled-imports/${id}`, { name: 'Renamed' })).status).toBe(200)
  })
})

describe('API requests per hour', () => {
  it('meters requests made with a key and refuses the one past the limit with 429', async () => {
    const who = await member('new')
    const created = await who.client.post('/api-keys', { name: 'Quota key', scopes: ['read'] })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const key = new ApiClient(undefined, { authorization: `Bearer ${created.body.doc.key}` })

    const remaining: string[] = []
    for (let request = 1; request <= 4; request++) {
      const answer = await key.get(`/catalogs/${who.catalog}`)
      expect(answer.status).toBe(200)
      expect(answer.headers?.get('ratelimit-limit')).toBe('4')
      remaining.push(answer.headers?.get('ratelimit-remaining') ?? '')
    }
    expect(remaining).toEqual(['3', '2', '1', '0'])

    for (const refused of [
      await key.get(`/catalogs/${who.catalog}`),
      await key.graphql('{ Catalogs { totalDocs } }'),
    ]) {
      expect(refused.status).toBe(429)
      expect(refused.body).toMatchObject({
        code: 'quota-exceeded',
        quota: { name: 'apiRequestsPerHour', level: 'new', limit: 4 },
      })
      expect(Number(refused.headers?.get('retry-after'))).toBeGreaterThan(3_000)
    }

    // The limit is the key owner's, not the session's: signed in, they carry on, and see the count.
    const usage = await who.client.get('/usage')
    expect(usage.status).toBe(200)
    expect(usage.headers?.get('ratelimit-limit')).toBeNull()
    const standing = (usage.body.quotas as Json[]).find((quota) => quota.name === 'apiRequestsPerHour')
    expect(standing).toEqual({ name: 'apiRequestsPerHour', label: 'API requests per hour', limit: 4, used: 4 })
  })
})

describe('usage and who sets the limits', () => {
  it('shows users their usage beside their limits, and admins anyone’s', async () => {
    const who = await member('new')
    const other = await member('trusted')
    const own = await who.client.get('/usage')
    expect(own.status).toBe(200)
    expect(own.body).toMatchObject({ user: who.id, level: 'new' })
    expect(own.body.quotas).toEqual([
      { name: 'uploadsPerDay', label: 'uploads per day', limit: 5, used: 0 },
      { name: 'eventsPerImport', label: 'events per import', limit: 5, used: null },
      { name: 'eventsTotal', label: 'events in total', limit: 8, used: 0 },
      { name: 'scheduledImports', label: 'scheduled imports', limit: 1, used: 0 },
      { name: 'shortestScheduleMinutes', label: 'shortest schedule interval (minutes)', limit: 60, used: null },
      { name: 'apiRequestsPerHour', label: 'API requests per hour', limit: 4, used: 0 },
    ])
    expect((await who.client.get(`/usage?user=${other.id}`)).status).toBe(403)
    expect((await new ApiClient().get('/usage')).status).toBe(401)
    expect((await who.client.get('/usage?user=abc')).status).toBe(400)

    const admin = await ApiClient.as('admin')
    const theirs = await admin.get(`/usage?user=${other.id}`)
    expect(theirs.body).toMatchObject({ user: other.id, level: 'trusted' })
    const adminOwn = await admin.get('/usage')
    expect(adminOwn.body.level).toBe('unlimited')
    expect((adminOwn.body.quotas as Json[]).every((quota) => quota.limit === null)).toBe(true)
  })

  it('lets only admins change a level or the limits, and audits a level change', async () => {
    const who = await member('new')
    const lifted = await who.client.patch(`/users/${who.id}`, { trustLevel: 'unlimited' })
    expect(lifted.status).toBe(200)
    expect((await who.client.get('/usage')).body.level).toBe('new')
    expect((await who.client.get('/globals/quotas')).status).toBe(403)
    expect((await who.client.post('/globals/quotas', { new: { uploadsPerDay: 1000 } })).status).toBe(403)
    const mutation = await who.client.graphql(
      'mutation { updateQuota(data: { new: { uploadsPerDay: 1000 } }) { updatedAt } }',
    )
    expect(mutation.body.errors?.[0]?.message).toMatch(/not allowed/i)

    const admin = await ApiClient.as('admin')
    const raised = await admin.patch(`/users/${who.id}`, { trustLevel: 'trusted' })
    expect(raised.status, JSON.stringify(raised.body)).toBe(200)
    expect((await who.client.get('/usage')).body.level).toBe('trusted')
    const payload = await testPayload()
    const entries = await payload.find({
      collection: 'audit-log',
      where: { action: { equals: 'user.trust-level-changed' }, targetId: { equals: String(who.id) } },
      overrideAccess: true,
    })
    expect(entries.docs).toHaveLength(1)
    expect(entries.docs[0]!.changes).toEqual({ trustLevel: { before: 'new', after: 'trusted' } })
  })
})
