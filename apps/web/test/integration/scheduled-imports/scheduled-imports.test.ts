import { RETRY_DELAYS_MINUTES } from '@chronotope/schedules'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startDueScheduledImports, startScheduledRun } from '../../../src/lib/scheduled-imports/start-run'
import { ApiClient, anonymous, testPayload } from '../../helpers/api-client'
import { createCatalog } from '../../helpers/demo-users'
import { runImports } from '../../helpers/imports'
import type { Json } from '../../helpers/json'
import { startSourceServer, type SourceServer } from './source-server'

// Issue 28, points 1–5: a schedule keeps a dataset current from a URL, run by run, on a clock the
// test controls, against a local server whose CSV changes between runs.
const FIRST = `id,title,date,lat,lon,crowd
a,March in Lyon,2024-03-04,45.76,4.84,1200
b,Rally in Nantes,2024-01-21,47.22,-1.55,300
c,Sit-in in Paris,2024-04-05,48.85,2.35,40
`
// Row a changed (title, crowd), b is gone, c as it was, d is new.
const SECOND = `id,title,date,lat,lon,crowd
a,March in Lyon (updated),2024-03-04,45.76,4.84,1500
c,Sit-in in Paris,2024-04-05,48.85,2.35,40
d,Strike in Lille,2024-05-01,50.63,3.06,800
`

let server: SourceServer
let owner: ApiClient
let stranger: ApiClient
let catalogId: number
let scheduleId: number
let clock = new Date('2030-01-01T00:00:00Z')

function later(minutes: number): Date {
  clock = new Date(clock.getTime() + minutes * 60_000)
  return clock
}

async function scheduleDoc(id = scheduleId) {
  return (await testPayload()).findByID({ collection: 'scheduled-imports', id, depth: 0, overrideAccess: true })
}

async function runs(id = scheduleId) {
  const { docs } = await (
    await testPayload()
  ).find({
    collection: 'scheduled-import-runs',
    where: { scheduledImport: { equals: id } },
    sort: '-id',
    depth: 0,
    overrideAccess: true,
    limit: 100,
  })
  return docs as unknown as Array<Record<string, Json>>
}

/** Makes the schedule due on the test's clock and lets the scheduler start and finish its run. */
async function tick(id = scheduleId): Promise<Record<string, Json>> {
  const payload = await testPayload()
  const due = new Date((await scheduleDoc(id)).state?.nextRunAt ?? clock.toISOString())
  clock = due > clock ? due : clock
  await startDueScheduledImports(payload, clock)
  await runImports()
  return (await runs(id))[0]!
}

async function createSchedule(client: ApiClient, fields: Record<string, unknown>) {
  return client.post('/scheduled-imports', {
    name: 'Protests feed',
    catalog: catalogId,
    idStrategy: 'external',
    idField: 'id',
    goneFromSource: 'mark-removed',
    schedule: { frequency: 'every', intervalMinutes: 30, timeZone: 'UTC' },
    ...fields,
  })
}

beforeAll(async () => {
  server = await startSourceServer(FIRST)
  owner = await ApiClient.as('user')
  const payload = await testPayload()
  const other = await payload.create({
    collection: 'users',
    data: { email: 'schedules-stranger@example.org', password: 'stranger-password-1', role: 'user' },
    overrideAccess: true,
  })
  stranger = await ApiClient.signIn(String(other.email), 'stranger-password-1')
  catalogId = await createCatalog('Scheduled imports')
  const created = await createSchedule(owner, { url: `${server.origin}/data.csv` })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  scheduleId = Number(created.body.doc.id)
})

afterAll(async () => {
  await server?.close()
})

describe('a scheduled import from a URL', () => {
  it('imports the source on its first run and creates the dataset', async () => {
    const run = await tick()
    expect(run.status).toBe('completed')
    expect(run.trigger).toBe('schedule')
    expect(run.counts).toMatchObject({ added: 3, updated: 0, gone: 0 })
    const schedule = await scheduleDoc()
    expect(schedule.dataset).toBeTruthy()
    expect(schedule.state).toMatchObject({ lastOutcome: 'completed', consecutiveFailures: 0 })
    expect(new Date(schedule.state!.nextRunAt).getTime()).toBe(clock.getTime() + 30 * 60_000)
  })

  it('asks "changed since?" next time, and does no import work on a 304', async () => {
    const importsBefore = (await (await testPayload()).count({ collection: 'import-files', overrideAccess: true }))
      .totalDocs
    server.requests.length = 0
    const run = await tick()
    expect(run.status).toBe('unchanged')
    expect(run.summary).toMatch(/304/)
    expect(server.requests[0]?.ifNoneMatch).toMatch(/^"/)
    const importsAfter = (await (await testPayload()).count({ collection: 'import-files', overrideAccess: true }))
      .totalDocs
    expect(importsAfter).toBe(importsBefore)
  })

  it('records rows added, changed (old → new) and gone, keeps ids, and hides the gone event', async () => {
    const payload = await testPayload()
    const datasetId = Number((await scheduleDoc()).dataset)
    const before = await payload.find({
      collection: 'events',
      where: { dataset: { equals: datasetId } },
      depth: 0,
      overrideAccess: true,
    })
    const idOf = (uniqueId: string) => before.docs.find((doc) => doc.uniqueId === uniqueId)!.id
    server.csv = SECOND
    const run = await tick()
    expect(run.status, String(run.error)).toBe('completed')
    expect(run.counts).toMatchObject({ added: 1, updated: 1, unchanged: 1, gone: 1, removed: 1 })
    expect(run.summary).toBe('1 added, 1 updated, 1 unchanged, 1 gone from the source (marked removed)')
    const [change] = run.changes as Array<{
      eventId: number
      fields: Array<{ field: string; before: Json; after: Json }>
    }>
    expect(change!.eventId).toBe(idOf('id:a'))
    expect(change!.fields).toEqual([
      { field: 'title', before: 'March in Lyon', after: 'March in Lyon (updated)' },
      { field: 'data.crowd', before: 1200, after: 1500 },
    ])
    expect((run.goneEvents as { events: Array<{ eventId: number }> }).events.map((event) => event.eventId)).toEqual([
      idOf('id:b'),
    ])

    const updated = await payload.findByID({ collection: 'events', id: idOf('id:a'), depth: 0, overrideAccess: true })
    expect(updated.title).toBe('March in Lyon (updated)')
    const gone = await payload.findByID({ collection: 'events', id: idOf('id:b'), depth: 0, overrideAccess: true })
    expect(gone.removedAt).toBeTruthy()
    // Hidden from the read API, still in the admin's REST collection.
    const listed = await owner.get(`/events/list?datasets=${datasetId}&limit=100`)
    expect(listed.status).toBe(200)
    expect((listed.body.events as Array<{ title: string }>).map((event) => event.title).sort()).toEqual([
      'March in Lyon (updated)',
      'Sit-in in Paris',
      'Strike in Lille',
    ])
    const admin = await owner.get(`/events/${idOf('id:b')}`)
    expect(admin.status).toBe(200)
  })

  it('brings a removed event back when the source has its row again', async () => {
    server.csv = FIRST
    const run = await tick()
    expect(run.status).toBe('completed')
    expect(run.counts).toMatchObject({ restored: 1, gone: 1 })
  })

  it('treats a body identical to the last run as unchanged, without an ETag', async () => {
    server.sendEtag = false
    const run = await tick()
    expect(run.status).toBe('unchanged')
    expect(run.summary).toMatch(/same \d+ bytes/)
    server.sendEtag = true
  })
})

describe('runs started from outside', () => {
  it('start once per trigger URL call, never twice at a time, and only with the right token', async () => {
    const rotated = await owner.post(`/scheduled-imports/${scheduleId}/trigger-url`, {})
    expect(rotated.status).toBe(201)
    const url = new URL(rotated.body.triggerUrl as string)
    const path = url.pathname.replace(/^\/api/, '')
    // The token is kept only as a hash: no answer of the collection shows it.
    const shown = await owner.get(`/scheduled-imports/${scheduleId}`)
    expect(JSON.stringify(shown.body)).not.toContain(path.split('/').at(-1)!)
    expect(shown.body.triggerTokenHash).toBeUndefined()

    const first = await anonymous.post(path, {})
    expect(first.status).toBe(202)
    expect(first.body).toMatchObject({ started: true, run: { trigger: 'webhook' } })
    const second = await anonymous.post(path, {})
    expect(second.status).toBe(202)
    expect(second.body).toMatchObject({ started: false, run: { id: first.body.run.id } })
    expect((await anonymous.post(`${path}x`, {})).status).toBe(404)
    expect(
      (await anonymous.post(`/scheduled-imports/${scheduleId + 1000}/trigger/${path.split('/').at(-1)}`, {})).status,
    ).toBe(404)
    await runImports()

    const again = await owner.post(`/scheduled-imports/${scheduleId}/trigger-url`, {})
    expect((await anonymous.post(path, {})).status).toBe(404)
    expect(again.body.triggerUrl).not.toBe(rotated.body.triggerUrl)
  })

  it('are rate limited per schedule', async () => {
    const rotated = await owner.post(`/scheduled-imports/${scheduleId}/trigger-url`, {})
    const path = new URL(rotated.body.triggerUrl as string).pathname.replace(/^\/api/, '')
    const statuses: number[] = []
    for (let call = 0; call < 12; call++) statuses.push((await anonymous.post(path, {})).status)
    expect(statuses).toContain(429)
    await runImports()
  })

  it('answer the owner with the run history, and nobody else', async () => {
    const history = await owner.get(`/scheduled-imports/${scheduleId}/runs?limit=3`)
    expect(history.status).toBe(200)
    expect(history.body.docs).toHaveLength(3)
    expect(history.body.totalDocs).toBeGreaterThanOrEqual(6)
    expect((await stranger.get(`/scheduled-imports/${scheduleId}/runs`)).status).toBe(404)
    expect((await anonymous.get(`/scheduled-imports/${scheduleId}/runs`)).status).toBe(401)
    expect((await stranger.get(`/scheduled-imports/${scheduleId}`)).status).toBe(404)
    expect((await stranger.post(`/scheduled-imports/${scheduleId}/run`, {})).status).toBe(404)
    expect((await owner.get(`/scheduled-imports/${scheduleId}/runs?limit=1000`)).status).toBe(400)
    // Runs are written by the scheduler only.
    expect((await owner.post('/scheduled-imports-runs', { scheduledImport: scheduleId })).status).toBe(404)
    expect(
      (
        await owner.post('/scheduled-import-runs', {
          scheduledImport: scheduleId,
          trigger: 'manual',
          status: 'completed',
        })
      ).status,
    ).toBe(403)
    const runId = (await runs())[0]!.id
    expect((await owner.patch(`/scheduled-import-runs/${runId}`, { status: 'failed' })).status).toBe(403)
    expect((await owner.delete(`/scheduled-import-runs/${runId}`)).status).toBe(403)
  })
})

describe('API keys on a schedule', () => {
  it('read the history with `read`, and need `import` to start runs or make trigger URLs', async () => {
    const keyOf = async (scopes: string[]) => {
      const created = await owner.post('/api-keys', { name: `Schedules ${scopes.join('+')}`, scopes })
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      return new ApiClient(undefined, { authorization: `Bearer ${String(created.body.doc.key)}` })
    }
    const reader = await keyOf(['read'])
    const importer = await keyOf(['import'])
    expect((await reader.get(`/scheduled-imports/${scheduleId}/runs`)).status).toBe(200)
    // A key's first use from an address is in the audit log, as is the schedule's creation.
    const audited = async (action: string, collection: string) =>
      (
        await (
          await testPayload()
        ).find({
          collection: 'audit-log',
          where: { and: [{ action: { equals: action } }, { targetCollection: { equals: collection } }] },
          depth: 0,
          overrideAccess: true,
        })
      ).docs
    expect((await audited('api-key.new-address', 'api-keys')).length).toBeGreaterThanOrEqual(1)
    const created = await audited('scheduled-import.created', 'scheduled-imports')
    expect(created.map((entry) => String(entry.targetId))).toContain(String(scheduleId))
    expect((await reader.get(`/scheduled-imports/${scheduleId}`)).status).toBe(200)
    const refused = await reader.post(`/scheduled-imports/${scheduleId}/run`, {})
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('insufficient-scope')
    expect((await reader.post(`/scheduled-imports/${scheduleId}/trigger-url`, {})).status).toBe(403)
    expect((await reader.patch(`/scheduled-imports/${scheduleId}`, { name: 'Renamed by a read key' })).status).toBe(403)
    const started = await importer.post(`/scheduled-imports/${scheduleId}/run`, {})
    expect(started.status).toBe(202)
    await runImports()
  })
})

describe('what a schedule refuses', () => {
  it('names the field and the reason', async () => {
    const privateAddress = await createSchedule(owner, { url: 'http://10.0.0.5/data.csv' })
    expect(privateAddress.status).toBe(400)
    expect(JSON.stringify(privateAddress.body)).toMatch(/private network address/)
    const tooOften = await createSchedule(owner, {
      url: `${server.origin}/data.csv`,
      schedule: { frequency: 'every', intervalMinutes: 1, timeZone: 'UTC' },
    })
    expect(tooOften.status).toBe(400)
    expect(JSON.stringify(tooOften.body)).toMatch(/schedule\.intervalMinutes/)
    const badZone = await createSchedule(owner, {
      url: `${server.origin}/data.csv`,
      schedule: { frequency: 'daily', time: '06:00', timeZone: 'Mars/Olympus' },
    })
    expect(badZone.status).toBe(400)
    expect(JSON.stringify(badZone.body)).toMatch(/schedule\.timeZone/)
    const othersCatalog = await createSchedule(stranger, { url: `${server.origin}/data.csv` })
    expect(othersCatalog.status).toBe(400)
    expect(JSON.stringify(othersCatalog.body)).toMatch(/catalog/)
  })
})

describe('failed runs', () => {
  async function failingSchedule(path: string, fields: Record<string, unknown> = {}): Promise<number> {
    const created = await createSchedule(owner, { name: `Failing ${path}`, url: `${server.origin}${path}`, ...fields })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    return Number(created.body.doc.id)
  }

  it.each([
    ['/error-page.csv', /web page, not data.*Sign in to continue/i],
    ['/to-private.csv', /127\.0\.0\.2.*loopback/],
    ['/huge.csv', /larger than|too large|1 MB|limit/i],
    ['/trickle.csv', /stalled|timed out|took longer|seconds/i],
    ['/fails.csv', /503/],
  ])('%s fails the run with a reason, never imports it', async (path, reason) => {
    const id = await failingSchedule(path)
    const run = await tick(id)
    expect(run.status).toBe('failed')
    expect(String(run.error)).toMatch(reason)
    expect(run.importFile ?? null).toBeNull()
    const schedule = await scheduleDoc(id)
    expect(schedule.state).toMatchObject({ consecutiveFailures: 1, lastOutcome: 'failed' })
    expect(schedule.enabled).toBe(true)
    // Off again, so later ticks of the test's clock leave it alone.
    expect((await owner.patch(`/scheduled-imports/${id}`, { enabled: false })).status).toBe(200)
  })

  it('retries with backoff, pauses after five failures in a row, and the health check warns', async () => {
    // Daily, so that the next regular run never comes before a retry.
    const id = await failingSchedule('/fails.csv', {
      schedule: { frequency: 'daily', time: '06:00', timeZone: 'UTC' },
    })
    const hook = await owner.post('/webhooks', {
      name: 'Tell me when a schedule pauses',
      url: `${server.origin}/hook`,
      events: ['schedule.paused'],
    })
    expect(hook.status, JSON.stringify(hook.body)).toBe(201)
    const delays: number[] = []
    for (let attempt = 1; attempt <= 5; attempt++) {
      const run = await tick(id)
      expect(run.status).toBe('failed')
      expect(run.trigger).toBe(attempt === 1 ? 'schedule' : 'retry')
      const state = (await scheduleDoc(id)).state!
      if (state.nextRunAt) delays.push(new Date(state.nextRunAt).getTime() - new Date(String(run.startedAt)).getTime())
    }
    expect(delays.map((delay) => delay / 60_000)).toEqual([...RETRY_DELAYS_MINUTES])
    const paused = await scheduleDoc(id)
    expect(paused.enabled).toBe(false)
    expect(paused.state?.pausedReason).toMatch(/5 failed runs in a row.*503/)
    const runsWhenPaused = (await runs(id)).length
    await startDueScheduledImports(await testPayload(), later(24 * 60))
    await runImports()
    expect((await runs(id)).length).toBe(runsWhenPaused)
    const health = await anonymous.get('/health')
    expect(health.body.scheduledImports).toMatchObject({ status: 'warning' })
    expect(health.body.scheduledImports.pausedIds).toContain(id)
    expect(JSON.stringify(health.body)).not.toContain('Failing')
    // The owner's webhook is told, with the reason.
    const { docs: deliveries } = await (
      await testPayload()
    ).find({
      collection: 'webhook-deliveries',
      where: { webhook: { equals: hook.body.doc.id } },
      depth: 0,
      overrideAccess: true,
    })
    // Other files' schedules of the same owner may pause on this clock too: this one's delivery.
    const ours = deliveries.filter(
      (delivery) => (delivery.payload as { data: { scheduledImportId?: number } }).data.scheduledImportId === id,
    )
    expect(ours).toHaveLength(1)
    expect(ours[0]!.event).toBe('schedule.paused')
    expect((ours[0]!.payload as { data: Record<string, Json> }).data).toMatchObject({
      scheduledImportId: id,
      failures: 5,
      reason: expect.stringMatching(/503/),
    })
    await owner.delete(`/webhooks/${hook.body.doc.id}`)

    // Turning it on again clears the failures and plans the next run.
    const resumed = await owner.patch(`/scheduled-imports/${id}`, { enabled: true })
    expect(resumed.status).toBe(200)
    const again = await scheduleDoc(id)
    expect(again.state).toMatchObject({ consecutiveFailures: 0, pausedReason: null })
    expect(again.state?.nextRunAt).toBeTruthy()
    await owner.patch(`/scheduled-imports/${id}`, { enabled: false })
  })
})

describe('run now', () => {
  it('starts one run for the owner and returns the run in progress when asked twice', async () => {
    const payload = await testPayload()
    const first = await startScheduledRun(payload, scheduleId, 'manual', clock)
    const second = await owner.post(`/scheduled-imports/${scheduleId}/run`, {})
    expect(second.status).toBe(202)
    expect(second.body).toMatchObject({ started: false, run: { id: first.run.id } })
    await runImports()
    const latest = (await runs())[0]!
    expect(latest.id).toBe(first.run.id)
    expect(['unchanged', 'completed']).toContain(latest.status)
  })
})

describe('a breaking schema change', () => {
  // The "crowd" column goes: events would lose a field, so an editor must approve the new schema.
  const WITHOUT_CROWD = `id,title,date,lat,lon
a,March in Lyon,2024-03-04,45.76,4.84
c,Sit-in in Paris,2024-04-05,48.85,2.35
`

  it('holds the run until an editor approves it, and the schedule waits with it', async () => {
    const payload = await testPayload()
    const source = await startSourceServer(FIRST)
    try {
      const created = await createSchedule(owner, { name: 'Crowds feed', url: `${source.origin}/data.csv` })
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      const id = Number(created.body.doc.id)
      const first = await tick(id)
      expect(first.status, String(first.error)).toBe('completed')

      source.csv = WITHOUT_CROWD
      const waiting = await tick(id)
      expect(waiting.status).toBe('awaiting-approval')
      expect((await scheduleDoc(id)).state?.activeRun).toBe(waiting.id)

      // Due again on the clock, asked to run now, triggered: every way answers the waiting run.
      later(120)
      await startDueScheduledImports(payload, clock)
      await runImports()
      const now = await owner.post(`/scheduled-imports/${id}/run`, {})
      expect(now.body).toMatchObject({ started: false, run: { id: waiting.id } })
      expect((await runs(id)).map((run) => run.id)).toEqual([waiting.id, expect.any(Number)])
      const events = await payload.find({
        collection: 'events',
        where: { dataset: { equals: Number((await scheduleDoc(id)).dataset) } },
        depth: 0,
        overrideAccess: true,
      })
      expect(events.docs.every((event) => (event.data as Record<string, Json>).crowd !== undefined)).toBe(true)

      const editor = await ApiClient.as('editor')
      const approved = await editor.post(`/import/${Number(waiting.importFile)}/approve`, { reason: 'crowd dropped' })
      expect(approved.status, JSON.stringify(approved.body)).toBe(200)
      await runImports()
      const finished = (await runs(id))[0]!
      expect(finished.id).toBe(waiting.id)
      expect(finished.status).toBe('completed')
      expect(finished.counts).toMatchObject({ updated: 2, gone: 1 })
      const schedule = await scheduleDoc(id)
      expect(schedule.state).toMatchObject({ activeRun: null, lastOutcome: 'completed' })
    } finally {
      await source.close()
    }
  })
})

describe('daylight-saving changes on the scheduler’s clock', () => {
  /** Ticks every 30 minutes from `from` to `to` and returns when runs of the schedule started. */
  async function runStarts(id: number, from: string, to: string): Promise<string[]> {
    const payload = await testPayload()
    const seen = new Set((await runs(id)).map((run) => run.id))
    for (clock = new Date(from); clock < new Date(to); clock = new Date(clock.getTime() + 30 * 60_000)) {
      await startDueScheduledImports(payload, clock)
      await runImports()
    }
    return (await runs(id))
      .filter((run) => !seen.has(run.id))
      .map((run) => String(run.startedAt))
      .sort()
  }

  it('runs a daily 02:30 Berlin schedule once a day across both changes, never skipped or doubled', async () => {
    await owner.patch(`/scheduled-imports/${scheduleId}`, { enabled: false })
    const created = await createSchedule(owner, {
      name: 'Berlin mornings',
      url: `${server.origin}/data.csv`,
      schedule: { frequency: 'daily', time: '02:30', timeZone: 'Europe/Berlin' },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = Number(created.body.doc.id)
    // The first tick runs what has been due since the schedule was made; then one run per day.
    const spring = await runStarts(id, '2030-03-29T12:00:00Z', '2030-04-01T12:00:00Z')
    expect(spring).toEqual([
      '2030-03-29T12:00:00.000Z',
      '2030-03-30T01:30:00.000Z', // 02:30 CET
      '2030-03-31T01:00:00.000Z', // 02:30 does not exist: 03:00 CEST, right after the gap
      '2030-04-01T00:30:00.000Z', // 02:30 CEST
    ])
    const autumn = await runStarts(id, '2030-10-26T12:00:00Z', '2030-10-28T12:00:00Z')
    expect(autumn).toEqual([
      '2030-10-26T12:00:00.000Z',
      '2030-10-27T00:30:00.000Z', // 02:30 CEST, the first of the two 02:30s
      '2030-10-28T01:30:00.000Z', // 02:30 CET
    ])
  })
})
