import { describe, expect, it } from 'vitest'

import { stateAfterRun } from './finish-run'
import { summarizeRunCounts } from './settle-run'

const daily = { frequency: 'daily', time: '06:00', timeZone: 'Europe/Berlin' }
const started = new Date('2026-11-28T05:00:00Z') // 06:00 in Berlin
const finished = new Date('2026-11-28T05:03:00Z')

describe('stateAfterRun', () => {
  it('plans the next regular slot from when the run started and keeps the validators', () => {
    const { state, pause } = stateAfterRun(
      { schedule: daily, state: { consecutiveFailures: 2 } },
      { outcome: 'completed', validators: { etag: '"v2"', lastModified: null, hash: 'abc' } },
      started,
      finished,
    )
    expect(pause).toBe(false)
    expect(state).toMatchObject({
      activeRun: null,
      consecutiveFailures: 0,
      lastOutcome: 'completed',
      nextRunAt: '2026-11-29T05:00:00.000Z',
      etag: '"v2"',
      lastHash: 'abc',
    })
  })

  it('keeps the last hash when a 304 brings none', () => {
    const { state } = stateAfterRun(
      { schedule: daily, state: { lastHash: 'abc' } },
      { outcome: 'unchanged', validators: { etag: '"v2"', hash: null } },
      started,
      finished,
    )
    expect(state.lastHash).toBe('abc')
  })

  it('retries a failed run with growing delays, then pauses at the fifth failure saying why', () => {
    const delays = [0, 1, 2, 3].map((before) => {
      const { state, pause } = stateAfterRun(
        { schedule: daily, state: { consecutiveFailures: before } },
        { outcome: 'failed', error: 'HTTP 503' },
        started,
        finished,
      )
      expect(pause).toBe(false)
      expect(state.consecutiveFailures).toBe(before + 1)
      return (new Date(String(state.nextRunAt)).getTime() - started.getTime()) / 60_000
    })
    expect(delays).toEqual([1, 5, 15, 60])
    const { state, pause } = stateAfterRun(
      { schedule: daily, state: { consecutiveFailures: 4 } },
      { outcome: 'failed', error: 'HTTP 503' },
      started,
      finished,
    )
    expect(pause).toBe(true)
    expect(state.nextRunAt).toBeNull()
    expect(state.pausedReason).toMatch(/5 failed runs in a row; the last one: HTTP 503/)
  })
})

describe('summarizeRunCounts', () => {
  it('says what a run did in one line, naming only what happened', () => {
    expect(summarizeRunCounts({ added: 3, updated: 1, unchanged: 40 }, 'keep')).toBe('3 added, 1 updated, 40 unchanged')
    expect(summarizeRunCounts({ added: 0, updated: 0, unchanged: 5, gone: 2, removed: 2 }, 'delete')).toBe(
      '0 added, 0 updated, 5 unchanged, 2 gone from the source (deleted)',
    )
    expect(summarizeRunCounts({ gone: 2, removed: 0, rowErrors: 1, leftAlone: 1 }, 'mark-removed')).toBe(
      '0 added, 0 updated, 0 unchanged, 2 gone from the source (kept), 1 left alone (edited by hand), 1 rows with errors',
    )
  })
})
