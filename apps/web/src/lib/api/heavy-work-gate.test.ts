import { describe, expect, it } from 'vitest'

import { TooBusy, WorkGate } from './heavy-work-gate'

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('WorkGate', () => {
  it('runs at most `atOnce` at a time, the rest in arrival order', async () => {
    const gate = new WorkGate(2, 10)
    const order: string[] = []
    const finishers: Array<() => void> = []
    const work = (name: string) =>
      gate.run(async () => {
        order.push(`start ${name}`)
        await new Promise<void>((resolve) => finishers.push(resolve))
        order.push(`end ${name}`)
      })
    const all = Promise.all(['a', 'b', 'c', 'd'].map(work))
    await tick()
    expect(order).toEqual(['start a', 'start b'])
    expect(gate.load).toEqual({ running: 2, waiting: 2 })
    finishers.shift()!()
    await tick()
    expect(order).toEqual(['start a', 'start b', 'end a', 'start c'])
    while (finishers.length > 0 || gate.load.running > 0) {
      finishers.shift()?.()
      await tick()
    }
    await all
    expect(gate.load).toEqual({ running: 0, waiting: 0 })
  })

  it('refuses one more than the queue holds', async () => {
    const gate = new WorkGate(1, 1)
    const never = new Promise<void>(() => undefined)
    void gate.run(() => never)
    void gate.run(() => never)
    await expect(gate.run(() => Promise.resolve())).rejects.toBeInstanceOf(TooBusy)
  })

  it('holds a turn until a streamed response has been read, and answers 503 when full', async () => {
    const gate = new WorkGate(1, 0)
    const response = await gate.respond(() => Promise.resolve(new Response('streamed body')))
    expect(gate.load.running).toBe(1)
    const busy = await gate.respond(() => Promise.resolve(new Response('never')))
    expect(busy.status).toBe(503)
    expect(busy.headers.get('retry-after')).toBe('5')
    expect(await response.text()).toBe('streamed body')
    await tick()
    expect(gate.load.running).toBe(0)
  })
})
