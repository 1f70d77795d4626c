import { describe, expect, it } from 'vitest'

import { FAILURES_BEFORE_PAUSE, nextAttemptAt, retryDelayMs } from './retry'

describe('retryDelayMs', () => {
  it('backs off 1, 5, 15, 60 minutes and stays at 60', () => {
    expect([0, 1, 2, 3, 4, 5, 50].map((failures) => retryDelayMs(failures) / 60_000)).toEqual([0, 1, 5, 15, 60, 60, 60])
  })

  it('retries four times before the fifth failure pauses the schedule', () => {
    expect(FAILURES_BEFORE_PAUSE).toBe(5)
    const waited = [1, 2, 3, 4].reduce((total, failures) => total + retryDelayMs(failures), 0)
    expect(waited / 60_000).toBe(81)
  })

  it('refuses a count that is not a whole number ≥ 0', () => {
    expect(() => retryDelayMs(-1)).toThrow(RangeError)
    expect(() => retryDelayMs(1.5)).toThrow('whole number')
  })
})

describe('nextAttemptAt', () => {
  const failedAt = new Date('2026-11-28T10:00:30Z')

  it('retries a daily import after the backoff, long before its next regular run', () => {
    const daily = { frequency: 'daily', time: '06:00', timeZone: 'Europe/Berlin' } as const
    expect(nextAttemptAt(daily, failedAt, 1).toISOString()).toBe('2026-11-28T10:01:30.000Z')
    expect(nextAttemptAt(daily, failedAt, 4).toISOString()).toBe('2026-11-28T11:00:30.000Z')
  })

  it('lets a frequent import wait out the backoff, then run on its own grid', () => {
    const every = { frequency: 'every', intervalMinutes: 5, timeZone: 'UTC' } as const
    expect(nextAttemptAt(every, failedAt, 1).toISOString()).toBe('2026-11-28T10:01:30.000Z')
    expect(nextAttemptAt(every, failedAt, 3).toISOString()).toBe('2026-11-28T10:20:00.000Z')
    expect(nextAttemptAt(every, new Date('2026-11-28T10:00:00Z'), 3).toISOString()).toBe('2026-11-28T10:15:00.000Z')
  })
})
