import { describe, expect, it } from 'vitest'
import { LockNotHeld } from './errors'
import { SessionLock } from './session-lock'

describe('SessionLock', () => {
  it('grants a free lock at once and serves waiters first in, first out', async () => {
    const lock = new SessionLock()
    const order: number[] = []
    expect(await lock.acquire(1)).toBe(true)
    const waiters = [2, 3, 4].map((id) => lock.acquire(id).then(() => order.push(id)))
    expect(lock.waiting).toBe(3)
    lock.release(1)
    await Promise.resolve()
    lock.release(2)
    await Promise.resolve()
    lock.release(3)
    await Promise.all(waiters)
    expect(order).toEqual([2, 3, 4])
    expect(lock.holder).toBe(4)
    lock.release(4)
    expect(lock.holder).toBeNull()
  })

  it('lets the holder acquire again without waiting', async () => {
    const lock = new SessionLock()
    await lock.acquire(1)
    expect(await lock.acquire(1)).toBe(true)
  })

  it('removes a cancelled waiter, whose acquire resolves to false', async () => {
    const lock = new SessionLock()
    await lock.acquire(1)
    const cancelled = lock.acquire(2)
    const next = lock.acquire(3)
    expect(lock.cancel(2)).toBe(true)
    expect(await cancelled).toBe(false)
    expect(lock.cancel(2)).toBe(false)
    lock.release(1)
    expect(await next).toBe(true)
    expect(lock.holder).toBe(3)
  })

  it('throws LockNotHeld naming both clients when a non-holder releases', async () => {
    const lock = new SessionLock()
    await lock.acquire(2)
    expect(() => lock.release(4)).toThrow(LockNotHeld)
    expect(() => lock.release(4)).toThrow('client #4 released the session lock held by client #2')
  })
})

describe('SessionLock holder idleness', () => {
  it('reports how long the holder has been idle in its transaction, and forgets it on release', async () => {
    const lock = new SessionLock()
    await lock.acquire(1)
    expect(lock.holderIdleMs(1_000)).toBeNull()
    lock.markHolderIdle(1, true, 1_000)
    expect(lock.holderIdleMs(1_250)).toBe(250)
    lock.markHolderIdle(2, false)
    expect(lock.holderIdleMs(1_250)).toBe(250)
    lock.markHolderIdle(1, false)
    expect(lock.holderIdleMs(1_250)).toBeNull()
    lock.markHolderIdle(1, true, 1_000)
    lock.release(1)
    expect(lock.holderIdleMs(1_250)).toBeNull()
  })
})
