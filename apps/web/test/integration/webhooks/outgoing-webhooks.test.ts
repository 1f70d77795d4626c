/**
 * Outgoing webhooks against local receivers (issue 28, point 6): signed deliveries, retries after
 * a 500, refusals of private addresses at once, "send again", the events of a finished import, and
 * who may see and touch webhooks and their delivery log on every path.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { JOB_QUEUES, JOB_TYPES } from '../../../src/constants/job-types'
import { verifyWebhookSignature } from '../../../src/lib/webhooks/webhook-signature'
import { attemptWebhookDelivery } from '../../../src/lib/webhooks/attempt-delivery'
import { queueWebhookEvent } from '../../../src/lib/webhooks/queue-webhook-event'
import { anonymous, ApiClient, testPayload } from '../../helpers/api-client'
import { createCatalog, demoUserId } from '../../helpers/demo-users'
import { importFile, runImports, uploadFile } from '../../helpers/imports'
import type { Json } from '../../helpers/json'

interface Received {
  readonly headers: IncomingHttpHeaders
  readonly body: string
  /** The receiver's own verdict on the signature, with the secret it knew then. */
  readonly verified: boolean
}

/** A receiver on 127.0.0.1 (allow-listed in the tests) that verifies signatures and answers as told. */
class Receiver {
  readonly received: Received[] = []
  /** The statuses to answer, in order; 200 once used up. */
  answers: number[] = []
  secret = ''
  private server!: Server

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8')
        const header = request.headers['x-chronotope-signature'] as string | undefined
        const verified = verifyWebhookSignature(this.secret, header, body).valid
        this.received.push({ headers: request.headers, body, verified })
        const status = this.answers.shift() ?? 200
        response.writeHead(verified ? status : 401, { 'content-type': 'text/plain' })
        response.end(status >= 500 ? `boom ${'x'.repeat(5000)}` : 'ok')
      })
    })
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    return this
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()))
  }
}

/** A server on 127.0.0.1 that redirects every request to a loopback address that is not allow-listed. */
async function redirectingServer(target: string): Promise<Server> {
  const server = createServer((_request, response) => {
    response.writeHead(307, { location: target })
    response.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

let owner: ApiClient
let stranger: ApiClient
let admin: ApiClient
let ownerId: number
let receiver: Receiver
let redirector: Server

async function runWebhookJobs(): Promise<void> {
  const payload = await testPayload()
  await payload.jobs.run({ queue: JOB_QUEUES.WEBHOOKS, limit: 50 })
}

/** Moves every waiting delivery job to now, as if its backoff had passed. */
async function advanceClockToNextAttempts(): Promise<number> {
  const payload = await testPayload()
  const { docs } = await payload.update({
    collection: 'payload-jobs',
    where: {
      and: [{ taskSlug: { equals: JOB_TYPES.DELIVER_WEBHOOK } }, { completedAt: { exists: false } }],
    },
    data: { waitUntil: new Date(Date.now() - 1000).toISOString() },
    overrideAccess: true,
  })
  return docs.length
}

async function delivery(id: number): Promise<Record<string, Json>> {
  const payload = await testPayload()
  const doc: Record<string, Json> = await payload.findByID({
    collection: 'webhook-deliveries',
    id,
    depth: 0,
    overrideAccess: true,
  })
  return doc
}

async function createWebhook(client: ApiClient, url: string, events: string[], name = 'Receiver') {
  const created = await client.post('/webhooks', { name, url, events })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body.doc as { id: number; secret: string }
}

beforeAll(async () => {
  const payload = await testPayload()
  owner = await ApiClient.as('user')
  admin = await ApiClient.as('admin')
  ownerId = await demoUserId('user')
  const other = await payload.create({
    collection: 'users',
    data: { email: 'webhooks-stranger@example.org', password: 'stranger-password-1', role: 'user' },
    overrideAccess: true,
  })
  stranger = await ApiClient.signIn(String(other.email), 'stranger-password-1')
  receiver = await new Receiver().start()
  const hidden = new URL(receiver.url)
  hidden.hostname = '127.0.0.2'
  redirector = await redirectingServer(hidden.href)
})

afterAll(async () => {
  await receiver?.stop()
  await new Promise((resolve) => redirector?.close(resolve))
})

describe('a webhook’s URL when saved', () => {
  it.each([
    ['http://127.0.0.2:9/hook', '127.0.0.2 is a loopback address'],
    ['http://10.1.2.3/hook', '10.1.2.3 is a private network address'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local'],
    ['http://localhost:8080/', 'a name for this machine'],
    ['ftp://example.org/hook', 'only http and https'],
  ])('refuses %s with a 400 naming why and the setting', async (url, reason) => {
    const created = await owner.post('/webhooks', { name: 'Bad', url, events: ['import.completed'] })
    expect(created.status).toBe(400)
    const message = JSON.stringify(created.body)
    expect(message).toContain(reason)
    expect(message).toContain('CHRONOTOPE_WEBHOOK_ALLOWED_HOSTS')
  })

  it('refuses unknown events, naming the field', async () => {
    const created = await owner.post('/webhooks', { name: 'Bad', url: receiver.url, events: ['import.exploded'] })
    expect(created.status).toBe(400)
    expect(JSON.stringify(created.body)).toContain('events')
  })
})

describe('a delivery that fails once', () => {
  it('is signed, retried after a 500 with backoff, then delivered; the log shows codes and attempts', async () => {
    const webhook = await createWebhook(owner, receiver.url, ['schedule.paused'])
    expect(webhook.secret).toMatch(/^whsec_/)
    receiver.secret = webhook.secret
    receiver.answers = [500]
    const payload = await testPayload()
    const data = { scheduledImportId: 7, name: 'Daily sheet', reason: 'HTTP 500', failures: 5, datasetId: 3 }
    const [deliveryId] = await queueWebhookEvent(payload, { event: 'schedule.paused', ownerId, data })
    expect(deliveryId).toBeDefined()
    const startedAt = Date.now()

    await runWebhookJobs()
    expect(receiver.received).toHaveLength(1)
    const first = receiver.received[0]!
    expect(first.verified).toBe(true)
    expect(first.headers['x-chronotope-event']).toBe('schedule.paused')
    expect(first.headers['x-chronotope-delivery']).toBe(String(deliveryId))
    expect(first.headers['user-agent']).toBe('Chronotope-Webhooks')
    expect(first.headers['content-type']).toBe('application/json')
    const body = JSON.parse(first.body) as Record<string, Json>
    expect(Object.keys(body)).toEqual(['id', 'event', 'createdAt', 'data'])
    expect(body).toMatchObject({ event: 'schedule.paused', data })
    let log = await delivery(deliveryId!)
    expect(log).toMatchObject({ status: 'retrying', attempts: 1, lastResponseCode: 500 })
    expect(String(log.lastError)).toContain('500')
    expect(String(log.responseExcerpt).length).toBeLessThanOrEqual(500)
    const wait = new Date(String(log.nextAttemptAt)).getTime() - startedAt
    expect(wait).toBeGreaterThan(50_000)
    expect(wait).toBeLessThan(70_000)

    // Not before its time…
    await runWebhookJobs()
    expect(receiver.received).toHaveLength(1)
    // …then, a minute later on the jobs' clock, delivered.
    expect(await advanceClockToNextAttempts()).toBeGreaterThanOrEqual(1)
    await runWebhookJobs()
    expect(receiver.received).toHaveLength(2)
    expect(receiver.received[1]!.verified).toBe(true)
    expect(receiver.received[1]!.body).toBe(first.body)
    log = await delivery(deliveryId!)
    expect(log).toMatchObject({ status: 'delivered', attempts: 2, lastResponseCode: 200, lastError: null })
    expect(log.deliveredAt).toBeTruthy()
    expect(log.nextAttemptAt).toBeNull()

    const seen = await owner.get(`/webhook-deliveries?where[webhook][equals]=${webhook.id}`)
    expect(seen.body.docs).toHaveLength(1)
    expect(seen.body.docs[0]).toMatchObject({ status: 'delivered', attempts: 2, lastResponseCode: 200 })
    await owner.delete(`/webhooks/${webhook.id}`)
  })
})

describe('a receiver that keeps failing', () => {
  it('is retried on the backoff schedule, then given up 24 hours after the event', async () => {
    const webhook = await createWebhook(owner, receiver.url, ['schedule.paused'])
    receiver.secret = webhook.secret
    receiver.answers = [503, 503, 503]
    const payload = await testPayload()
    const data = { scheduledImportId: 11, name: 'Down', reason: 'x', failures: 5, datasetId: null }
    const [deliveryId] = await queueWebhookEvent(payload, { event: 'schedule.paused', ownerId, data })
    const first = await attemptWebhookDelivery(payload, deliveryId!)
    expect(first.status).toBe('retrying')
    expect(first.nextAttemptAt!.getTime() - Date.now()).toBeGreaterThan(50_000)
    const second = await attemptWebhookDelivery(payload, deliveryId!)
    expect(second.nextAttemptAt!.getTime() - Date.now()).toBeGreaterThan(290_000)
    // The event's clock, moved by hand: it happened 23 h 58 min ago, so a third wait of 30 minutes
    // would end after the 24 hours.
    await payload.db.updateOne({
      collection: 'webhook-deliveries',
      id: deliveryId!,
      data: { createdAt: new Date(Date.now() - (24 * 60 - 2) * 60_000).toISOString() },
    })
    expect((await attemptWebhookDelivery(payload, deliveryId!)).status).toBe('failed')
    expect(receiver.received.slice(-3).every((received) => received.verified)).toBe(true)
    const log = await delivery(deliveryId!)
    expect(log).toMatchObject({ status: 'failed', attempts: 3, lastResponseCode: 503, nextAttemptAt: null })
    expect(String(log.lastError)).toContain('gave up 24 hours after the event')
    // A settled delivery is never sent again by a late job.
    const sent = receiver.received.length
    expect(await attemptWebhookDelivery(payload, deliveryId!)).toEqual({ status: 'skipped' })
    await runWebhookJobs() // the delivery's own queued job, which finds it settled
    expect(receiver.received.length).toBe(sent)
    await owner.delete(`/webhooks/${webhook.id}`)
  })
})

describe('a receiver at a refused address', () => {
  it('fails at once with the reason when a redirect leads to it, and is not retried', async () => {
    const port = (redirector.address() as AddressInfo).port
    const webhook = await createWebhook(owner, `http://127.0.0.1:${port}/hook`, ['schedule.paused'])
    const payload = await testPayload()
    const data = { scheduledImportId: 8, name: 'Hourly', reason: 'timeout', failures: 5, datasetId: null }
    const [deliveryId] = await queueWebhookEvent(payload, { event: 'schedule.paused', ownerId, data })
    const before = receiver.received.length
    await runWebhookJobs()
    const log = await delivery(deliveryId!)
    expect(log).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null })
    expect(String(log.lastError)).toContain('127.0.0.2 is a loopback address')
    expect(await advanceClockToNextAttempts()).toBe(0)
    expect(receiver.received.length).toBe(before)
    await owner.delete(`/webhooks/${webhook.id}`)
  })

  it('fails at once when the URL itself is refused at delivery (the allow-list changed since it was saved)', async () => {
    const webhook = await createWebhook(owner, receiver.url, ['schedule.paused'])
    const payload = await testPayload()
    const refused = receiver.url.replace('127.0.0.1', '127.0.0.2')
    await payload.db.updateOne({ collection: 'webhooks', id: webhook.id, data: { url: refused } })
    const data = { scheduledImportId: 9, name: 'Weekly', reason: 'HTML page', failures: 5, datasetId: null }
    const [deliveryId] = await queueWebhookEvent(payload, { event: 'schedule.paused', ownerId, data })
    await runWebhookJobs()
    const log = await delivery(deliveryId!)
    expect(log).toMatchObject({ status: 'failed', attempts: 1 })
    expect(String(log.lastError)).toContain('127.0.0.2 is a loopback address')
    await owner.delete(`/webhooks/${webhook.id}`)
  })
})

describe('who sees and touches webhooks and deliveries', () => {
  let webhookId: number
  let deliveryId: number

  beforeAll(async () => {
    const webhook = await createWebhook(owner, receiver.url, ['schedule.paused'], 'Private receiver')
    webhookId = webhook.id
    receiver.secret = webhook.secret
    const payload = await testPayload()
    const data = { scheduledImportId: 10, name: 'Mine', reason: 'x', failures: 5, datasetId: null }
    ;[deliveryId] = (await queueWebhookEvent(payload, { event: 'schedule.paused', ownerId, data })) as [number]
    await runWebhookJobs()
  })

  it('hides another user’s webhooks and deliveries on REST', async () => {
    expect((await stranger.get(`/webhooks/${webhookId}`)).status).toBe(404)
    expect((await stranger.get('/webhooks')).body.docs).toEqual([])
    expect((await stranger.get(`/webhook-deliveries/${deliveryId}`)).status).toBe(404)
    expect((await stranger.get('/webhook-deliveries')).body.docs).toEqual([])
    expect((await stranger.patch(`/webhooks/${webhookId}`, { url: 'https://attacker.example/' })).status).toBe(403)
    expect((await stranger.delete(`/webhooks/${webhookId}`)).status).toBe(403)
    expect((await anonymous.get('/webhooks')).status).toBe(403)
    expect((await anonymous.get('/webhook-deliveries')).status).toBe(403)
    const mine = await owner.get(`/webhooks/${webhookId}`)
    expect(mine.status).toBe(200)
    expect(mine.body.url).toBe(receiver.url)
    expect(mine.body.secret).toBe(receiver.secret)
    expect((await admin.get(`/webhooks/${webhookId}`)).status).toBe(200)
  })

  it('hides them on GraphQL', async () => {
    const query = `{ Webhooks { docs { id url secret } } WebhookDeliveries { docs { id payload } } }`
    const seen = await stranger.graphql<{ Webhooks: { docs: Json[] }; WebhookDeliveries: { docs: Json[] } }>(query)
    expect(seen.body.data?.Webhooks.docs).toEqual([])
    expect(seen.body.data?.WebhookDeliveries.docs).toEqual([])
    const one = await stranger.graphql(`{ Webhook(id: ${webhookId}) { id secret } }`)
    expect(JSON.stringify(one.body)).not.toContain(receiver.secret)
    const anonymousSeen = await anonymous.graphql(`{ Webhooks { docs { id secret } } }`)
    expect(JSON.stringify(anonymousSeen.body)).not.toContain(receiver.secret)
    const mine = await owner.graphql<{ Webhooks: { docs: Array<{ id: number }> } }>(query)
    expect(mine.body.data?.Webhooks.docs.map((doc) => doc.id)).toContain(webhookId)
  })

  it('lets nobody lock another user’s webhook', async () => {
    const lock = await stranger.post('/payload-locked-documents', {
      document: { relationTo: 'webhooks', value: webhookId },
    })
    expect(lock.status).toBe(403)
  })

  it('keeps the secret server-made: a caller cannot set it, only rotate it', async () => {
    const patched = await owner.patch(`/webhooks/${webhookId}`, { secret: 'whsec_mine', name: 'Renamed' })
    expect(patched.status).toBe(200)
    expect(patched.body.doc.secret).toBe(receiver.secret)
    const payload = await testPayload()
    const stored = await payload.db.findOne<{ id: number; secret: string }>({
      collection: 'webhooks',
      where: { id: { equals: webhookId } },
    })
    expect(stored?.secret).toMatch(/^enc:v1:/)
    expect((await stranger.post(`/webhooks/${webhookId}/rotate-secret`, {})).status).toBe(404)
    expect((await anonymous.post(`/webhooks/${webhookId}/rotate-secret`, {})).status).toBe(401)
    const rotated = await owner.post(`/webhooks/${webhookId}/rotate-secret`, {})
    expect(rotated.status).toBe(200)
    expect(rotated.body.secret).toMatch(/^whsec_/)
    expect(rotated.body.secret).not.toBe(receiver.secret)
    expect((await owner.get(`/webhooks/${webhookId}`)).body.secret).toBe(rotated.body.secret)
    receiver.secret = rotated.body.secret
  })

  it('refuses to create, edit or delete deliveries through REST and GraphQL, for everyone', async () => {
    for (const client of [owner, admin, stranger]) {
      expect((await client.post('/webhook-deliveries', { event: 'import.failed', payload: {} })).status).toBe(403)
      expect((await client.patch(`/webhook-deliveries/${deliveryId}`, { status: 'delivered' })).status).toBe(403)
      expect((await client.delete(`/webhook-deliveries/${deliveryId}`)).status).toBe(403)
    }
    const mutation = await admin.graphql(`mutation { deleteWebhookDelivery(id: ${deliveryId}) { id } }`)
    expect(mutation.body.errors?.length).toBeGreaterThan(0)
    const update = await owner.graphql(
      `mutation { updateWebhookDelivery(id: ${deliveryId}, data: { attempts: 0 }) { id } }`,
    )
    expect(update.body.errors?.length).toBeGreaterThan(0)
    expect(await delivery(deliveryId)).toMatchObject({ status: 'delivered', attempts: 1 })
  })

  it('sends again for the owner and admins, with a new timestamp; 404 for others, 401 anonymous', async () => {
    expect((await stranger.post(`/webhook-deliveries/${deliveryId}/redeliver`, {})).status).toBe(404)
    expect((await anonymous.post(`/webhook-deliveries/${deliveryId}/redeliver`, {})).status).toBe(401)
    expect((await owner.post('/webhook-deliveries/abc/redeliver', {})).status).toBe(404)
    const before = receiver.received.length
    const again = await owner.post(`/webhook-deliveries/${deliveryId}/redeliver`, {})
    expect(again.status).toBe(202)
    const newId = again.body.delivery.id as number
    expect(newId).not.toBe(deliveryId)
    await new Promise((resolve) => setTimeout(resolve, 1100))
    await runWebhookJobs()
    expect(receiver.received.length).toBe(before + 1)
    const sent = receiver.received.at(-1)!
    expect(sent.verified).toBe(true)
    expect(sent.headers['x-chronotope-delivery']).toBe(String(newId))
    const original = await delivery(deliveryId)
    expect(JSON.parse(sent.body).id).toBe((original.payload as { id: string }).id)
    const firstSignature = receiver.received.find((r) => r.headers['x-chronotope-delivery'] === String(deliveryId))
    expect(sent.headers['x-chronotope-signature']).not.toBe(firstSignature?.headers['x-chronotope-signature'])
    expect(await delivery(newId)).toMatchObject({ status: 'delivered', attempts: 1, redeliveryOf: deliveryId })
    expect((await admin.post(`/webhook-deliveries/${deliveryId}/redeliver`, {})).status).toBe(202)
    await runWebhookJobs()
  })
})

describe('a finished import', () => {
  it('sends import.completed with its counts and dataset.updated for its dataset', async () => {
    const webhook = await createWebhook(owner, receiver.url, ['import.completed', 'dataset.updated'], 'Imports')
    receiver.secret = webhook.secret
    const catalogId = await createCatalog('Webhook imports')
    const file = 'id,title,date\nw1,One,2024-01-01\nw2,Two,2024-01-02\nw2,Two again,2024-01-02\nw3,,not a date\n'
    const progress = await importFile(
      owner,
      { name: 'webhook-import.csv', bytes: file },
      { catalog: catalogId, datasetName: 'Webhook import' },
    )
    const importId = Number(progress.importId)
    const datasetId = Number(progress.jobs[0].datasetId)
    const payload = await testPayload()
    const job = (
      await payload.find({ collection: 'import-jobs', where: { importFile: { equals: importId } }, depth: 0 })
    ).docs[0] as unknown as { counts: Record<string, number> }
    const before = receiver.received.length
    await runWebhookJobs()
    const sent = receiver.received.slice(before).map((received) => ({
      ...received,
      json: JSON.parse(received.body) as { event: string; data: Record<string, Json> },
    }))
    expect(sent.every((received) => received.verified)).toBe(true)
    const completed = sent.find((received) => received.json.event === 'import.completed')!
    expect(completed).toBeDefined()
    expect(completed.json.data).toMatchObject({
      importId,
      status: 'completed',
      catalogId,
      datasetIds: [datasetId],
      counts: {
        created: job.counts.eventsCreated,
        updated: job.counts.eventsUpdated ?? 0,
        unchanged: job.counts.eventsUnchanged ?? 0,
        skipped: job.counts.duplicatesSkipped ?? 0,
        errors: job.counts.rowErrors ?? 0,
      },
      links: {
        status: `http://localhost:3000/import?importId=${importId}`,
        api: `http://localhost:3000/api/import/${importId}`,
      },
    })
    expect((completed.json.data.counts as { created: number }).created).toBeGreaterThan(0)
    const updated = sent.find((received) => received.json.event === 'dataset.updated')!
    expect(updated.json.data).toMatchObject({
      datasetId,
      datasetName: 'Webhook import',
      importId,
      links: { dataset: `http://localhost:3000/datasets/${datasetId}` },
    })
    // The webhooks subscribed to other events (schedule.paused) get none of these.
    expect(sent.map((received) => received.json.event).sort()).toEqual(['dataset.updated', 'import.completed'])
    await owner.delete(`/webhooks/${webhook.id}`)
    const left = await payload.count({ collection: 'webhook-deliveries', where: { webhook: { equals: webhook.id } } })
    expect(left.totalDocs).toBe(0)
  })

  it('sends import.failed with the reason, and no dataset.updated', async () => {
    const webhook = await createWebhook(owner, receiver.url, ['import.failed', 'dataset.updated'], 'Failures')
    receiver.secret = webhook.secret
    const catalogId = await createCatalog('Webhook failures')
    const upload = await uploadFile(
      owner,
      { name: 'webhook-failure.csv', bytes: 'id,title,date\nf1,One,2024-01-01\n' },
      { catalog: catalogId, mapping: JSON.stringify({ title: 'headline' }) },
    )
    expect(upload.status).toBe(202)
    const importId = Number(upload.body.job.importId)
    await runImports()
    const before = receiver.received.length
    await runWebhookJobs()
    const sent = receiver.received.slice(before).map((received) => JSON.parse(received.body) as Record<string, Json>)
    expect(sent.map((body) => body.event)).toEqual(['import.failed'])
    expect(sent[0]!.data).toMatchObject({ importId, status: 'failed', catalogId })
    expect(String((sent[0]!.data as Record<string, Json>).failureReason)).toContain('"headline"')
    await owner.delete(`/webhooks/${webhook.id}`)
  })
})
