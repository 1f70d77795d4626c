import { describe, expect, it } from 'vitest'

import { TooBusy, TooManyOfClient, WorkGate } from './heavy-work-gate'

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
    const response = await gate.respondStreaming(() => Promise.resolve(new Response('streamed body')))
    expect(gate.load.running).toBe(1)
    const busy = await gate.respondStreaming(() => Promise.resolve(new Response('never')))
    expect(busy.status).toBe(503)
    expect(busy.headers.get('retry-after')).toBe('5')
    expect(await response.text()).toBe('streamed body')
    await tick()
    expect(gate.load.running).toBe(0)
  })

  it('cuts off a streamed answer whose client stops reading, and gives its turn to the next', async () => {
    const gate = new WorkGate(1, 1, 50)
    let pulls = 0
    let cancelled: unknown
    const endless = new ReadableStream<Uint8Array>(
      {
        pull: (controller) => controller.enqueue(new TextEncoder().encode(`part ${++pulls}\n`)),
        cancel: (reason) => {
          cancelled = reason
        },
      },
      { highWaterMark: 0 },
    )
    const stalled = (await gate.respondStreaming(() => Promise.resolve(new Response(endless)))).body!.getReader()
    expect(new TextDecoder().decode((await stalled.read()).value)).toBe('part 1\n')
    // The client reads nothing more; the next request waits for the turn, then gets it.
    const next = gate.respondStreaming(() => Promise.resolve(new Response('next')))
    expect(await (await next).text()).toBe('next')
    expect(cancelled).toBeInstanceOf(Error)
    expect(pulls).toBe(1)
    await expect(stalled.read()).rejects.toThrow(/read nothing for 50 ms/)
    await tick()
    expect(gate.load).toEqual({ running: 0, waiting: 0 })
  })

  it('lets a slow source take its time while the client keeps reading', async () => {
    const gate = new WorkGate(1, 0, 20)
    let parts = 0
    const slow = new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        await new Promise((resolve) => setTimeout(resolve, 60))
        if (++parts > 3) controller.close()
        else controller.enqueue(new TextEncoder().encode(String(parts)))
      },
    })
    const response = await gate.respondStreaming(() => Promise.resolve(new Response(slow)))
    expect(await response.text()).toBe('123')
  })

  it('gives the turn back when an answer is never read nor cancelled', async () => {
    const gate = new WorkGate(1, 1, 50)
    let cancelled = false
    const unread = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.enqueue(new Uint8Array(1)),
      cancel: () => {
        cancelled = true
      },
    })
    await gate.respondStreaming(() => Promise.resolve(new Response(unread)))
    expect(await (await gate.respondStreaming(() => Promise.resolve(new Response('next')))).text()).toBe('next')
    expect(cancelled).toBe(true)
  })

  it('gives a built answer its turn back before the client reads it', async () => {
    const gate = new WorkGate(1, 0)
    const unread = await gate.respond(() => Promise.resolve(Response.json({ docs: [1, 2, 3] })))
    expect(gate.load.running).toBe(0)
    expect(await (await gate.respond(() => Promise.resolve(new Response('next')))).text()).toBe('next')
    expect(await unread.json()).toEqual({ docs: [1, 2, 3] })
  })

  it('gives a client one turn, lets others pass its waiting requests, and refuses it a third wait', async () => {
    const gate = new WorkGate(2, 10, 1000, { atOnce: 1, waiting: 2 })
    const leaveA1 = await gate.enter({ client: 'a' })
    const started: string[] = []
    const a2 = gate.enter({ client: 'a' }).then((leave) => (started.push('a2'), leave))
    const a3 = gate.enter({ client: 'a' }).then((leave) => (started.push('a3'), leave))
    await expect(gate.enter({ client: 'a' })).rejects.toBeInstanceOf(TooManyOfClient)
    // The second turn is free, but only for another client.
    const leaveB = await gate.enter({ client: 'b' })
    expect(started).toEqual([])
    expect(gate.load).toEqual({ running: 2, waiting: 2 })
    leaveB()
    await tick()
    expect(started).toEqual([])
    expect(gate.load).toEqual({ running: 1, waiting: 2 })
    leaveA1()
    ;(await a2)()
    ;(await a3)()
    expect(started).toEqual(['a2', 'a3'])
    await tick()
    expect(gate.load).toEqual({ running: 0, waiting: 0 })
  })

  it('answers a client over its share 429 with Retry-After', async () => {
    const gate = new WorkGate(1, 10, 1000, { atOnce: 1, waiting: 0 })
    await gate.respondStreaming(() => Promise.resolve(new Response('first')), { client: 'a' })
    const refused = await gate.respondStreaming(() => Promise.resolve(new Response('second')), { client: 'a' })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('10')
    expect(((await refused.json()) as { code: string }).code).toBe('too-many-exports')
  })

  it('gives a waiting place back when its client goes away, without running the handler', async () => {
    const gate = new WorkGate(1, 10, 1000)
    const leave = await gate.enter()
    const gone = new AbortController()
    let ran = false
    const answer = gate.respondStreaming(
      () => {
        ran = true
        return Promise.resolve(new Response('never'))
      },
      { signal: gone.signal },
    )
    await tick()
    expect(gate.load).toEqual({ running: 1, waiting: 1 })
    gone.abort()
    expect((await answer).status).toBe(499)
    expect(gate.load).toEqual({ running: 1, waiting: 0 })
    leave()
    await tick()
    expect(ran).toBe(false)
    expect(gate.load).toEqual({ running: 0, waiting: 0 })
  })

  it('gives the turn back the moment a streaming client goes away, read or not, and cancels the body', async () => {
    const gate = new WorkGate(1, 10, 60_000)
    for (const readFirst of [true, false]) {
      const gone = new AbortController()
      let cancelled: unknown
      const endless = new ReadableStream<Uint8Array>(
        {
          pull: (controller) => controller.enqueue(new Uint8Array(8)),
          cancel: (reason) => {
            cancelled = reason
          },
        },
        { highWaterMark: 0 },
      )
      const response = await gate.respondStreaming(() => Promise.resolve(new Response(endless)), {
        client: 'a',
        signal: gone.signal,
      })
      if (readFirst) await response.body!.getReader().read()
      expect(gate.load.running).toBe(1)
      gone.abort()
      expect(gate.load.running).toBe(0)
      await tick()
      expect(cancelled).toBeInstanceOf(Error)
    }
  })
})
