import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import type { EventRow } from '../../../src/lib/events/bulk-insert-events'
import { copyEventsBulk } from '../../../src/lib/events/copy-events'
import { databasePool } from '../../../src/lib/import/progress-tracking'
import { testPayload } from '../../helpers/api-client'
import { eventRow } from '../../helpers/event-rows'
import { createReadFixture } from '../../helpers/read-fixture'

// COPY, and so the one-check-per-batch writer, exists on a PostgreSQL server only.
describe.skipIf(inject('databaseKind') !== 'external')('an import batch checks its references once', () => {
  const role = `chronotope_batch_writer_${process.pid}_${Date.now()}`
  let pool: pg.Pool
  let datasetId: number
  let importJobId: number
  let next = 0

  beforeAll(async () => {
    const payload = await testPayload()
    pool = databasePool(payload)
    datasetId = (await createReadFixture(`Batch references ${Date.now()}`, 0, 0)).publicDatasetId
    const importFile = (await payload.find({ collection: 'import-files', limit: 1 })).docs[0]!
    const job = await payload.create({
      collection: 'import-jobs',
      data: { importFile: importFile.id, status: 'awaiting-approval', stage: 'awaiting-approval' },
    })
    importJobId = Number(job.id)
    await pool.query(`create role ${role} nologin`)
    await pool.query(`grant select, insert, update, delete on all tables in schema public to ${role}`)
    await pool.query(`grant usage, select on all sequences in schema public to ${role}`)
  })

  afterAll(async () => {
    // Roles belong to the whole server, which other runs share.
    await pool.query(`drop owned by ${role}`).catch(() => undefined)
    await pool.query(`drop role if exists ${role}`)
  })

  const batch = (size: number, overrides: Partial<EventRow> = {}): EventRow[] =>
    Array.from({ length: size }, () => eventRow(datasetId, `batch-ref-${++next}`, { importJobId, ...overrides }))

  const versionOf = async (client: pg.PoolClient) => {
    const { rows } = await client.query<{ version: string; event_count: string }>(
      'select version, event_count from event_index_versions where dataset_id = $1',
      [datasetId],
    )
    return { version: BigInt(rows[0]?.version ?? 0), count: Number(rows[0]?.event_count ?? 0) }
  }

  /**
   * Writes `rows` in a transaction as `asRole` (or the superuser the tests connect as) and tells
   * how often the per-row path's version trigger ran, what the version table then says, and the
   * replication role the transaction was left in. A new connection each time, since a connection
   * remembers whether its role may turn triggers off.
   */
  async function write(rows: EventRow[], asRole?: string) {
    const own = new pg.Pool({ connectionString: inject('databaseUrl'), max: 1 })
    const client = await own.connect()
    try {
      await client.query('begin')
      await client.query(`set local track_functions = 'pl'`)
      if (asRole) await client.query(`set local role ${asRole}`)
      const before = await versionOf(client)
      const written = await copyEventsBulk(client, rows, 'skip')
      const { rows: calls } = await client.query<{ calls: string }>(
        `select coalesce(sum(calls), 0) as calls from pg_stat_xact_user_functions where funcname = 'event_index_after_insert'`,
      )
      const { rows: mode } = await client.query<{ mode: string }>(
        `select current_setting('session_replication_role') as mode`,
      )
      const after = await versionOf(client)
      await client.query('commit')
      return { written, triggerCalls: Number(calls[0]!.calls), before, after, mode: mode[0]!.mode }
    } catch (error) {
      await client.query('rollback').catch(() => undefined)
      throw error
    } finally {
      client.release()
      await own.end()
    }
  }

  it('writes the events without per-row triggers, keeps the dataset from being deleted, and counts them', async () => {
    const rows = batch(50)
    const client = await pool.connect()
    await client.query('begin')
    try {
      const before = await versionOf(client)
      const written = await copyEventsBulk(client, rows, 'skip')
      expect(written.inserted).toBe(50)
      // The batch holds the lock a foreign key check takes: the dataset cannot go before it commits.
      const other = await pool.connect()
      try {
        await other.query('begin')
        await other.query(`set local lock_timeout = '200ms'`)
        await expect(other.query('delete from datasets where id = $1', [datasetId])).rejects.toMatchObject({
          code: '55P03',
        })
      } finally {
        await other.query('rollback')
        other.release()
      }
      const after = await versionOf(client)
      expect(after.count - before.count).toBe(50)
      expect(after.version).toBeGreaterThan(before.version)
      await client.query('commit')
    } finally {
      client.release()
    }
    const { rows: stored } = await pool.query<{ count: string }>(
      'select count(*) from events where dataset_id = $1 and import_job_id = $2 and unique_id = any($3)',
      [datasetId, importJobId, rows.map((row) => row.uniqueId)],
    )
    expect(Number(stored[0]!.count)).toBe(50)
  })

  it('turns the triggers off only for the copy, and only for a role allowed to', async () => {
    const asSuperuser = await write(batch(20))
    expect(asSuperuser.triggerCalls).toBe(0)
    expect(asSuperuser.mode).toBe('origin')
    expect(asSuperuser.after.count - asSuperuser.before.count).toBe(20)

    const asPlainRole = await write(batch(20), role)
    expect(asPlainRole.written.inserted).toBe(20)
    expect(asPlainRole.triggerCalls).toBe(1)
    expect(asPlainRole.after.count - asPlainRole.before.count).toBe(20)

    await pool.query(`grant set on parameter session_replication_role to ${role}`)
    const asGrantedRole = await write(batch(20), role)
    expect(asGrantedRole.written.inserted).toBe(20)
    expect(asGrantedRole.triggerCalls).toBe(0)
    expect(asGrantedRole.mode).toBe('origin')
    expect(asGrantedRole.after.count - asGrantedRole.before.count).toBe(20)
  })

  it('still reports a missing dataset as a foreign key violation', async () => {
    const orphans = Array.from({ length: 3 }, (_, index) =>
      eventRow(2_000_000_000, `batch-ref-orphan-${index}`, { importJobId }),
    )
    await expect(write(orphans)).rejects.toMatchObject({ code: '23503' })
  })

  it('falls back to the conflict-aware copy when the batch meets existing events', async () => {
    const first = batch(10)
    await write(first)
    const mixed = [...first.slice(0, 4), ...batch(6)]
    const result = await write(mixed)
    expect(result.written.inserted).toBe(6)
    expect(result.written.skipped).toBe(4)
    expect(result.mode).toBe('origin')
    expect(result.after.count - result.before.count).toBe(6)
  })
})
