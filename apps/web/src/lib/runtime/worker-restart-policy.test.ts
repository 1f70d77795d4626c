import { describe, expect, it } from 'vitest'

import { decideWorkerRestart, WORKER_RESTART_POLICY } from './worker-restart-policy'

describe('decideWorkerRestart', () => {
  it.each([
    // previous quick crashes, ran for (ms), decision
    [0, 500, { action: 'restart', delayMs: 1_000, crashesInARow: 1 }],
    [1, 500, { action: 'restart', delayMs: 2_000, crashesInARow: 2 }],
    [3, 500, { action: 'restart', delayMs: 8_000, crashesInARow: 4 }],
    [4, 500, { action: 'give-up', crashesInARow: 5 }],
    // A worker that ran a while before it crashed starts a new count.
    [4, 60_000, { action: 'restart', delayMs: 1_000, crashesInARow: 1 }],
    [3, 3_600_000, { action: 'restart', delayMs: 1_000, crashesInARow: 1 }],
  ])('after %i quick crashes, one after %i ms: %o', (previous, ranMs, expected) => {
    expect(decideWorkerRestart(previous, ranMs)).toEqual(expected)
  })

  it('never waits longer than the longest delay', () => {
    const policy = { ...WORKER_RESTART_POLICY, maxCrashesInARow: 100 }
    expect(decideWorkerRestart(20, 0, policy)).toEqual({ action: 'restart', delayMs: 30_000, crashesInARow: 21 })
  })
})
