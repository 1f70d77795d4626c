import { describe, expect, it } from 'vitest'

import { FAILURES_BEFORE_PAUSE, retryDelayMs } from './retry'

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
