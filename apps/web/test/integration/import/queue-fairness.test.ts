import { beforeAll, describe, expect, it } from 'vitest'

import { runImportRound } from '../../../src/lib/import/fair-import-queue'
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
    // Both rounds read the queue before either claims: they choose the same dataset-detection job.
    const rounds = await Promise.all([runImportRound(payload), runImportRound(payload)])
    expect(rounds.reduce((sum, ran) => sum + ran, 0)).toBe(1)
    await runImports()
    const progress = (await userA.get(`/import/${upload.body.job.importId}`)).body
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
    const runs = await runUntil(async () => (await userA.get(`/import/${id}`)).body.status === 'completed', 50)
    const progress = (await userA.get(`/import/${id}`)).body
    expect(progress.status).toBe('completed')
    expect(progress.jobs[0].counts.eventsCreated).toBe(12_000)
    // dataset detection, schema detection, validate schema, create schema version, analyze
    // duplicates, create events: nothing slices or re-queues a lone import.
    expect(runs).toBe(6)
  }, 300_000)
})
