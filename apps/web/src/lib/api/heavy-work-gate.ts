/**
 * A gate in front of the API's heavy requests (CMS lists, GraphQL, exports, large pages of the read
 * API): at most a few run at once per process and the rest wait their turn, so a burst of them can
 * neither take every database connection nor all of the event loop from the cheap requests beside
 * them (`/api/health`, a small page of events). A full queue answers 503 with `Retry-After`.
 * @module
 */
import { ApiError, errorResponse } from './api-error'

/** How many heavy requests run at once in one web process. */
export const HEAVY_REQUESTS_AT_ONCE = 1
/** How many may wait; one more is answered 503. */
export const HEAVY_REQUESTS_WAITING = 500

/** Thrown when the queue of a {@link WorkGate} is full. */
export class TooBusy extends ApiError {
  constructor() {
    super(503, 'too-busy', 'The server is answering many large requests; try again in a few seconds', undefined, {
      'Retry-After': '5',
    })
    this.name = 'TooBusy'
  }
}

/**
 * A counting semaphore with a bounded FIFO queue.
 * @example const gate = new WorkGate(2, 100); await gate.run(() => heavyWork())
 */
export class WorkGate {
  private running = 0
  private readonly waiting: Array<() => void> = []

  /**
   * @param atOnce - how many may run at the same time
   * @param maxWaiting - how many may wait; more are refused with {@link TooBusy}
   */
  constructor(
    readonly atOnce: number,
    readonly maxWaiting: number,
  ) {}

  /** How many run and how many wait, for tests and logs. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length }
  }

  /**
   * Waits for a turn; the returned function gives it back (call it exactly once).
   * @throws {@link TooBusy} when the queue is full
   */
  async enter(): Promise<() => void> {
    if (this.running < this.atOnce) {
      this.running++
    } else {
      if (this.waiting.length >= this.maxWaiting) throw new TooBusy()
      // The turn passes straight from the leaving request to this one: `running` stays counted.
      await new Promise<void>((resolve) => this.waiting.push(resolve))
    }
    let left = false
    return () => {
      if (left) return
      left = true
      const next = this.waiting.shift()
      if (!next) this.running--
      // The next turn starts after the requests that arrived meanwhile had their go at the event
      // loop; a promise would start it before them.
      else setImmediate(next)
    }
  }

  /** Runs `work` in a turn and gives the turn back when it settles. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const leave = await this.enter()
    try {
      return await work()
    } finally {
      leave()
    }
  }

  /**
   * Runs a request handler in a turn that lasts until its response body has been sent (or
   * abandoned), so a streamed export holds its turn while it streams. A full queue is a 503.
   */
  async respond(handle: () => Promise<Response>): Promise<Response> {
    let leave: () => void
    try {
      leave = await this.enter()
    } catch (error) {
      return errorResponse(error)
    }
    try {
      const response = await handle()
      if (!response.body) {
        leave()
        return response
      }
      const release = new TransformStream<Uint8Array, Uint8Array>({ flush: () => leave() })
      response.body.pipeTo(release.writable).catch(() => leave())
      return new Response(release.readable, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      })
    } catch (error) {
      leave()
      throw error
    }
  }
}

const globalGate = globalThis as { chronotopeHeavyWork?: WorkGate }

/** The process's gate for heavy API requests: one for all of Next's route bundles, which each load this module. */
export const heavyWork: WorkGate = (globalGate.chronotopeHeavyWork ??= new WorkGate(
  HEAVY_REQUESTS_AT_ONCE,
  HEAVY_REQUESTS_WAITING,
))
