import { spawn, type ChildProcess } from 'node:child_process'

import { beforeAll, describe, expect, inject, it } from 'vitest'

import { COMMAND_RUNNER } from '../../../src/lib/runtime/child-process'
import { createCatalog } from '../../helpers/demo-users'
import { ApiClient, testPayload } from '../../helpers/api-client'
import { generateEventsCsv } from '../../helpers/generate-events-csv'
import { importFile, uploadFile } from '../../helpers/imports'
import { databasePool } from '../../../src/lib/import/progress-tracking'
import type { Json } from '../../helpers/json'

const ROWS = 40_000

function startWorker(log: string[]): ChildProcess {
  const worker = spawn(process.execPath, [COMMAND_RUNNER, 'worker'], {
    env: {
      ...process.env,
      DATABASE_URL: inject('databaseUrl'),
      PAYLOAD_SECRET: 'chronotope-integration-tests',
      CHRONOTOPE_JOB_LEASE_SECONDS: '2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  worker.stdout.on('data', (chunk) => log.push(String(chunk)))
  worker.stderr.on('data', (chunk) => log.push(String(chunk)))
  return worker
}

async function jobOf(importId: number) {
  const payload = await testPayload()
  const { docs } = await payload.find({
    collection: 'import-jobs',
    where: { importFile: { equals: importId } },
    depth: 0,
  })
  return docs[0] as Json
}

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
  log: string[],
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}\n${log.join('').slice(-4000)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function eventsOf(datasetId: number): Promise<string[]> {
  const payload = await testPayload()
  const { rows } = await databasePool(payload).query(
    `select unique_id, title, event_time, st_x(location) as lon, st_y(location) as lat, data->>'category' as category
       from events where dataset_id = $1 order by unique_id`,
    [datasetId],
  )
  return rows.map((row) =>
    JSON.stringify([row.unique_id, row.title, new Date(row.event_time).toISOString(), row.lon, row.lat, row.category]),
  )
}

describe('a worker killed while creating events', () => {
  let user: ApiClient
  let catalogId: number
  const csv = generateEventsCsv(ROWS)

  beforeAll(async () => {
    user = await ApiClient.as('user')
    catalogId = await createCatalog('Kill tests')
  })

  it(
    'resumes after SIGKILL and ends with exactly the events of an uninterrupted run',
    { timeout: 300_000 },
    async () => {
      const log: string[] = []
      const upload = await uploadFile(
        user,
        { name: 'killed.csv', bytes: csv },
        { catalog: catalogId, datasetName: 'Killed' },
      )
      expect(upload.status).toBe(202)
      const importId = upload.body.job.importId as number

      let worker = startWorker(log)
      const atKill = await waitFor(
        'events being created',
        async () => {
          const job = await jobOf(importId)
          const created = job?.counts?.eventsCreated ?? 0
          return job?.stage === 'create-events' && created > 0 && created < ROWS ? job : undefined
        },
        180_000,
        log,
      )
      worker.kill('SIGKILL')
      await new Promise((resolve) => worker.once('exit', resolve))
      const afterKill = await jobOf(importId)
      expect(afterKill.status).toBe('processing')
      expect(afterKill.counts.eventsCreated).toBeLessThan(ROWS)

      worker = startWorker(log)
      try {
        const done = await waitFor(
          'the import to complete',
          async () => {
            const job = await jobOf(importId)
            return job?.status === 'completed' || job?.status === 'failed' ? job : undefined
          },
          180_000,
          log,
        )
        expect(done.status, done.failureReason).toBe('completed')
        expect(done.counts).toMatchObject({ rowsRead: ROWS, eventsCreated: ROWS, duplicatesSkipped: 0, rowErrors: 0 })
        expect(atKill.counts.eventsCreated).toBeGreaterThan(0)
      } finally {
        worker.kill('SIGTERM')
        await new Promise((resolve) => worker.once('exit', resolve))
      }

      const killedJob = await jobOf(importId)
      const reference = await importFile(
        user,
        { name: 'uninterrupted.csv', bytes: csv },
        { catalog: catalogId, datasetName: 'Uninterrupted' },
      )
      expect(reference.jobs[0].counts.eventsCreated).toBe(ROWS)
      const killedEvents = await eventsOf(Number(killedJob.dataset))
      const referenceEvents = await eventsOf(reference.jobs[0].datasetId)
      expect(killedEvents).toHaveLength(ROWS)
      expect(killedEvents).toEqual(referenceEvents)
    },
  )
})
