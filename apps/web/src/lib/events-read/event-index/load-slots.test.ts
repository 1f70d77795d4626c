import { describe, expect, it } from 'vitest'

import { LoadSlots } from './load-slots'

function deferred(): { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void } {
  let resolve!: () => void
  let reject!: (error: Error) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('LoadSlots', () => {
  it('runs at most its slots at once and the rest in the order they came, a failure freeing its slot', async () => {
    const slots = new LoadSlots(2)
    const started: number[] = []
    const gates = [0, 1, 2, 3].map(() => deferred())
    const runs = gates.map((gate, index) =>
      slots.run(async () => {
        started.push(index)
        await gate.promise
        return index
      }),
    )
    await tick()
    expect(started).toEqual([0, 1])
    expect(slots.size).toEqual({ running: 2, waiting: 2 })
    gates[1]!.reject(new Error('load failed'))
    await expect(runs[1]).rejects.toThrow('load failed')
    await tick()
    expect(started).toEqual([0, 1, 2])
    gates[0]!.resolve()
    gates[2]!.resolve()
    await tick()
    expect(started).toEqual([0, 1, 2, 3])
    gates[3]!.resolve()
    expect(await Promise.all([runs[0], runs[2], runs[3]])).toEqual([0, 2, 3])
    expect(slots.size).toEqual({ running: 0, waiting: 0 })
  })

  it('refuses a number of slots that is not a positive whole number', () => {
    expect(() => new LoadSlots(0)).toThrow(RangeError)
    expect(() => new LoadSlots(1.5)).toThrow(RangeError)
  })
})
