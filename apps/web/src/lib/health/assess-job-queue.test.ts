import { describe, expect, it } from 'vitest'

import { assessJobQueue, describeDuration } from './assess-job-queue'

const idle = { queued: 0, scheduled: 0, running: 0, failed: 0 }
const noRunnerEver = { live: 0, lastSeenAt: null, secondsSinceLastSeen: null }
const seenAt = new Date('2026-11-25T12:00:00.000Z')

describe('describeDuration', () => {
  it.each([
    [0, '0 seconds'],
    [1, '1 second'],
    [59.9, '59 seconds'],
    [60, '1 minute'],
    [150, '2 minutes'],
    [7_200, '2 hours'],
    [90_000, '1 day'],
  ])('%s s is %s', (seconds, expected) => {
    expect(describeDuration(seconds)).toBe(expected)
  })
})

describe('assessJobQueue', () => {
  it('is ok on an idle instance whose only job waits for its scheduled slot', () => {
    expect(assessJobQueue({ ...idle, scheduled: 1 }, noRunnerEver)).toEqual({
      status: 'ok',
      ...idle,
      scheduled: 1,
      runners: 0,
      lastRunnerSeenAt: null,
    })
  })

  it('is ok when jobs are queued and a runner is alive', () => {
    const result = assessJobQueue({ ...idle, queued: 3 }, { live: 2, lastSeenAt: seenAt, secondsSinceLastSeen: 4 })
    expect(result).toMatchObject({ status: 'ok', queued: 3, runners: 2, lastRunnerSeenAt: '2026-11-25T12:00:00.000Z' })
    expect(result.message).toBeUndefined()
  })

  it('warns when jobs are queued and no runner was seen for a while, saying how long and what to do', () => {
    const result = assessJobQueue(
      { ...idle, queued: 3, scheduled: 1 },
      { live: 0, lastSeenAt: seenAt, secondsSinceLastSeen: 150 },
    )
    expect(result).toMatchObject({ status: 'warning', queued: 3, scheduled: 1, runners: 0 })
    expect(result.message).toBe(
      '3 job(s) are queued but no worker has been seen for 2 minutes; start npm run worker (or set CHRONOTOPE_WORKERS for npm run serve)',
    )
  })

  it('warns when jobs are queued and no runner was ever seen', () => {
    const result = assessJobQueue({ ...idle, queued: 1 }, noRunnerEver)
    expect(result.status).toBe('warning')
    expect(result.message).toContain('no worker has ever been seen; start npm run worker')
  })
})
