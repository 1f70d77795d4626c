import { describe, expect, it } from 'vitest'

import { WorkClock } from './work-timings'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('WorkClock', () => {
  it('adds each part’s time to what an earlier attempt recorded', async () => {
    const clock = new WorkClock({ reading: 1000 })
    await clock.time('reading', () => pause(20))
    await clock.time('writing', () => pause(20))
    const timings = clock.timings()
    expect(timings.reading).toBeGreaterThanOrEqual(1018)
    expect(timings.reading).toBeLessThan(2000)
    expect(timings.writing).toBeGreaterThanOrEqual(18)
    expect(timings.building).toBeUndefined()
  })

  it('counts the time of work that throws, and lets the error through', async () => {
    const clock = new WorkClock()
    await expect(
      clock.time('writing', async () => {
        await pause(15)
        throw new Error('duplicate key')
      }),
    ).rejects.toThrow('duplicate key')
    expect(clock.timings().writing).toBeGreaterThanOrEqual(13)
  })

  it('sums spans measured from a start reading', () => {
    const clock = new WorkClock()
    const started = performance.now() - 40
    clock.addSince('building', started)
    clock.addSince('building', performance.now() - 10)
    expect(clock.timings().building).toBeGreaterThanOrEqual(50)
  })
})
