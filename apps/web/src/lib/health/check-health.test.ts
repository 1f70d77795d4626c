import type { Payload } from 'payload'
import { describe, expect, it } from 'vitest'

import { checkHealth } from './check-health'

interface FakeQueue {
  readonly queued: number
  readonly scheduled: number
  readonly live: number
}

function fakePayload(options: { databaseDown?: boolean; applied?: string[]; queue?: FakeQueue }): Payload {
  const queue = options.queue ?? { queued: 0, scheduled: 0, live: 0 }
  return {
    db: {
      drizzle: {
        execute: () =>
          options.databaseDown
            ? Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'))
            : Promise.resolve({ rows: [{ postgres: '15.20', postgis: '3.3.2' }] }),
      },
      pool: {
        query: (text: string) =>
          Promise.resolve(
            text.includes('from job_runners')
              ? { rows: [{ live: queue.live, last_seen_at: null, seconds_since: null }] }
              : { rows: [{ queued: queue.queued, scheduled: queue.scheduled, running: 0, failed: 0 }] },
          ),
      },
    },
    find: () => Promise.resolve({ docs: (options.applied ?? []).map((name) => ({ name })) }),
  } as unknown as Payload
}

const context = { isEmbedded: false, shippedMigrations: ['20260101_initial', '20260201_tags'], version: '0.1.0' }

describe('checkHealth', () => {
  it('is ok when the database answers and every migration is applied', async () => {
    const result = await checkHealth(fakePayload({ applied: context.shippedMigrations }), context)
    expect(result.status).toBe('ok')
    expect(result.database).toMatchObject({ status: 'ok', kind: 'external', postgisVersion: '3.3.2' })
    expect(result.eventIndex).toEqual({ status: 'ok', enabled: false, loading: 0 })
  })

  it('shows whether the event index is on and how many loads run', async () => {
    const result = await checkHealth(fakePayload({ applied: context.shippedMigrations }), {
      ...context,
      eventIndex: { enabled: true, loading: 2 },
    })
    expect(result.eventIndex).toEqual({ status: 'ok', enabled: true, loading: 2 })
  })

  it('is a warning, not an error, when jobs are queued and no runner was ever seen', async () => {
    const result = await checkHealth(
      fakePayload({ applied: context.shippedMigrations, queue: { queued: 2, scheduled: 1, live: 0 } }),
      context,
    )
    expect(result.status).toBe('warning')
    expect(result.jobQueue).toMatchObject({ status: 'warning', queued: 2, scheduled: 1, runners: 0 })
  })

  it('is ok with only a scheduled job waiting and no runner', async () => {
    const result = await checkHealth(
      fakePayload({ applied: context.shippedMigrations, queue: { queued: 0, scheduled: 1, live: 0 } }),
      context,
    )
    expect(result.status).toBe('ok')
    expect(result.jobQueue).toMatchObject({ status: 'ok', queued: 0, scheduled: 1 })
  })

  it('names the pending migrations', async () => {
    const result = await checkHealth(fakePayload({ applied: ['20260101_initial'] }), context)
    expect(result.status).toBe('error')
    expect(result.migrations).toMatchObject({ status: 'error', pending: ['20260201_tags'] })
  })

  it('reports an unreachable database with its reason instead of throwing', async () => {
    const result = await checkHealth(fakePayload({ databaseDown: true }), { ...context, isEmbedded: true })
    expect(result.status).toBe('error')
    expect(result.database).toMatchObject({
      status: 'error',
      kind: 'embedded',
      message: 'connect ECONNREFUSED 127.0.0.1:5432',
    })
    expect(result.jobQueue.status).toBe('error')
  })
})
