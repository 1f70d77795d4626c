import { describe, expect, it } from 'vitest'

import { advanceProgress, finishProgress, overallPercent, startProgress } from './progress'

const at = (seconds: number) => new Date(seconds * 1000)

describe('progress tracking', () => {
  it('measures rows per second and the time left', () => {
    const started = startProgress(10_000, at(0))
    const halfway = advanceProgress(started, 5_000, at(2))
    expect(halfway).toMatchObject({ rowsDone: 5_000, rowsTotal: 10_000, rowsPerSecond: 2_500, etaSeconds: 2 })
  })

  it('has no rate or time left before the first row, or without a total', () => {
    expect(advanceProgress(startProgress(10, at(0)), 0, at(1))).toMatchObject({ rowsPerSecond: null, etaSeconds: null })
    expect(advanceProgress(startProgress(null, at(0)), 5, at(1))).toMatchObject({ rowsPerSecond: 5, etaSeconds: null })
  })

  it('resumes an interrupted stage from its rows done, measuring the rate of the new run only', () => {
    const interrupted = advanceProgress(startProgress(1_000, at(0)), 400, at(100))
    const resumed = startProgress(1_000, at(200), interrupted)
    expect(resumed).toMatchObject({ rowsDone: 400, rowsDoneAtStart: 400, startedAt: at(0).toISOString() })
    expect(advanceProgress(resumed, 600, at(201))).toMatchObject({ rowsPerSecond: 200, etaSeconds: 2 })
  })

  it('restarts a finished stage from zero', () => {
    const finished = finishProgress(startProgress(5, at(0)), 5, at(1))
    expect(finished).toMatchObject({ rowsTotal: 5, etaSeconds: 0, finishedAt: at(1).toISOString() })
    expect(startProgress(5, at(2), finished).rowsDone).toBe(0)
  })

  it('weights stages into one percentage that only reaches 100 when completed', () => {
    expect(overallPercent({}, 'dataset-detection')).toBe(0)
    const detected = { 'schema-detection': finishProgress(startProgress(10, at(0)), 10, at(1)) }
    expect(overallPercent(detected, 'analyze-duplicates')).toBe(5)
    const creating = {
      ...detected,
      'analyze-duplicates': finishProgress(startProgress(10, at(0)), 10, at(1)),
      'create-events': advanceProgress(startProgress(10, at(0)), 5, at(1)),
    }
    // Geocoding was skipped: it counts as done once create-events runs.
    expect(overallPercent(creating, 'create-events')).toBe(70)
    expect(overallPercent(creating, 'completed')).toBe(100)
    const allDone = { ...creating, 'create-events': finishProgress(creating['create-events'], 10, at(2)) }
    expect(overallPercent(allDone, 'create-events')).toBe(99)
  })
})
