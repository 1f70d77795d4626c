import type { Payload } from 'payload'
import { describe, expect, it } from 'vitest'

import { checkHealth } from './check-health'

function fakePayload(options: { databaseDown?: boolean; applied?: string[] }): Payload {
  return {
    db: {
      drizzle: {
        execute: async () => {
          if (options.databaseDown) throw new Error('connect ECONNREFUSED 127.0.0.1:5432')
          return { rows: [{ postgres: '15.20', postgis: '3.3.2' }] }
        },
      },
    },
    find: async () => ({ docs: (options.applied ?? []).map((name) => ({ name })) }),
    count: async () => ({ totalDocs: 0 }),
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
