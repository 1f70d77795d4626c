/**
 * Behaviour of a client connection against a scripted fake PGlite, for what real PGlite does
 * rarely or fatally: throwing, crashing, and sending a ReadyForQuery too many.
 */
import { Socket } from 'node:net'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import type { EmbeddedPostgres } from './server'
import { serveBackend } from './server'
import { serverParameters } from './startup'
import { FakeBackend } from './test-helpers/fake-backend'
import { startupMessage } from './test-helpers/frontend'

let server: EmbeddedPostgres | undefined
let clients: pg.Client[] = []

async function start(backend: FakeBackend, lockWaitTimeoutMs = 0): Promise<EmbeddedPostgres> {
  server = await serveBackend(backend, serverParameters({ serverVersion: '18.3', timeZone: 'UTC' }), {
    lockWaitTimeoutMs,
  })
  return server
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url })
  client.on('error', () => undefined)
  await client.connect()
  clients.push(client)
  return client
}

afterEach(async () => {
  await Promise.all(clients.map((client) => client.end().catch(() => undefined)))
  clients = []
  await server?.stop()
})

describe('ClientConnection with a fake database', () => {
  it('passes one ReadyForQuery when the database sends two after an error', async () => {
    const { url } = await start(new FakeBackend())
    const client = await connect(url)
    const failing = client.query('bad', [1])
    const next = [client.query('SELECT 1'), client.query('SELECT 2')]
    await expect(failing).rejects.toMatchObject({ code: '42601' })
    const results = await Promise.all(next)
    expect(results.map((result) => [result.command, result.rowCount])).toEqual([
      ['SELECT', 1],
      ['SELECT', 2],
    ])
  })

  it('answers XX000 when the database throws, resets the session and keeps serving', async () => {
    const backend = new FakeBackend()
    const { url } = await start(backend)
    const client = await connect(url)
    await expect(client.query('SELECT boom')).rejects.toMatchObject({
      code: 'XX000',
      message: 'embedded database failed: simulated failure inside PGlite',
    })
    expect(backend.received.slice(-2)).toEqual(['D P_chronotope_abort_unfinished_batch', 'S'])
    expect((await client.query('SELECT 1')).command).toBe('SELECT')
  })

  it('fails every later query at once after PGlite exits, without calling it again', async () => {
    const backend = new FakeBackend()
    const { url } = await start(backend)
    const [first, second] = [await connect(url), await connect(url)]
    await expect(first.query('SELECT crash')).rejects.toMatchObject({ code: 'XX000' })
    const calls = backend.received.length
    await expect(second.query('SELECT 1')).rejects.toThrow(
      /crashed earlier \(Program terminated with exit\(1\)\).*restart the server/,
    )
    await expect(first.query('SELECT 1', [])).rejects.toMatchObject({ code: 'XX000' })
    expect(backend.received.length).toBe(calls)
    await server?.stop()
    expect(backend.closed).toBe(false)
  })

  it('fails a client that waits longer than lockWaitTimeoutMs with 55P03, then serves it', async () => {
    const { url } = await start(new FakeBackend(), 200)
    const [holder, waiter] = [await connect(url), await connect(url)]
    await holder.query('BEGIN')
    // BEGIN cannot share the holder's transaction, so it waits for the lock.
    await expect(waiter.query('BEGIN')).rejects.toMatchObject({
      code: '55P03',
      message: expect.stringMatching(/client #1 still holds/),
    })
    await expect(waiter.query({ name: 'begin', text: 'BEGIN' })).rejects.toMatchObject({ code: '55P03' })
    await holder.query('COMMIT')
    expect((await waiter.query('BEGIN')).command).toBe('BEGIN')
    await waiter.query('COMMIT')
    expect(server?.stats()).toMatchObject({ lockHolder: null, waitingClients: 0 })
  })

  it('rolls back and frees the lock when a client vanishes inside a transaction', async () => {
    const backend = new FakeBackend()
    const { url } = await start(backend)
    const doomed = await connect(url)
    await doomed.query('BEGIN')
    expect(server?.stats().lockHolder).toBe(1)
    ;(doomed as unknown as { connection: { stream: Socket } }).connection.stream.destroy()
    await until(() => server?.stats().lockHolder === null)
    expect(backend.received.slice(-3)).toEqual(['D P_chronotope_abort_unfinished_batch', 'S', 'Q ROLLBACK'])
    expect((await (await connect(url)).query('SELECT 1')).command).toBe('SELECT')
  })

  it('refuses SSL, closes on CancelRequest, and survives garbage and abrupt resets', async () => {
    const { port } = await start(new FakeBackend())
    const raw = async (bytes: Buffer): Promise<Buffer> => {
      const socket = new Socket()
      socket.on('error', () => undefined)
      const received: Buffer[] = []
      socket.on('data', (chunk) => received.push(chunk))
      await new Promise<void>((resolve) => socket.connect(port, '127.0.0.1', resolve))
      socket.write(bytes)
      await new Promise((resolve) => socket.once('close', resolve).setTimeout(500, () => socket.destroy()))
      return Buffer.concat(received)
    }
    expect((await raw(Buffer.from([0, 0, 0, 8, 4, 210, 22, 47]))).toString()).toBe('N')
    expect((await raw(Buffer.from([0, 0, 0, 16, 4, 210, 22, 46, 0, 0, 0, 1, 0, 0, 0, 2]))).length).toBe(0)
    expect((await raw(Buffer.from([0, 0, 0, 3]))).toString()).toContain('08P01')
    const garbage = Buffer.concat([startupMessage({ user: 'x' }), Buffer.from([0x51, 0, 0, 0, 2])])
    expect((await raw(garbage)).toString()).toContain('length 2')
    await until(() => server?.stats().connectedClients === 0)
    expect(server?.stats()).toMatchObject({ lockHolder: null, waitingClients: 0 })
  })
})

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const started = Date.now()
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
