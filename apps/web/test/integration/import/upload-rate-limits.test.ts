import { randomUUID } from 'node:crypto'

import { describe, expect, it, vi } from 'vitest'

import { SOCKET_ADDRESS_HEADER } from '../../../src/lib/http/client-address'
import { ApiClient, testPayload, type ApiResponse } from '../../helpers/api-client'
import { uploadFile } from '../../helpers/imports'

// Small limits to reach, and one trusted proxy network. Set before the app's settings are read.
vi.hoisted(() => {
  process.env.CHRONOTOPE_UPLOAD_RATE_LIMIT_USER = '3/hour'
  process.env.CHRONOTOPE_UPLOAD_RATE_LIMIT_IP = '5/hour'
  process.env.CHRONOTOPE_TRUSTED_PROXIES = '10.0.0.0/8'
})

const CSV = { name: 'small.csv', bytes: 'title,date\nA,2020-01-01\n' }

interface Uploader {
  readonly client: ApiClient
  readonly catalogId: number
}

/** A user of their own, with a catalog, so each test starts with a fresh per-user limit. */
async function freshUser(): Promise<Uploader> {
  const payload = await testPayload()
  const email = `uploader-${randomUUID()}@chronotope.local`
  const user = await payload.create({
    collection: 'users',
    data: { email, password: 'uploader-password', role: 'user' },
  })
  const catalog = await payload.create({
    collection: 'catalogs',
    data: { name: `Uploads of ${email}`, owner: user.id },
  })
  return { client: await ApiClient.signIn(email, 'uploader-password'), catalogId: Number(catalog.id) }
}

let addressCount = 0
/** A client address no other test uses (TEST-NET-2). */
function freshAddress(): string {
  addressCount += 1
  return `198.51.100.${addressCount}`
}

/** Uploads as `client` over a connection from `socket`, with the forwarded header given, if any. */
function upload(uploader: Uploader, socket: string, forwardedFor?: string): Promise<ApiResponse> {
  return uploadFile(
    uploader.client,
    CSV,
    { catalog: uploader.catalogId, autoStart: false },
    { [SOCKET_ADDRESS_HEADER]: socket, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
  )
}

describe('upload rate limits', () => {
  it('give no attempt back when uploads are deleted', async () => {
    const user = await freshUser()
    const socket = freshAddress()
    const ids: number[] = []
    for (let i = 0; i < 3; i++) {
      const accepted = await upload(user, socket)
      expect(accepted.status).toBe(202)
      ids.push(accepted.body.job.importId as number)
    }
    for (const id of ids) expect((await user.client.delete(`/import-files/${id}`)).status).toBe(200)
    const refused = await upload(user, socket)
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ code: 'rate-limited' })
    expect(refused.body.error).toContain('Too many uploads from your account')
    expect(Number(refused.headers?.get('retry-after'))).toBeGreaterThan(3500)
  })

  it('accept exactly one of 10 parallel uploads when one slot is left', async () => {
    const user = await freshUser()
    const socket = freshAddress()
    for (let i = 0; i < 2; i++) expect((await upload(user, socket)).status).toBe(202)
    const results = await Promise.all(Array.from({ length: 10 }, () => upload(user, socket)))
    const statuses = results.map((result) => result.status).sort()
    expect(statuses).toEqual([202, ...Array<number>(9).fill(429)])
  })

  it('count a client by its connection, whatever X-Forwarded-For it sends', async () => {
    const socket = freshAddress()
    const [first, second] = [await freshUser(), await freshUser()]
    const forged = (i: number) => `203.0.113.${100 + i}`
    for (let i = 0; i < 5; i++) {
      expect((await upload(i < 3 ? first : second, socket, forged(i))).status).toBe(202)
    }
    const refused = await upload(second, socket, forged(9))
    expect(refused.status).toBe(429)
    expect(refused.body.error).toContain('Too many uploads from your network address')
    const payload = await testPayload()
    const stored = await payload.find({ collection: 'import-files', where: { uploaderIp: { equals: socket } } })
    expect(stored.totalDocs).toBe(5)
  })

  it('count a client behind a trusted proxy by the hop the proxy added', async () => {
    const proxy = '10.0.0.2'
    const client = '203.0.113.50'
    const users = [await freshUser(), await freshUser()]
    for (let i = 0; i < 5; i++) {
      // What a client puts in the header itself stays left of the hop the proxy appends.
      const forwardedFor = i % 2 === 0 ? client : `192.0.2.${i}, ${client}`
      expect((await upload(users[i < 3 ? 0 : 1]!, proxy, forwardedFor)).status).toBe(202)
    }
    expect((await upload(users[1]!, proxy, `192.0.2.99, ${client}`)).status).toBe(429)
    // Another client behind the same proxy has a limit of its own.
    expect((await upload(await freshUser(), proxy, '203.0.113.51')).status).toBe(202)
    const payload = await testPayload()
    const stored = await payload.find({ collection: 'import-files', where: { uploaderIp: { equals: client } } })
    expect(stored.totalDocs).toBe(5)
  })
})
