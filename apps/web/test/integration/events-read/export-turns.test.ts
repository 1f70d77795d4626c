import { createServer, request as httpRequest, type ClientRequest, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import config from '@payload-config'
import { REST_GET } from '@payloadcms/next/routes'
import { pipeToNodeResponse } from 'next/dist/server/pipe-readable.js'
import { signalFromNodeResponse } from 'next/dist/server/web/spec-extension/adapters/next-request.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { exportWork } from '../../../src/lib/api/heavy-work-gate'
import { insertEventsBulk } from '../../../src/lib/events/bulk-insert-events'
import { databasePool } from '../../../src/lib/import/progress-tracking'
import { stampSocketAddress } from '../../../src/server/socket-address'
import { testPayload } from '../../helpers/api-client'
import { demoUserId } from '../../helpers/demo-users'
import { eventRow } from '../../helpers/event-rows'

// Fair exports over real sockets, answered as Next answers a route handler: the request's signal
// aborts when its response closes, and the body is piped with Next's own pipeToNodeResponse, which
// leaves the body of a request whose client already left neither read nor cancelled. Clients are
// told apart by the loopback address they connect from, as the production server tells them.

const exportGet = REST_GET(config) as (
  request: Request,
  context: { params: Promise<{ slug: string[] }> },
) => Promise<Response>

/** Events of about 50 KB each: an export of them (20 MB) fills every socket buffer of a client that stops reading. */
const BIG_EVENTS = 400

let server: Server
let port = 0
let big: number
let small: number
const open: ClientRequest[] = []

beforeAll(async () => {
  const payload = await testPayload()
  const owner = await demoUserId('user')
  const name = `Export turns ${Date.now()}`
  const catalog = await payload.create({ collection: 'catalogs', data: { name, owner, isPublic: true } })
  const dataset = async (suffix: string) =>
    Number(
      (
        await payload.create({
          collection: 'datasets',
          data: { name: `${name} ${suffix}`, catalog: catalog.id, owner, isPublic: true },
        })
      ).id,
    )
  big = await dataset('big')
  small = await dataset('small')
  const pool = databasePool(payload)
  await insertEventsBulk(
    pool,
    Array.from({ length: BIG_EVENTS }, (_, index) =>
      eventRow(big, `turns-big-${big}-${index}`, { data: { blob: `${index}`.padEnd(50_000, 'x') } }),
    ),
  )
  await insertEventsBulk(pool, [eventRow(small, `turns-small-${small}`, { title: 'Small' })])

  server = createServer((req, res) => {
    stampSocketAddress(req)
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`)
    const headers = new Headers()
    for (const [header, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(header, value)
    const slug = url.pathname
      .replace(/^\/api\//, '')
      .split('/')
      .filter(Boolean)
    exportGet(new Request(url, { headers, signal: signalFromNodeResponse(res) }), { params: Promise.resolve({ slug }) })
      .then(async (response) => {
        res.statusCode = response.status
        response.headers.forEach((value, header) => res.setHeader(header, value))
        if (response.body) await pipeToNodeResponse(response.body, res)
        else res.end()
      })
      .catch(() => res.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  for (const req of open) req.destroy()
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  await databasePool(await testPayload()).query('delete from events where dataset_id = any($1::int[])', [[big, small]])
})

/** An export asked from loopback address `from`; `response` settles when its headers arrive. */
function exportFrom(from: string, datasetId: number): { req: ClientRequest; response: Promise<IncomingMessage> } {
  const req = httpRequest({
    host: '127.0.0.1',
    port,
    path: `/api/events/export.csv?datasets=${datasetId}`,
    localAddress: from,
    agent: false,
  })
  open.push(req)
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    req.on('response', resolve)
    req.on('error', reject)
  })
  response.catch(() => undefined)
  req.end()
  return { req, response }
}

/** A download whose client read its headers and then stopped reading. */
async function stalledExport(from: string): Promise<ClientRequest> {
  const { req, response } = exportFrom(from, big)
  const res = await response
  expect(res.statusCode).toBe(200)
  res.pause()
  return req
}

const until = async (check: () => boolean) => {
  for (let waited = 0; !check(); waited += 10) {
    if (waited > 10_000) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** How long another client waits for its export to start (its headers come with the first rows). */
async function startDelay(from: string): Promise<{ ms: number; text: string }> {
  const started = performance.now()
  const res = await exportFrom(from, small).response
  const ms = performance.now() - started
  let text = ''
  for await (const chunk of res) text += String(chunk)
  return { ms, text }
}

describe('export turns', () => {
  it('a closed download gives its turn back at once, also one that was still waiting for a turn', async () => {
    // Two clients take both turns and stop reading; two more wait behind them.
    const running = [await stalledExport('127.0.0.2'), await stalledExport('127.0.0.3')]
    const waiting = [exportFrom('127.0.0.4', big), exportFrom('127.0.0.5', big)]
    await until(() => exportWork.load.waiting === 2)
    // Every one of them hangs up: the waiting ones first, then the running ones.
    for (const { req } of waiting) req.destroy()
    await until(() => exportWork.load.waiting === 0)
    for (const req of running) req.destroy()
    const { ms, text } = await startDelay('127.0.0.6')
    expect(text).toContain('Small')
    expect(ms).toBeLessThan(1000)
    await until(() => exportWork.load.running === 0)
  })

  it("one client's stalled and closed downloads hold one turn, and another client's export starts within a second", async () => {
    const stalled = await stalledExport('127.0.0.2')
    // The same client asks again: two exports wait behind its own, a third is refused, and those
    // that wait and are closed give their places back.
    const second = exportFrom('127.0.0.2', big)
    const third = exportFrom('127.0.0.2', big)
    await until(() => exportWork.load.waiting === 2)
    const refused = await exportFrom('127.0.0.2', big).response
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBe('10')
    refused.resume()
    third.req.destroy()
    await until(() => exportWork.load.waiting === 1)
    expect(exportWork.load.running).toBe(1)

    const { ms, text } = await startDelay('127.0.0.7')
    expect(text).toContain('Small')
    expect(ms).toBeLessThan(1000)

    // When the stalled download is closed, the client's waiting export gets the turn.
    stalled.destroy()
    const next = await second.response
    expect(next.statusCode).toBe(200)
    second.req.destroy()
    await until(() => exportWork.load.running === 0 && exportWork.load.waiting === 0)
  })
})
