import { createServer } from 'node:net'
import type { Server } from 'node:net'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { InvalidPort, PortInUse } from './errors'
import { findFreePort, isPortFree } from './free-port'
import { resolveDataDir } from './open-database'
import { serveBackend, startEmbeddedPostgres } from './server'
import { serverParameters } from './startup'
import { FakeBackend } from './test-helpers/fake-backend'

const parameters = serverParameters({ serverVersion: '18.3', timeZone: 'UTC' })

describe('startEmbeddedPostgres options', () => {
  it.each([{ port: -1 }, { port: 65536 }, { port: 1.5 }, { port: Number.NaN }])(
    'rejects port $port before starting anything',
    async ({ port }) => {
      await expect(startEmbeddedPostgres({ port })).rejects.toThrow(InvalidPort)
      await expect(startEmbeddedPostgres({ port })).rejects.toThrow(
        /port must be an integer from 0 to 65535 \(0 picks a free port\); got/,
      )
    },
  )

  it.each([
    { dataDir: undefined, expected: 'memory://' },
    { dataDir: 'memory://', expected: 'memory://' },
    { dataDir: '/tmp/chronotope-db', expected: '/tmp/chronotope-db' },
    { dataDir: 'idb://chronotope', expected: 'idb://chronotope' },
  ])('resolves dataDir $dataDir to $expected', ({ dataDir, expected }) => {
    expect(resolveDataDir(dataDir)).toBe(expected)
  })

  it('resolves a relative dataDir against the working directory', () => {
    expect(resolveDataDir('data/db')).toBe(`${process.cwd()}/data/db`)
  })
})

describe('serveBackend', () => {
  it('listens on a free port, reports its URL, and stops idempotently', async () => {
    const backend = new FakeBackend()
    const server = await serveBackend(backend, parameters, {})
    expect(server.url).toBe(`postgres://postgres@127.0.0.1:${server.port}/postgres`)
    const client = new pg.Client({ connectionString: server.url })
    await client.connect()
    expect((client as unknown as { processID: number }).processID).toBe(1)
    expect(server.stats()).toMatchObject({ connectedClients: 1, totalServed: 1, lockHolder: null })
    client.on('error', () => undefined)
    await Promise.all([server.stop(), server.stop()])
    expect(backend.closed).toBe(true)
    expect(server.stats()).toMatchObject({ connectedClients: 0, lockHolder: null, waitingClients: 0 })
    expect(await isPortFree(server.port)).toBe(true)
  })

  it('throws PortInUse naming the port when another server has it, and closes the backend', async () => {
    const blocker: Server = createServer()
    const port = await findFreePort()
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve))
    expect(await isPortFree(port)).toBe(false)
    const backend = new FakeBackend()
    await expect(serveBackend(backend, parameters, { port })).rejects.toThrow(new PortInUse(port, '127.0.0.1'))
    expect(backend.closed).toBe(true)
    await new Promise((resolve) => blocker.close(resolve))
  })
})
