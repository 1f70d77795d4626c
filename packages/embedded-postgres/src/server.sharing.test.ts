/**
 * Sharing an idle transaction (see shared-transaction.ts) against real PGlite: what Payload needs
 * to avoid waiting forever, and what sharing costs.
 */
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EmbeddedPostgres } from './server'
import { startEmbeddedPostgres } from './server'
import { connectClient } from './test-helpers/pg-client'

let server: EmbeddedPostgres

beforeAll(async () => {
  server = await startEmbeddedPostgres({ postgis: false, shareIdleTransactionAfterMs: 20 })
  const setup = await connect()
  await setup.query('CREATE TABLE shared_rows (k int NOT NULL)')
  await setup.end()
}, 120_000)

afterAll(async () => {
  await server?.stop()
})

function connect(): Promise<pg.Client> {
  return connectClient(server.url)
}

async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const started = Date.now()
  while (!condition()) {
    if (Date.now() - started > timeoutMs)
      throw new Error(`condition not met within ${timeoutMs} ms: ${JSON.stringify(server.stats())}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe('sharing an idle transaction', { timeout: 30_000 }, () => {
  const countShared = async (client: pg.Client, keys: number[]) =>
    (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM shared_rows WHERE k = ANY($1)', [keys])).rows[0]!
      .n

  it('answers a second connection while the first waits for it inside a transaction, as Payload does', async () => {
    const [holder, other] = [await connect(), await connect()]
    await holder.query('BEGIN')
    await holder.query('INSERT INTO shared_rows VALUES (1)')
    // Payload's document-lock check: a query on another pool connection, awaited mid-transaction.
    expect(await countShared(other, [1])).toBe(1)
    await holder.query('COMMIT')
    expect(await countShared(other, [1])).toBe(1)
    await Promise.all([holder.end(), other.end()])
  })

  it("keeps the holder's transaction intact when a shared statement fails", async () => {
    const [holder, other] = [await connect(), await connect()]
    await holder.query('BEGIN')
    await holder.query('INSERT INTO shared_rows VALUES (2)')
    await expect(other.query('SELECT 1 / 0')).rejects.toMatchObject({ code: '22012' })
    await expect(other.query('INSERT INTO shared_rows VALUES ($1 / 0)', [9])).rejects.toMatchObject({ code: '22012' })
    expect((await other.query('SELECT 7 AS seven')).rows).toEqual([{ seven: 7 }])
    await holder.query('INSERT INTO shared_rows VALUES (3)')
    await holder.query('COMMIT')
    expect(await countShared(other, [2, 3, 9])).toBe(2)
    await Promise.all([holder.end(), other.end()])
  })

  it("rolls a shared write back with the holder's transaction", async () => {
    const [holder, other] = [await connect(), await connect()]
    await holder.query('BEGIN')
    await holder.query('SELECT 1')
    await other.query('INSERT INTO shared_rows VALUES (4)')
    await holder.query('ROLLBACK')
    expect(await countShared(other, [4])).toBe(0)
    await Promise.all([holder.end(), other.end()])
  })

  it('makes BEGIN on a second connection wait until the first transaction ends', async () => {
    const [holder, other] = [await connect(), await connect()]
    await holder.query('BEGIN')
    const begun = other.query('BEGIN').then(() => Date.now())
    await new Promise((resolve) => setTimeout(resolve, 150))
    const committedAt = Date.now()
    await holder.query('COMMIT')
    expect(await begun).toBeGreaterThanOrEqual(committedAt)
    await other.query('COMMIT')
    await Promise.all([holder.end(), other.end()])
    await until(() => server.stats().connectedClients === 0 && server.stats().lockHolder === null)
  })
})
