import type { Payload } from 'payload'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

import { JOB_QUEUES, JOB_TYPES } from '../../../src/constants/job-types'
import { databasePool } from '../../../src/lib/import/progress-tracking'
import { anonymous, testPayload } from '../../helpers/api-client'

// The health check's job queue: jobs due now apart from jobs waiting for a later time, and a
// warning when jobs are due but no job runner (worker, or web process running jobs) is alive.
let payload: Payload
const queuedJobIds: Array<number | string> = []

beforeAll(async () => {
  payload = await testPayload()
})

afterEach(async () => {
  for (const id of queuedJobIds.splice(0)) await payload.delete({ collection: 'payload-jobs', id })
  await databasePool(payload).query(`delete from job_runners where id like 'test:%'`)
})

async function queueCleanup(waitUntil?: Date): Promise<void> {
  const job = await payload.jobs.queue({
    task: JOB_TYPES.CLEANUP_APPROVAL_LOCKS,
    input: {},
    queue: JOB_QUEUES.MAINTENANCE,
    ...(waitUntil ? { waitUntil } : {}),
  })
  queuedJobIds.push(job.id)
}

/** Pretends to be a job runner last heard from `secondsAgo` seconds ago. */
async function runnerSeen(secondsAgo: number): Promise<void> {
  await databasePool(payload).query(
    `insert into job_runners (id, kind, host, pid, started_at, last_seen_at)
       values ($1, 'worker', 'test', 1, now() - make_interval(secs => $2), now() - make_interval(secs => $2))`,
    [`test:${secondsAgo}`, secondsAgo],
  )
}

/** Other test files' runners (stopped before this file runs) must not be the last one seen here. */
async function forgetOtherRunners(): Promise<void> {
  await databasePool(payload).query(`delete from job_runners`)
}

describe('GET /api/health: the job queue', () => {
  it('counts a job waiting for its scheduled slot apart from work waiting to run', async () => {
    // Other jobs in the shared database change the counts on their own (a scheduled job's slot
    // comes due, a runner takes one), so a reading counts only when the queue is back where it
    // was once our job is gone: then the difference is our job alone.
    for (let attempt = 1; ; attempt++) {
      const before = (await anonymous.get('/health')).body.jobQueue
      await queueCleanup(new Date(Date.now() + 5 * 60_000))
      const { status, body } = await anonymous.get('/health')
      for (const id of queuedJobIds.splice(0)) await payload.delete({ collection: 'payload-jobs', id })
      const after = (await anonymous.get('/health')).body.jobQueue
      const undisturbed = after.queued === before.queued && after.scheduled === before.scheduled
      if (!undisturbed && attempt < 5) continue
      expect(undisturbed).toBe(true)
      expect(status).toBe(200)
      expect(body.jobQueue.queued).toBe(before.queued)
      expect(body.jobQueue.scheduled).toBe((before.scheduled ?? 0) + 1)
      return
    }
  })

  it('warns, with HTTP 200, when jobs are queued and no worker has been seen for a while', async () => {
    await forgetOtherRunners()
    await runnerSeen(200)
    await queueCleanup()
    const { status, body } = await anonymous.get('/health')
    expect(status).toBe(200)
    expect(body.status).toBe('warning')
    expect(body.jobQueue).toMatchObject({ status: 'warning', runners: 0 })
    expect(body.jobQueue.queued).toBeGreaterThanOrEqual(1)
    expect(body.jobQueue.message).toMatch(
      /job\(s\) are queued but no worker has been seen for 3 minutes; start npm run worker/,
    )
    expect(Date.now() - Date.parse(body.jobQueue.lastRunnerSeenAt)).toBeGreaterThan(190_000)
  })

  it('is ok when jobs are queued and a worker was seen just now', async () => {
    await forgetOtherRunners()
    await runnerSeen(1)
    await queueCleanup()
    const { status, body } = await anonymous.get('/health')
    expect(status).toBe(200)
    expect(body.jobQueue).toMatchObject({ status: 'ok', runners: 1 })
    expect(body.jobQueue.message).toBeUndefined()
  })
})
