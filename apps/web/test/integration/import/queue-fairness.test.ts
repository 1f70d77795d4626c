import { beforeAll, describe, expect, it } from 'vitest'

import { JOB_TYPES } from '../../../src/constants/job-types'
import { runImportRound } from '../../../src/lib/import/fair-import-queue'
import { databasePool } from '../../../src/lib/import/progress-tracking'
import { ApiClient, testPayload } from '../../helpers/api-client'
import { createCatalog } from '../../helpers/demo-users'
import { generateEventsCsv } from '../../helpers/generate-events-csv'
import { runImports, uploadFile } from '../../helpers/imports'
import { manySheetsWorkbook } from '../../helpers/workbooks'
import type { Json } from '../../helpers/json'

const SHEETS = 20
const ONE_ROW_CSV = 'title,date,latitude,longitude\nMeeting,2021-05-01,48.85,2.35\n'

/** Signs in as a user of its own (created once), with a catalog of their own. */
async function secondUser(): Promise<{ client: ApiClient; catalog: number }> {
  const payload = await testPayload()
  const email = 'fair-queue@chronotope.local'
  const existing = await payload.find({ collection: 'users', where: { email: { equals: email } }, limit: 1 })
  const user =
    existing.docs[0] ??
    (await payload.create({ collection: 'users', data: { email, password: 'fair-queue-password', role: 'user' } }))
  const catalog = await payload.create({ collection: 'catalogs', data: { name: 'Fairness B', owner: user.id } })
  return { client: await ApiClient.signIn(email, 'fair-queue-password'), catalog: Number(catalog.id) }
}

/** A job the test saw start: its task and the upload it belongs to. */
interface JobRun {
  readonly id: number
  readonly task: string
  readonly importFileId: number | null
}

/**
 * Records every job run through `payload.jobs.runByID` (completed jobs are deleted, so the queue
 * cannot tell afterwards what ran), with the upload each belongs to.
 */
async function recordJobRuns(): Promise<{ runs: JobRun[]; stop: () => void }> {
  const payload = await testPayload()
  const pool = databasePool(payload)
  const runs: JobRun[] = []
  const original = payload.jobs.runByID
  const recording = async (args: Parameters<typeof original>[0]) => {
    const { rows } = await pool.query<{ task: string; import_file_id: number | null }>(
      `select j.task_slug as task, coalesce((j.input->>'importFileId')::int, ij.import_file_id) as import_file_id
         from payload_jobs j left join import_jobs ij on ij.id = (j.input->>'importJobId')::int
        where j.id = $1`,
      [args.id],
    )
    runs.push({ id: Number(args.id), task: rows[0]?.task ?? '?', importFileId: rows[0]?.import_file_id ?? null })
    return original(args)
  }
  // Payload declares runByID as returning a promise of a promise; it resolves to the result.
  payload.jobs.runByID = recording as unknown as typeof original
  return { runs, stop: () => (payload.jobs.runByID = original) }
}

/**
 * Opens `count` connections in the pool at once and leaves them idle, so the queries of a race
 * that follows each start at once instead of one waiting for a new connection (which would let
 * the other side finish first, and there would be no race).
 */
async function warmPool(count: number): Promise<void> {
  const pool = databasePool(await testPayload())
  await Promise.all(Array.from({ length: count }, () => pool.query('select pg_sleep(0.05)')))
}

/** Runs queued import jobs one at a time, as the web process does, until `isDone` or `max` runs. */
async function runUntil(isDone: () => Promise<boolean>, max: number): Promise<number> {
  const payload = await testPayload()
  let runs = 0
  while (runs < max && !(await isDone())) {
    const ran = await runImportRound(payload)
    if (ran === 0) break
    runs += ran
  }
  return runs
}

describe('the import queue is fair across users', () => {
  let userA: ApiClient
  let catalogA: number
  let userB: { client: ApiClient; catalog: number }

  beforeAll(async () => {
    userA = await ApiClient.as('user')
    catalogA = await createCatalog('Fairness A')
    userB = await secondUser()
  })

  it("finishes one user's one-row import within a few job runs while another's big workbook waits", async () => {
    const big = await uploadFile(
      userA,
      { name: 'many.xlsx', bytes: manySheetsWorkbook(SHEETS, 'xlsx') },
      {
        catalog: catalogA,
      },
    )
    expect(big.status).toBe(202)
    const small = await uploadFile(userB.client, { name: 'one.csv', bytes: ONE_ROW_CSV }, { catalog: userB.catalog })
    expect(small.status).toBe(202)
    const status = async (client: ApiClient, id: number) => (await client.get(`/import/${id}`)).body

    // B's import has six stage jobs; taking turns with A, it needs about twice that.
    const runs = await runUntil(
      async () => (await status(userB.client, small.body.job.importId)).status === 'completed',
      400,
    )
    const b = await status(userB.client, small.body.job.importId)
    expect(b.status).toBe('completed')
    expect(b.jobs[0].counts.eventsCreated).toBe(1)
    expect(runs).toBeLessThanOrEqual(14)
    const a = await status(userA, big.body.job.importId)
    expect(a.status).toBe('processing')
    expect(a.jobs.filter((job: Json) => job.status === 'completed').length).toBeLessThan(SHEETS / 3)

    // A's import still completes, every sheet of it.
    await runImports()
    const done = await status(userA, big.body.job.importId)
    expect(done.status).toBe('completed')
    expect(done.jobs).toHaveLength(SHEETS)
    expect(done.jobs.every((job: Json) => job.counts.eventsCreated === 1)).toBe(true)
  }, 600_000)

  it('lets only one of two workers claim a job both chose', async () => {
    const payload = await testPayload()
    const upload = await uploadFile(userA, { name: 'claimed.csv', bytes: ONE_ROW_CSV }, { catalog: catalogA })
    expect(upload.status).toBe(202)
    const importId = upload.body.job.importId as number
    // Both rounds read the queue before either claims: they choose the same dataset-detection job.
    // Each round reads with two queries at once, so four connections stand ready.
    await warmPool(4)
    const recorder = await recordJobRuns()
    try {
      const rounds = await Promise.all([runImportRound(payload), runImportRound(payload)])
      const ran = recorder.runs.slice()
      expect(
        rounds.reduce((sum, count) => sum + count, 0),
        JSON.stringify(ran),
      ).toBe(1)
      expect(new Set(ran.map((run) => run.id)).size).toBe(ran.length)
      await runImports()
    } finally {
      recorder.stop()
    }
    const detections = recorder.runs.filter((run) => run.task === JOB_TYPES.DATASET_DETECTION)
    expect(detections.filter((run) => run.importFileId === importId)).toHaveLength(1)
    const progress = (await userA.get(`/import/${importId}`)).body
    expect(progress.status).toBe('completed')
    expect(progress.jobs).toHaveLength(1)
  })

  it('runs an import alone with one job per stage, its 12,000 rows in one create-events job', async () => {
    const upload = await uploadFile(
      userA,
      { name: 'alone.csv', bytes: generateEventsCsv(12_000) },
      {
        catalog: catalogA,
      },
    )
    const id = upload.body.job.importId
    const recorder = await recordJobRuns()
    const runs = await runUntil(async () => (await userA.get(`/import/${id}`)).body.status === 'completed', 50).finally(
      recorder.stop,
    )
    const progress = (await userA.get(`/import/${id}`)).body
    expect(progress.status).toBe('completed')
    expect(progress.jobs[0].counts.eventsCreated).toBe(12_000)
    // dataset detection, schema detection, validate schema, create schema version, analyze
    // duplicates, create events: nothing slices or re-queues a lone import.
    const own = recorder.runs.filter((run) => run.importFileId === id)
    expect(
      own.map((run) => run.task),
      JSON.stringify(recorder.runs),
    ).toEqual([
      JOB_TYPES.DATASET_DETECTION,
      JOB_TYPES.SCHEMA_DETECTION,
      JOB_TYPES.VALIDATE_SCHEMA,
      JOB_TYPES.CREATE_SCHEMA_VERSION,
      JOB_TYPES.ANALYZE_DUPLICATES,
      JOB_TYPES.CREATE_EVENTS_BATCH,
    ])
    // Jobs another test file left queued may run in between (the queue is shared): `runs` counts them too.
    expect(runs).toBeLessThanOrEqual(50)
  }, 300_000)
})
