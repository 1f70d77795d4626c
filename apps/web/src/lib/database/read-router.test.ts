import type { Pool } from 'pg'
import { describe, expect, it, vi } from 'vitest'

import { isUnavailableDatabaseError, ReadRouter } from './read-router'

type Versions = Array<[number, string]>

// A stand-in for a pool that answers the version query (and `select 1`) from a table, or fails;
// `asked` counts its queries.
function fakePool(name: string, state: { versions: Versions; failure?: Error }): Pool & { asked: number } {
  const pool = {
    name,
    asked: 0,
    query: (text: string) => {
      pool.asked++
      if (state.failure) return Promise.reject(state.failure)
      if (text === 'select 1') return Promise.resolve({ rows: [{}] })
      return Promise.resolve({
        rows: state.versions.map(([id, version]) => ({ dataset_id: id, version, event_count: '10' })),
      })
    },
  }
  return pool as unknown as Pool & { asked: number }
}

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' })

describe('ReadRouter', () => {
  it('reads from the primary when no replica is set, without asking it anything', async () => {
    const primary = fakePool('primary', { versions: [[1, '5']] })
    const database = await new ReadRouter(primary, null).route([1])
    expect(database).toMatchObject({ pool: primary, onReplica: false })
    expect(database.versions).toBeUndefined()
    expect(primary.asked).toBe(0)
  })

  it('reads from the replica only while it holds the primary versions', async () => {
    const primaryState = { versions: [[1, '5']] as Versions }
    const replicaState = { versions: [[1, '5']] as Versions }
    const primary = fakePool('primary', primaryState)
    const replica = fakePool('replica', replicaState)
    const router = new ReadRouter(primary, replica)
    const current = await router.route([1])
    expect(current.pool).toBe(replica)
    expect(current.versions?.get(1)).toEqual({ version: '5', count: 10 })
    primaryState.versions = [[1, '6']]
    expect((await router.route([1])).pool).toBe(primary)
    replicaState.versions = [[1, '6']]
    expect((await router.route([1])).pool).toBe(replica)
  })

  it('falls back to the primary while the replica is down, and returns to it once a probe answers', async () => {
    vi.useFakeTimers()
    try {
      const replicaState: { versions: Versions; failure?: Error } = { versions: [[1, '5']], failure: refused() }
      const primary = fakePool('primary', { versions: [[1, '5']] })
      const replica = fakePool('replica', replicaState)
      const changes: boolean[] = []
      const router = new ReadRouter(primary, replica, {
        probeIntervalMs: 1_000,
        onReplicaChange: (up) => changes.push(up),
      })
      expect((await router.route([1])).pool).toBe(primary)
      expect(router.status()).toEqual({ configured: true, available: false })
      // Down: no read asks it again until a probe has reached it.
      const asked = replica.asked
      expect((await router.route([1])).pool).toBe(primary)
      expect(replica.asked).toBe(asked)
      await vi.advanceTimersByTimeAsync(1_000)
      expect(router.status().available).toBe(false)
      delete replicaState.failure
      await vi.advanceTimersByTimeAsync(1_000)
      expect(router.status().available).toBe(true)
      expect((await router.route([1])).pool).toBe(replica)
      expect(changes).toEqual([false, true])
      router.close()
    } finally {
      vi.useRealTimers()
    }
  })

  it('takes the replica out only for errors that say it could not answer', () => {
    const router = new ReadRouter(fakePool('p', { versions: [] }), fakePool('r', { versions: [] }))
    const syntax = Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' })
    expect(router.replicaFailed(syntax)).toBe(false)
    expect(router.status().available).toBe(true)
    const conflict = Object.assign(new Error('canceling statement due to conflict with recovery'), { code: '40001' })
    expect(router.replicaFailed(conflict)).toBe(true)
    expect(router.status().available).toBe(false)
    router.close()
  })
})

describe('isUnavailableDatabaseError', () => {
  it.each([
    [refused(), true],
    [Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }), true],
    [Object.assign(new Error('the database system is starting up'), { code: '57P03' }), true],
    [Object.assign(new Error('connection failure'), { code: '08006' }), true],
    [new Error('Connection terminated unexpectedly'), true],
    [Object.assign(new Error('relation "events" does not exist'), { code: '42P01' }), false],
    ['not an error', false],
  ])('%s → %s', (error, expected) => {
    expect(isUnavailableDatabaseError(error)).toBe(expected)
  })
})
