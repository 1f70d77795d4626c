/**
 * Spaces the requests sent to one online provider. The app supplies one shared across worker
 * processes (backed by PostgreSQL); {@link createIntervalRateLimiter} is the in-process one.
 */
export interface RateLimiter {
  /**
   * Resolves when one more request may be sent to `provider`; rejects with the signal's reason
   * when `signal` aborts first.
   */
  acquire(provider: string, signal?: AbortSignal): Promise<void>
  /** Tells the limiter that `provider` asked for a pause (429/503): no request before `delayMs` from now. */
  backOff?(provider: string, delayMs: number): Promise<void>
}

/** The clock a rate limiter waits with; tests may pass a fake one. */
export interface RateLimiterClock {
  /** Milliseconds since some fixed point, e.g. `performance.now()`. */
  now(): number
  /** Resolves after `ms` milliseconds; rejects with the signal's reason when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}

/** Thrown when a rate is not a positive finite number of requests per second. */
export class InvalidRequestRate extends Error {
  override readonly name = 'InvalidRequestRate'
  /** @param value - the rate received */
  constructor(readonly value: unknown) {
    super(`requestsPerSecond must be a positive number such as 1 (Nominatim's limit); got ${JSON.stringify(value)}`)
  }
}

// An AbortSignal's reason is an Error (an AbortError or TimeoutError DOMException) unless the
// caller aborted with something else, which is then wrapped.
function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason
  return reason instanceof Error ? reason : new Error('The operation was aborted', { cause: reason })
}

/**
 * Sleeps `ms` milliseconds unless `signal` aborts first.
 * @example await sleepMs(200) // resolves after 200 ms
 */
export function sleepMs(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(abortReason(signal))
      return
    }
    const onAbort = (): void => {
      clearTimeout(timer)
      reject(abortReason(signal))
    }
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort)
        resolve()
      },
      Math.max(0, ms),
    )
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/** The real clock: `performance.now()` and `setTimeout`. */
export const SYSTEM_CLOCK: RateLimiterClock = { now: () => performance.now(), sleep: sleepMs }

/**
 * Creates an in-process rate limiter that hands out request slots exactly `1000 / requestsPerSecond`
 * ms apart per provider, in the order `acquire` was called, however many geocodes run concurrently.
 * A `backOff` pushes the provider's next slot to at least `delayMs` from now.
 * @throws {@link InvalidRequestRate} when `requestsPerSecond` is not a positive number
 * @example const limiter = createIntervalRateLimiter(1) // Nominatim: slots at 0 ms, 1000 ms, 2000 ms, …
 */
export function createIntervalRateLimiter(
  requestsPerSecond: number,
  clock: RateLimiterClock = SYSTEM_CLOCK,
): RateLimiter {
  if (typeof requestsPerSecond !== 'number' || !(requestsPerSecond > 0) || !Number.isFinite(requestsPerSecond)) {
    throw new InvalidRequestRate(requestsPerSecond)
  }
  const intervalMs = 1000 / requestsPerSecond
  // Next free slot per provider: reserving it synchronously keeps concurrent callers in order.
  const nextSlot = new Map<string, number>()
  return {
    async acquire(provider: string, signal?: AbortSignal): Promise<void> {
      signal?.throwIfAborted()
      const now = clock.now()
      const slot = Math.max(now, nextSlot.get(provider) ?? now)
      nextSlot.set(provider, slot + intervalMs)
      if (slot > now) await clock.sleep(slot - now, signal)
    },
    backOff(provider: string, delayMs: number): Promise<void> {
      const resumeAt = clock.now() + Math.max(0, delayMs)
      nextSlot.set(provider, Math.max(nextSlot.get(provider) ?? 0, resumeAt))
      return Promise.resolve()
    },
  }
}
