import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { BATCH_SIZES } from '../../../src/constants/batch-sizes'
import { databasePool } from '../../../src/lib/import/progress-tracking'
import { ApiClient, testPayload } from '../../helpers/api-client'
import { createCatalog } from '../../helpers/demo-users'
import { importFile } from '../../helpers/imports'

const BATCH = BATCH_SIZES.EVENT_CREATION
const ROWS = 3 * BATCH
// A row of the second batch, which the database refuses once, slowly; and one of the third.
const REFUSED_ROW = BATCH + BATCH / 2
const WATCHED_ROW = 2 * BATCH + BATCH / 2

// COPY, and so batches written side by side, exists on a PostgreSQL server only.
describe.skipIf(inject('databaseKind') !== 'external')('batches of an import written side by side', () => {
  const marker = `side_by_side_${process.pid}_${Date.now()}`
  let pool: pg.Pool
  let user: ApiClient
  let catalogId: number

  const csv = [
    'id,title,date,lat,lon',
    ...Array.from({ length: ROWS }, (_, index) => {
      const row = index + 1
      const title = row === REFUSED_ROW ? `${marker} refused` : row === WATCHED_ROW ? `${marker} watched` : `Row ${row}`
      return `${row},${title},2020-01-${String((row % 28) + 1).padStart(2, '0')},52.5,13.4`
    }),
  ].join('\n')

  beforeAll(async () => {
    pool = databasePool(await testPayload())
    user = await ApiClient.as('user')
    catalogId = await createCatalog('Side by side')
    // Sequences count outside transactions, so they remember what a rolled-back batch did.
    await pool.query(`create sequence ${marker}_refusals`)
    await pool.query(`create sequence ${marker}_watched`)
    await pool.query(`
      create function ${marker}() returns trigger language plpgsql as $$
      begin
        if new.title = '${marker} refused' and nextval('${marker}_refusals') = 1 then
          perform pg_sleep(3);
          raise exception 'refused once by the test';
        end if;
        if new.title = '${marker} watched' then perform nextval('${marker}_watched'); end if;
        return new;
      end $$`)
    await pool.query(`create trigger ${marker} before insert on events for each row execute function ${marker}()`)
    // The importer copies with the per-row triggers off; this one must fire anyway.
    await pool.query(`alter table events enable always trigger ${marker}`)
  })

  afterAll(async () => {
    await pool.query(`drop trigger if exists ${marker} on events`)
    await pool.query(`drop function if exists ${marker}()`)
    await pool.query(`drop sequence if exists ${marker}_refusals, ${marker}_watched`)
  })

  it(
    'rolls back a later batch when an earlier one fails, and resumes with every event written once',
    { timeout: 120_000 },
    async () => {
      const progress = await importFile(
        user,
        { name: 'side-by-side.csv', bytes: csv },
        { catalog: catalogId, datasetName: 'Side by side' },
      )
      const job = progress.jobs[0]
      expect(job.status, job.failureReason).toBe('completed')

      // The third batch was written while the second waited to be refused, so it ran twice: once
      // beside the failed batch (and rolled back with it), once in the retry from the last commit.
      const { rows: watched } = await pool.query(`select last_value from ${marker}_watched`)
      expect(Number(watched[0].last_value)).toBe(2)

      // Had the third batch committed before the second, the retry would have found its events
      // there already and counted them as duplicates.
      expect(job.counts).toMatchObject({
        rowsRead: ROWS,
        eventsCreated: ROWS,
        duplicatesSkipped: 0,
        rowErrors: 0,
      })
      const { rows: stored } = await pool.query<{ events: string; distinct_ids: string }>(
        `select count(*) as events, count(distinct unique_id) as distinct_ids from events where dataset_id = $1`,
        [job.datasetId],
      )
      expect(stored[0]).toEqual({ events: String(ROWS), distinct_ids: String(ROWS) })
    },
  )
})
