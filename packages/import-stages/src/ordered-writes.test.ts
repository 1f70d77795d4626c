import { describe, expect, it } from 'vitest'

import { OrderedWrites, type OrderedWrite } from './ordered-writes'

/** A promise the test settles by hand. */
function deferred(): { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void } {
  let resolve!: () => void
  let reject!: (error: Error) => void
  const promise = new Promise<void>((yes, no) => {
    resolve = yes
    reject = no
  })
  return { promise, resolve, reject }
}

const turn = () => new Promise((resolve) => setImmediate(resolve))

/**
 * A batch write as the import does it: its copy (finished by the test through `copied`), then
 * the earlier batch's commit, then its own commit, recorded in `log`.
 */
function batchWrite(name: string, copied: Promise<void>, log: string[]): OrderedWrite {
  return async (earlier) => {
    log.push(`${name} copying`)
    await copied
    log.push(`${name} copied`)
    try {
      await earlier
    } catch {
      log.push(`${name} rolled back`)
      throw new Error(`${name} rolled back after an earlier batch failed`)
    }
    log.push(`${name} committed`)
  }
}

describe('OrderedWrites', () => {
  it('runs two copies at once but commits them in the order they started', async () => {
    const log: string[] = []
    const writes = new OrderedWrites(2)
    const first = deferred()
    const second = deferred()
    await writes.start(batchWrite('1', first.promise, log))
    await writes.start(batchWrite('2', second.promise, log))
    expect(log).toEqual(['1 copying', '2 copying'])
    // The later batch finishes copying first; it still waits for the earlier one to commit.
    second.resolve()
    await turn()
    expect(log).toEqual(['1 copying', '2 copying', '2 copied'])
    first.resolve()
    await writes.finish()
    expect(log).toEqual(['1 copying', '2 copying', '2 copied', '1 copied', '1 committed', '2 committed'])
  })

  it('starts a third write only when the oldest has ended', async () => {
    const log: string[] = []
    const writes = new OrderedWrites(2)
    const copies = [deferred(), deferred(), deferred()]
    await writes.start(batchWrite('1', copies[0]!.promise, log))
    await writes.start(batchWrite('2', copies[1]!.promise, log))
    const third = writes.start(batchWrite('3', copies[2]!.promise, log))
    await turn()
    expect(log).not.toContain('3 copying')
    copies[0]!.resolve()
    await third
    expect(log).toContain('1 committed')
    expect(log.at(-1)).toBe('3 copying')
    copies[1]!.resolve()
    copies[2]!.resolve()
    await writes.finish()
    expect(log.filter((line) => line.endsWith('committed'))).toEqual(['1 committed', '2 committed', '3 committed'])
  })

  it('writes one batch at a time with a limit of 1', async () => {
    const log: string[] = []
    const writes = new OrderedWrites(1)
    const first = deferred()
    await writes.start(batchWrite('1', first.promise, log))
    const second = writes.start(batchWrite('2', Promise.resolve(), log))
    await turn()
    expect(log).toEqual(['1 copying'])
    first.resolve()
    await second
    await writes.finish()
    expect(log).toEqual(['1 copying', '1 copied', '1 committed', '2 copying', '2 copied', '2 committed'])
  })

  it('rolls back the batches after a failed one and reports the first failure', async () => {
    const log: string[] = []
    const writes = new OrderedWrites(2)
    const first = deferred()
    await writes.start(async (earlier) => {
      await earlier
      await first.promise
    })
    await writes.start(batchWrite('2', Promise.resolve(), log))
    first.reject(new Error('disk full'))
    await expect(writes.finish()).rejects.toThrow('disk full')
    await writes.settle()
    expect(log).toEqual(['2 copying', '2 copied', '2 rolled back'])
  })

  it('makes start report the oldest write’s failure, and settle wait for the rest', async () => {
    const writes = new OrderedWrites(1)
    await writes.start(() => Promise.reject(new Error('connection lost')))
    await expect(writes.start(() => Promise.resolve())).rejects.toThrow('connection lost')
    let ended = false
    const slow = deferred()
    const other = new OrderedWrites(2)
    await other.start(async () => {
      await slow.promise
      ended = true
    })
    const settling = other.settle()
    slow.resolve()
    await settling
    expect(ended).toBe(true)
  })

  it('refuses a limit below one', () => {
    expect(() => new OrderedWrites(0)).toThrow(RangeError)
    expect(() => new OrderedWrites(1.5)).toThrow(RangeError)
  })
})
