import { spawn } from 'node:child_process'

import { describe, expect, inject, it } from 'vitest'

import { JOB_QUEUES, JOB_TYPES } from '../../../src/constants/job-types'
import { databasePool } from '../../../src/lib/import/progress-tracking'
import { COMMAND_RUNNER } from '../../../src/lib/runtime/child-process'
import { anonymous, testPayload } from '../../helpers/api-client'

describe('npm run worker', () => {
  it('runs queued jobs in a process of its own, tells the health check it is alive, and stops on SIGTERM', async () => {
    const payload = await testPayload()
    const editor = (await payload.find({ collection: 'users', where: { role: { equals: 'editor' } }, limit: 1 }))
      .docs[0]!
    const importFile = (await payload.find({ collection: 'import-files', limit: 1 })).docs[0]!
    const stale = await payload.create({
      collection: 'import-jobs',
      data: {
        importFile: importFile.id,
        status: 'awaiting-approval',
        approval: { lockedBy: editor.id, lockExpiresAt: new Date(Date.now() - 60_000).toISOString() },
      },
    })
    await payload.jobs.queue({ task: JOB_TYPES.CLEANUP_APPROVAL_LOCKS, input: {}, queue: JOB_QUEUES.MAINTENANCE })

    const worker = spawn(process.execPath, [COMMAND_RUNNER, 'worker'], {
      env: { ...process.env, DATABASE_URL: inject('databaseUrl'), PAYLOAD_SECRET: 'chronotope-integration-tests' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    worker.stdout.on('data', (chunk) => (output += chunk))
    worker.stderr.on('data', (chunk) => (output += chunk))
    try {
      const deadline = Date.now() + 60_000
      let released = false
      while (!released && Date.now() < deadline) {
        const current = await payload.findByID({ collection: 'import-jobs', id: stale.id, depth: 0 })
        released = !current.approval?.lockedBy
        if (!released) await new Promise((resolve) => setTimeout(resolve, 500))
      }
      expect(released, output).toBe(true)
      const { body } = await anonymous.get('/health')
      expect(body.jobQueue.runners, output).toBeGreaterThanOrEqual(1)
      expect(Date.now() - Date.parse(body.jobQueue.lastRunnerSeenAt)).toBeLessThan(60_000)
    } finally {
      const exitCode = await new Promise<number | null>((resolve) => {
        worker.once('exit', resolve)
        worker.kill('SIGTERM')
      })
      expect(exitCode, output).toBe(0)
    }
    expect(output).toContain('Worker stopped')
    // A worker that stopped cleanly no longer counts as alive.
    const { rows } = await databasePool(payload).query<{ stopped: boolean }>(
      `select stopped_at is not null as stopped from job_runners where kind = 'worker' and pid = $1`,
      [worker.pid],
    )
    expect(rows).toEqual([{ stopped: true }])
  })
})
