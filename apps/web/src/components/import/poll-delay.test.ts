import { describe, expect, it } from 'vitest'

import { isFinalStatus, pollDelayMs } from './poll-delay'

describe('pollDelayMs', () => {
  it.each<[Parameters<typeof pollDelayMs>[0], number, number | null]>([
    [undefined, 0, 700],
    ['pending', 0, 700],
    ['processing', 0, 700],
    ['processing', 1, 1400],
    ['processing', 3, 5600],
    ['processing', 10, 10_000],
    ['awaiting-approval', 0, 5000],
    ['awaiting-approval', 2, 10_000],
    ['completed', 0, null],
    ['failed', 0, null],
    ['cancelled', 4, null],
  ])('%s after %i failures', (status, failures, expected) => {
    expect(pollDelayMs(status, failures)).toBe(expected)
  })
})

describe('isFinalStatus', () => {
  it.each<[Parameters<typeof isFinalStatus>[0], boolean]>([
    ['pending', false],
    ['processing', false],
    ['awaiting-approval', false],
    ['completed', true],
    ['failed', true],
    ['cancelled', true],
  ])('%s', (status, expected) => {
    expect(isFinalStatus(status)).toBe(expected)
  })
})
