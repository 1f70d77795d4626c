/**
 * Torture test: many `pg` clients and a Payload-style pool on one embedded server at once, with
 * failing transactions, colliding statement names, clients that vanish mid-transaction, COPY
 * attempts and PostGIS. One server for the whole file (PGlite + PostGIS take seconds to start).
 */
import type { Socket } from 'node:net'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COPY_FROM_STDIN_MESSAGE } from './copy-guard'
import type { EmbeddedPostgres } from './server'
import { startEmbeddedPostgres } from './server'
import { typedMessage } from './backend-messages'
import { bind, execute, flush, parse, query, sync } from './test-helpers/frontend'
import { connectRaw } from './test-helpers/raw-client'
import { connectClient } from './test-helpers/pg-client'

let server: EmbeddedPostgres

beforeAll(async () => {
  server = await startEmbeddedPostgres()
  const setup = await connect()
  await setup.query(`
    CREATE TABLE worker_rows (worker int NOT NULL, n int NOT NULL, UNIQUE (worker, n));
    CREATE TABLE doomed_rows (k int NOT NULL);
    CREATE TABLE pool_rows (i int PRIMARY KEY, touched int NOT NULL DEFAULT 0);
    CREATE TABLE copy_target (a int);
  `)
  await setup.end()
}, 120_000)

afterAll(async () => {
  await server?.stop()
})

function connect(): Promise<pg.Client> {
  return connectClient(server.url)
}

function destroySocket(client: pg.Client): void {
  ;(client as unknown as { connection: { stream: Socket } }).connection.stream.destroy()
}

async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const started = Date.now()
  while (!condition()) {
    if (Date.now() - started > timeoutMs)
      throw new Error(`condition not met within ${timeoutMs} ms: ${JSON.stringify(server.stats())}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** Inserts one row per iteration; every fourth and fifth fails on purpose and is rolled back. */
async function runWorker(worker: number, iterations: number): Promise<number> {
  const client = await connect()
  let committed = 0
  try {
    for (let i = 0; i < iterations; i++) {
      await client.query('BEGIN')
      await client.query('INSERT INTO worker_rows (worker, n) VALUES ($1, $2)', [worker, i])
      if (i % 4 === 1) {
        // Queued together, as pg pipelines them: a stray ReadyForQuery would end the second early.
        const failing = client.query('SELECT n / (n - n) FROM worker_rows WHERE worker = $1 AND n = $2', [worker, i])
        const ignored = client.query('SELECT 1')
        await expect(failing).rejects.toMatchObject({ code: '22012' })
        await expect(ignored).rejects.toMatchObject({ code: '25P02' })
        await client.query('ROLLBACK')
      } else if (i % 4 === 2) {
        await expect(
          client.query(`INSERT INTO worker_rows (worker, n) VALUES (${worker}, ${i})`),
        ).rejects.toMatchObject({ code: '23505' })
        await client.query('ROLLBACK')
      } else {
        const mine = await client.query<{ n: number }>({
          name: 'count-mine',
          text: 'SELECT count(*)::int AS n FROM worker_rows WHERE worker = $1',
          values: [worker],
        })
        expect(mine.rows[0]!.n).toBe(committed + 1)
        await client.query('COMMIT')
        committed++
      }
      const { rows } = await client.query<{ n: number; total: number }>(
        `SELECT count(*)::int AS n, coalesce(sum(n), 0)::int AS total FROM worker_rows WHERE worker = ${worker}`,
      )
      expect(rows[0]!.n).toBe(committed)
    }
  } finally {
    await client.end()
  }
  return committed
}

/** Two clients prepare "same_name" with different SQL, over and over, at the same time. */
async function collideStatementNames(rounds: number): Promise<void> {
  const [doubler, suffixer] = [await connect(), await connect()]
  for (let round = 0; round < rounds; round++) {
    const [doubled, suffixed] = await Promise.all([
      doubler.query<{ v: number }>({ name: 'same_name', text: 'SELECT $1::int * 2 AS v', values: [round] }),
      suffixer.query<{ v: string }>({
        name: 'same_name',
        text: "SELECT $1::text || '-b' AS v",
        values: [String(round)],
      }),
    ])
    expect(doubled.rows[0]!.v).toBe(round * 2)
    expect(suffixed.rows[0]!.v).toBe(`${round}-b`)
  }
  await Promise.all([doubler.end(), suffixer.end()])
}

/** Opens a transaction, inserts, and cuts the socket without COMMIT or Terminate. */
async function vanishInsideTransaction(k: number): Promise<void> {
  const client = await connect()
  await client.query('BEGIN')
  await client.query('INSERT INTO doomed_rows (k) VALUES ($1)', [k])
  await client.query({ name: `doomed-${k}`, text: 'SELECT k FROM doomed_rows WHERE k = $1', values: [k] })
  destroySocket(client)
}

/** Sends half an extended-protocol batch (no Sync), waits for its result, and cuts the socket. */
async function vanishInsideBatch(k: number): Promise<void> {
  const raw = await connectRaw(server.port)
  raw.send(Buffer.concat([parse('', `INSERT INTO doomed_rows (k) VALUES (${k})`), bind('', ''), execute(''), flush()]))
  await raw.waitFor((responses) => responses.includes('C'))
  raw.destroy()
}

/** Long-lived pool of 10 used like Payload and drizzle: plain queries and BEGIN ... COMMIT. */
async function usePoolLikePayload(pool: pg.Pool, operations: number): Promise<void> {
  await Promise.all(
    Array.from({ length: operations }, async (_, i) => {
      if (i % 3 !== 0) {
        await pool.query('SELECT count(*) FROM pool_rows WHERE i < $1', [i])
        return
      }
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        await client.query('INSERT INTO pool_rows (i) VALUES ($1)', [i])
        await client.query('UPDATE pool_rows SET touched = touched + 1 WHERE i = $1', [i])
        await client.query('COMMIT')
      } finally {
        client.release()
      }
    }),
  )
}

describe('embedded server under load', { timeout: 120_000 }, () => {
  it('keeps every client correct while others fail, collide and vanish', async () => {
    const pool = new pg.Pool({ connectionString: server.url, max: 10 })
    pool.on('error', () => undefined)
    const workers = Array.from({ length: 24 }, (_, worker) => runWorker(worker, 12))
    const [committed] = await Promise.all([
      Promise.all(workers),
      collideStatementNames(40),
      usePoolLikePayload(pool, 90),
      Promise.all(Array.from({ length: 6 }, (_, k) => vanishInsideTransaction(k))),
      Promise.all(Array.from({ length: 3 }, (_, k) => vanishInsideBatch(100 + k))),
    ])

    // Iterations 0, 3, 4, 7, 8, 11 commit: 6 rows per worker.
    expect(committed).toEqual(Array(24).fill(6))
    await until(() => server.stats().lockHolder === null && server.stats().connectedClients === pool.totalCount)
    const check = await pool.connect()
    const perWorker = await check.query(
      'SELECT worker, count(*)::int AS n FROM worker_rows GROUP BY worker ORDER BY worker',
    )
    expect(perWorker.rows).toEqual(Array.from({ length: 24 }, (_, worker) => ({ worker, n: 6 })))
    expect((await check.query('SELECT count(*)::int AS n FROM doomed_rows')).rows).toEqual([{ n: 0 }])
    expect((await check.query('SELECT count(*)::int AS n, sum(touched)::int AS t FROM pool_rows')).rows).toEqual([
      { n: 30, t: 30 },
    ])
    const leftover = await check.query("SELECT name FROM pg_prepared_statements WHERE name LIKE '\\_c%'")
    expect(leftover.rows).toEqual([])
    check.release()
    await pool.end()
    await until(() => server.stats().connectedClients === 0)
    expect(server.stats()).toMatchObject({ connectedClients: 0, waitingClients: 0, lockHolder: null })
    expect(server.stats().totalServed).toBeGreaterThan(40)
  })

  it.each([
    { case: 'inside a transaction', vanish: vanishInsideTransaction },
    { case: 'inside an unfinished extended-protocol batch', vanish: vanishInsideBatch },
  ])('rolls back what a client left uncommitted when it vanishes $case', async ({ vanish }) => {
    await vanish(500)
    await until(() => server.stats().connectedClients === 0 && server.stats().lockHolder === null)
    const client = await connect()
    const inTransaction = await client.query(
      'SELECT now() <> statement_timestamp() AS open, count(*)::int AS n FROM doomed_rows WHERE k = 500',
    )
    expect(inTransaction.rows).toEqual([{ open: false, n: 0 }])
    await client.end()
  })

  it('drops a client that disconnects while waiting for the session', async () => {
    const holder = await connect()
    await holder.query('BEGIN')
    const waiter = await connect()
    const waiting = waiter.query('SELECT 1').catch(() => 'cut')
    await until(() => server.stats().waitingClients === 1)
    destroySocket(waiter)
    expect(await waiting).toBe('cut')
    await until(() => server.stats().waitingClients === 0)
    await holder.query('COMMIT')
    expect((await holder.query('SELECT 2 AS two')).rows).toEqual([{ two: 2 }])
    await holder.end()
    await until(() => server.stats().connectedClients === 0 && server.stats().lockHolder === null)
  })

  it('keeps the session for a client reading a cursor in pages (Execute with a row limit, Flush) until its Sync', async () => {
    const reader = await connectRaw(server.port)
    reader.send(Buffer.concat([parse('', 'SELECT generate_series(1, 5) AS n'), bind('', ''), execute('', 2), flush()]))
    expect(await reader.waitFor((r) => r.includes('s'))).toEqual(['1', '2', 'D', 'D', 's'])
    const other = await connect()
    let otherDone = false
    const otherQuery = other.query<{ answer: number }>('SELECT 42 AS answer').then((result) => {
      otherDone = true
      return result.rows
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(otherDone).toBe(false)
    reader.send(Buffer.concat([execute('', 2), flush()]))
    expect(await reader.waitFor((r) => r.includes('s'))).toEqual(['D', 'D', 's'])
    reader.send(Buffer.concat([execute('', 0), sync()]))
    expect(await reader.waitFor((r) => r.includes('Z:I'))).toEqual(['D', 'C', 'Z:I'])
    expect(await otherQuery).toEqual([{ answer: 42 }])
    reader.destroy()
    await other.end()
  })

  it('answers COPY FROM STDIN with a clear error and stays usable', async () => {
    const client = await connect()
    await expect(client.query('COPY copy_target FROM STDIN')).rejects.toMatchObject({
      code: '0A000',
      message: COPY_FROM_STDIN_MESSAGE,
    })
    expect((await client.query('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }])

    await client.query('BEGIN')
    await client.query('INSERT INTO copy_target VALUES (1)')
    const prepared = client.query({ name: 'copy-attempt', text: 'COPY copy_target (a) FROM STDIN WITH (FORMAT csv)' })
    await expect(prepared).rejects.toMatchObject({ code: '0A000' })
    await expect(client.query('SELECT 1')).rejects.toMatchObject({ code: '25P02' })
    await client.query('ROLLBACK')
    expect((await client.query('SELECT count(*)::int AS n FROM copy_target')).rows).toEqual([{ n: 0 }])
    await client.end()

    const raw = await connectRaw(server.port)
    raw.send(query('COPY copy_target FROM STDIN'))
    raw.send(
      Buffer.concat([typedMessage('d', Buffer.from('1\n')), typedMessage('c', Buffer.alloc(0)), query('SELECT 1')]),
    )
    const responses = await raw.waitFor((r) => r.filter((type) => type.startsWith('Z')).length === 2)
    expect(responses).toEqual(['E:0A000', 'Z:I', 'T', 'D', 'C', 'Z:I'])
    raw.destroy()
  })

  it('runs PostGIS functions and GiST indexes', async () => {
    const client = await connect()
    expect((await client.query('SELECT ST_AsText(ST_MakePoint(1, 2)) AS wkt')).rows).toEqual([{ wkt: 'POINT(1 2)' }])
    await client.query(`
      CREATE TABLE places (id serial PRIMARY KEY, location geometry(Point, 4326) NOT NULL);
      CREATE INDEX places_location_idx ON places USING GIST (location);
      INSERT INTO places (location)
        SELECT ST_SetSRID(ST_MakePoint(i % 360 - 180, i % 170 - 85), 4326) FROM generate_series(1, 2000) AS i;
      ANALYZE places;
    `)
    const expected = Array.from({ length: 2000 }, (_, j) => j + 1).filter((i) => {
      const [x, y] = [(i % 360) - 180, (i % 170) - 85]
      return x >= 0 && x <= 10 && y >= 0 && y <= 10
    }).length
    const inBox = 'SELECT count(*)::int AS n FROM places WHERE location && ST_MakeEnvelope(0, 0, 10, 10, 4326)'
    expect((await client.query(inBox)).rows).toEqual([{ n: expected }])
    await client.query('BEGIN')
    await client.query('SET LOCAL enable_seqscan = off')
    const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${inBox}`)
    await client.query('COMMIT')
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('places_location_idx')
    await client.end()
  })
})
