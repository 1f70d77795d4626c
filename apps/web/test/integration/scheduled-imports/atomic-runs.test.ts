import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { BATCH_SIZES } from '../../../src/constants/batch-sizes'
import { databasePool } from '../../../src/lib/import/progress-tracking'
import { startScheduledRun } from '../../../src/lib/scheduled-imports/start-run'
import { ApiClient, testPayload } from '../../helpers/api-client'
import { createCatalog } from '../../helpers/demo-users'
import { runImports } from '../../helpers/imports'
import { startSourceServer, type SourceServer } from './source-server'

// Issue 28, point 4: nothing a failed run read is half applied. The second run's file is longer
// than one batch of events, and the database refuses a row of its second batch: the first batch,
// already written, must go with it.
const FIRST = `id,title,date,lat,lon
a,March in Lyon,2024-03-04,45.76,4.84
b,Rally in Nantes,2024-01-21,47.22,-1.55
`

function longFile(rows: number, failingRow: number): string {
  const lines = ['id,title,date,lat,lon', 'a,March in Lyon (changed),2024-03-04,45.76,4.84']
  for (let row = 1; row <= rows; row++) {
    lines.push(`n${row},${row === failingRow ? 'BOOM' : `Event ${row}`},2024-05-01,48.85,2.35`)
  }
  return `${lines.join('\n')}\n`
}

let server: SourceServer
let scheduleId: number
let datasetId: number

async function eventTitles(): Promise<string[]> {
  const { docs } = await (
    await testPayload()
  ).find({
    collection: 'events',
    where: { dataset: { equals: datasetId } },
    depth: 0,
    limit: 0,
    pagination: false,
    overrideAccess: true,
    select: { title: true },
  })
  return docs.map((doc) => String(doc.title)).sort()
}

beforeAll(async () => {
  server = await startSourceServer(FIRST)
  const owner = await ApiClient.as('user')
  const created = await owner.post('/scheduled-imports', {
    name: 'All or nothing',
    url: `${server.origin}/data.csv`,
    catalog: await createCatalog('Atomic runs'),
    idStrategy: 'external',
    idField: 'id',
    goneFromSource: 'delete',
    schedule: { frequency: 'daily', time: '06:00', timeZone: 'UTC' },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  scheduleId = Number(created.body.doc.id)
  await startScheduledRun(await testPayload(), scheduleId, 'manual')
  await runImports()
  const schedule = await (await testPayload()).findByID({ collection: 'scheduled-imports', id: scheduleId, depth: 0 })
  datasetId = Number(schedule.dataset)
  // The database refuses one event by its title, as a constraint or a full disk would refuse a row.
  await databasePool(await testPayload()).query(`
    create or replace function atomic_runs_refuse_boom() returns trigger language plpgsql as $$
    begin
      if new.title = 'BOOM' then raise exception 'the database refused row BOOM'; end if;
      return new;
    end $$;
    create trigger atomic_runs_refuse_boom before insert or update on events
      for each row execute function atomic_runs_refuse_boom();`)
})

afterAll(async () => {
  // Off, so that other files' clocks do not run it against a server that is gone.
  await (
    await testPayload()
  ).update({
    collection: 'scheduled-imports',
    id: scheduleId,
    data: { enabled: false },
    overrideAccess: true,
  })
  await databasePool(await testPayload()).query(`
    drop trigger if exists atomic_runs_refuse_boom on events;
    drop function if exists atomic_runs_refuse_boom();`)
  await server?.close()
})

describe('a run that fails half-way', () => {
  it('leaves the dataset exactly as the previous run left it', async () => {
    expect(await eventTitles()).toEqual(['March in Lyon', 'Rally in Nantes'])
    const rows = BATCH_SIZES.EVENT_CREATION + 500
    server.csv = longFile(rows, BATCH_SIZES.EVENT_CREATION + 200)
    const { run } = await startScheduledRun(await testPayload(), scheduleId, 'manual')
    await runImports()
    const ended = await (await testPayload()).findByID({ collection: 'scheduled-import-runs', id: run.id, depth: 0 })
    expect(ended.status).toBe('failed')
    expect(String(ended.error)).toMatch(/refused row BOOM/)
    // Not the first batch's 5,000 new events, not the changed title, and b not deleted as gone.
    expect(await eventTitles()).toEqual(['March in Lyon', 'Rally in Nantes'])
  })

  it('applies the whole file once the row is fixed', async () => {
    const rows = BATCH_SIZES.EVENT_CREATION + 500
    server.csv = longFile(rows, -1)
    const { run } = await startScheduledRun(await testPayload(), scheduleId, 'manual')
    await runImports()
    const ended = await (await testPayload()).findByID({ collection: 'scheduled-import-runs', id: run.id, depth: 0 })
    expect(ended.status, String(ended.error)).toBe('completed')
    expect(ended.counts).toMatchObject({ added: rows, updated: 1, gone: 1, removed: 1 })
    const titles = await eventTitles()
    expect(titles).toHaveLength(rows + 1)
    expect(titles).toContain('March in Lyon (changed)')
    expect(titles).not.toContain('Rally in Nantes')
  })
})
