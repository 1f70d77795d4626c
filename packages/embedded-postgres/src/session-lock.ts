/**
 * A first-in, first-out lock over the one PGlite session. A client holds it from its first message
 * until the database is idle again (ReadyForQuery 'I'); waiting clients are served in arrival order.
 */
import { LockNotHeld } from './errors'

interface Waiter {
  readonly clientId: number
  readonly grant: (granted: boolean) => void
}

/**
 * FIFO mutex keyed by client id.
 * @example
 * const lock = new SessionLock()
 * await lock.acquire(1) // true at once
 * const second = lock.acquire(2) // waits
 * lock.release(1) // client 2 now holds it; `second` resolves to true
 */
export class SessionLock {
  private current: number | null = null
  private readonly waiters: Waiter[] = []
  private holderIdleSinceMs: number | null = null

  /** Id of the client holding the lock, or null when it is free. */
  get holder(): number | null {
    return this.current
  }

  /** Number of clients waiting for the lock. */
  get waiting(): number {
    return this.waiters.length
  }

  /**
   * Waits for the lock.
   * @returns true once the client holds it, false when {@link cancel} removed it from the queue
   */
  acquire(clientId: number): Promise<boolean> {
    if (this.current === clientId) return Promise.resolve(true)
    if (this.current === null) {
      this.current = clientId
      return Promise.resolve(true)
    }
    return new Promise<boolean>((grant) => this.waiters.push({ clientId, grant }))
  }

  /**
   * Passes the lock to the next waiting client, or frees it.
   * @throws {@link LockNotHeld} when `clientId` is not the holder
   */
  release(clientId: number): void {
    if (this.current !== clientId) throw new LockNotHeld(clientId, this.current)
    this.holderIdleSinceMs = null
    const next = this.waiters.shift()
    this.current = next === undefined ? null : next.clientId
    next?.grant(true)
  }

  /**
   * Removes a waiting client from the queue; its pending {@link acquire} resolves to false.
   * @returns true when the client was waiting
   */
  cancel(clientId: number): boolean {
    const index = this.waiters.findIndex((waiter) => waiter.clientId === clientId)
    if (index === -1) return false
    const [waiter] = this.waiters.splice(index, 1)
    waiter!.grant(false)
    return true
  }

  /**
   * The holder reports whether it sits idle inside an open transaction (waiting for its
   * application), which lets other clients share that transaction; see {@link holderIdleMs}.
   */
  markHolderIdle(clientId: number, idle: boolean, nowMs = Date.now()): void {
    if (clientId !== this.current) return
    this.holderIdleSinceMs = idle ? nowMs : null
  }

  /**
   * How long the holder has been idle inside its transaction, in milliseconds, or null when it is busy.
   * @example lock.holderIdleMs() // 140
   */
  holderIdleMs(nowMs = Date.now()): number | null {
    return this.holderIdleSinceMs === null ? null : nowMs - this.holderIdleSinceMs
  }

  /** True when the client is in the queue. */
  isWaiting(clientId: number): boolean {
    return this.waiters.some((waiter) => waiter.clientId === clientId)
  }
}
