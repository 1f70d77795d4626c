import { describe, expect, it } from 'vitest'

import { decideRateLimit } from './attempt-limiter'

describe('decideRateLimit', () => {
  const limit = { limit: 2, windowSeconds: 60 }
  const at = (seconds: number) => new Date(seconds * 1000)
  it.each([
    [0, undefined, 0, { allowed: true }],
    [1, 70, 10, { allowed: true }],
    [2, 60, 10, { allowed: false, retryAfterSeconds: 50 }],
    [5, 60, 59.5, { allowed: false, retryAfterSeconds: 1 }],
    [2, 59, 59.5, { allowed: false, retryAfterSeconds: 1 }],
    [2, undefined, 0, { allowed: false, retryAfterSeconds: 60 }],
  ])('%i attempts in the window, one more fits at %s s, now %s s', (count, freeingAt, now, expected) => {
    expect(decideRateLimit(count, freeingAt === undefined ? undefined : at(freeingAt), limit, at(now))).toEqual(
      expected,
    )
  })
})
