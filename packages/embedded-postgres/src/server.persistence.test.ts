/**
 * Data written through the server survives stop() and a restart on the same folder.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { startEmbeddedPostgres } from './server'

const folders: string[] = []

afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })))
})

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await use(client)
  } finally {
    await client.end()
  }
}

describe('persistence', { timeout: 120_000 }, () => {
  it('keeps tables, rows and geometries across a stop and a restart', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'chronotope-embedded-'))
    folders.push(parent)
    const dataDir = join(parent, 'nested', 'postgres')

    const first = await startEmbeddedPostgres({ dataDir })
    await withClient(first.url, async (client) => {
      await client.query(
        'CREATE TABLE events (id serial PRIMARY KEY, name text NOT NULL, location geometry(Point, 4326))',
      )
      await client.query(
        "INSERT INTO events (name, location) SELECT 'event ' || i, ST_SetSRID(ST_MakePoint(i, -i), 4326) FROM generate_series(1, 100) AS i",
      )
      await client.query('BEGIN')
      await client.query("INSERT INTO events (name) VALUES ('never committed')")
      await client.query('ROLLBACK')
    })
    // A transaction still open at stop() is lost, as on a server shutdown.
    const open = new pg.Client({ connectionString: first.url })
    open.on('error', () => undefined)
    await open.connect()
    await open.query('BEGIN')
    await open.query("INSERT INTO events (name) VALUES ('open at stop')")
    await first.stop()
    await first.stop()
    await expect(withClient(first.url, () => Promise.resolve(undefined))).rejects.toThrow(/ECONNREFUSED/)

    const second = await startEmbeddedPostgres({ dataDir })
    const rows = await withClient(second.url, async (client) => {
      const { rows } = await client.query<{ n: number; event42: string; rolled_back: number }>(
        `SELECT count(*)::int AS n,
                (SELECT name || ' ' || ST_AsText(location) FROM events WHERE id = 42) AS event42,
                count(*) FILTER (WHERE name IN ('never committed', 'open at stop'))::int AS rolled_back
         FROM events`,
      )
      return rows
    })
    expect(rows).toEqual([{ n: 100, event42: 'event 42 POINT(42 -42)', rolled_back: 0 }])
    await second.stop()
  })
})
