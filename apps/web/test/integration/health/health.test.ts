import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { databasePool } from '../../../src/lib/import/progress-tracking'
import { anonymous, testPayload } from '../../helpers/api-client'

// Jobs other test files left in the queue must not turn this check into a warning: a worker is
// seen (see job-queue.test.ts for the queue's own checks).
beforeAll(async () => {
  await databasePool(await testPayload()).query(
    `insert into job_runners (id, kind, host, pid, started_at, last_seen_at) values ('test:health', 'worker', 'test', 1, now(), now())`,
  )
})

afterAll(async () => {
  await databasePool(await testPayload()).query(`delete from job_runners where id = 'test:health'`)
})

describe('GET /api/health', () => {
  it('reports a healthy database with PostGIS, current migrations and a readable job queue', async () => {
    const { status, body } = await anonymous.get('/health')
    expect(status).toBe(200)
    // Other files pause a schedule on purpose for a moment in the shared database, which makes the
    // scheduled imports, and so the whole answer, a warning; everything else here must be ok.
    expect(body.status).toBe(body.scheduledImports.pausedByFailures > 0 ? 'warning' : 'ok')
    expect(body.database).toMatchObject({ status: 'ok', kind: inject('databaseKind') })
    expect(body.database.postgisVersion).toMatch(/^3\./)
    expect(body.database.postgresVersion).toMatch(/^\d+/)
    expect(body.migrations).toMatchObject({ status: 'ok', pending: [] })
    expect(body.migrations.applied).toBeGreaterThan(0)
    expect(body.jobQueue.status).toBe('ok')
  })
})
