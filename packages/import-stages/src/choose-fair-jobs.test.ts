import { describe, expect, it } from 'vitest'

import { chooseFairJobs, type QueuedStageJob } from './choose-fair-jobs'

/** `count` jobs of one owner's import, queued one ms apart from `fromMs`. */
function jobs(owner: string, importKey: string, count: number, fromMs: number, firstId: number): QueuedStageJob[] {
  return Array.from({ length: count }, (_, i) => ({ id: firstId + i, owner, importKey, queuedAtMs: fromMs + i }))
}

const ids = (chosen: readonly QueuedStageJob[]) => chosen.map((job) => job.id)
const owners = (chosen: readonly QueuedStageJob[]) => chosen.map((job) => job.owner).join('')

describe('chooseFairJobs', () => {
  it('runs oldest first when one owner is alone, up to the limit', () => {
    const queued = jobs('A', 'a1', 30, 0, 1).reverse()
    expect(ids(chooseFairJobs({ queued, runningByOwner: new Map(), limit: 10 }))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ])
  })

  it("puts a newcomer's one job first, ahead of a big import queued long before", () => {
    const queued = [...jobs('A', 'a1', 300, 0, 1), ...jobs('B', 'b1', 1, 10_000, 1000)]
    expect(
      ids(chooseFairJobs({ queued, runningByOwner: new Map(), limit: 1, lastTurnMs: new Map([['A', 5]]) })),
    ).toEqual([1000])
    // Several at once: one each in turn, then the rest to whoever still has jobs.
    expect(
      owners(chooseFairJobs({ queued, runningByOwner: new Map(), limit: 4, lastTurnMs: new Map([['A', 5]]) })),
    ).toBe('BAAA')
  })

  it('alternates owners turn by turn when each has many jobs', () => {
    const queued = [...jobs('A', 'a1', 50, 0, 1), ...jobs('B', 'b1', 50, 100, 100), ...jobs('C', 'c1', 50, 200, 200)]
    expect(owners(chooseFairJobs({ queued, runningByOwner: new Map(), limit: 7 }))).toBe('ABCABCA')
  })

  it('follows who had a turn last, so a runner choosing one job at a time alternates too', () => {
    let queued = [...jobs('A', 'a1', 5, 0, 1), ...jobs('B', 'b1', 5, 1_000, 100)]
    const lastTurnMs = new Map<string, number>()
    const order: string[] = []
    for (let now = 1; queued.length > 0; now++) {
      const [next] = chooseFairJobs({ queued, runningByOwner: new Map(), limit: 1, lastTurnMs })
      order.push(next!.owner)
      lastTurnMs.set(next!.owner, now)
      queued = queued.filter((job) => job.id !== next!.id)
    }
    expect(order.join('')).toBe('ABABABABAB')
  })

  it('serves owners with fewer jobs running in other workers first', () => {
    const queued = [...jobs('A', 'a1', 10, 0, 1), ...jobs('B', 'b1', 10, 500, 100)]
    const runningByOwner = new Map([
      ['A', 3],
      ['B', 1],
    ])
    expect(owners(chooseFairJobs({ queued, runningByOwner, limit: 4 }))).toBe('BBAB')
  })

  it("takes turns across one owner's imports, each import oldest first", () => {
    const queued = [...jobs('A', 'big', 20, 0, 1), ...jobs('A', 'small', 2, 900, 100)]
    expect(ids(chooseFairJobs({ queued, runningByOwner: new Map(), limit: 5 }))).toEqual([1, 100, 2, 101, 3])
  })

  it('chooses nothing for an empty queue or a limit of 0', () => {
    expect(chooseFairJobs({ queued: [], runningByOwner: new Map(), limit: 5 })).toEqual([])
    expect(chooseFairJobs({ queued: jobs('A', 'a', 3, 0, 1), runningByOwner: new Map(), limit: 0 })).toEqual([])
  })

  it('is deterministic for ties: owners by name, jobs by id', () => {
    const queued: QueuedStageJob[] = [
      { id: 9, owner: 'b', importKey: 'x', queuedAtMs: 0 },
      { id: 8, owner: 'a', importKey: 'y', queuedAtMs: 0 },
      { id: 7, owner: 'a', importKey: 'y', queuedAtMs: 0 },
    ]
    expect(ids(chooseFairJobs({ queued, runningByOwner: new Map(), limit: 3 }))).toEqual([7, 9, 8])
  })
})
