/**
 * Gates in front of the API's heavy requests: one for CMS lists, GraphQL and large pages of the
 * read API, which run one at a time per process while the rest wait their turn, so a burst of them
 * can neither take every database connection nor all of the event loop from the cheap requests
 * beside them (`/api/health`, a small page of events); and one for the streamed exports, which
 * hold their turn while they stream, so that a long export never holds up the lists. A full queue
 * answers 503 with `Retry-After`; a stream whose client stops reading gives its turn back.
 * @module
 */
import { ApiError, errorResponse } from './api-error'

/** How many heavy requests run at once in one web process. */
export const HEAVY_REQUESTS_AT_ONCE = 1
/** How many may wait; one more is answered 503. */
export const HEAVY_REQUESTS_WAITING = 500
/** How many exports stream at once in one web process. */
export const EXPORTS_AT_ONCE = 2
/** How many exports may wait for a turn. */
export const EXPORTS_WAITING = 50
/**
 * How long a streamed answer may wait for its client to take the next part before it is ended
 * and its turn given back: a client that stops reading must not hold a turn for ever.
 */
export const STREAM_IDLE_MS = 30_000

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
   * @param streamIdleMs - how long {@link WorkGate.respond} lets a client leave a streamed body unread
   */
  constructor(
    readonly atOnce: number,
    readonly maxWaiting: number,
    readonly streamIdleMs = STREAM_IDLE_MS,
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
   * Runs a request handler in a turn that lasts while it builds its answer (a list, a GraphQL
   * result: JSON in memory); sending it, as slowly as the client reads, holds up no one. A full
   * queue is a 503.
   */
  respond(handle: () => Promise<Response>): Promise<Response> {
    return this.inTurn(async (leave) => {
      try {
        return await handle()
      } finally {
        leave()
      }
    })
  }

  /**
   * Runs a request handler in a turn that lasts until its response body has been sent (or
   * abandoned), so a streamed export holds its turn while it streams and reads. A client that
   * takes no part of the body for {@link WorkGate.streamIdleMs} gets it cut off there, and the
   * turn goes on. A full queue is a 503.
   */
  respondStreaming(handle: () => Promise<Response>): Promise<Response> {
    return this.inTurn(async (leave) => {
      try {
        const response = await handle()
        if (!response.body) {
          leave()
          return response
        }
        return new Response(this.watchedBody(response.body, leave), {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        })
      } catch (error) {
        leave()
        throw error
      }
    })
  }

  // Waits for a turn and hands it to `use`, which gives it back; a full queue is a 503 at once.
  private async inTurn(use: (leave: () => void) => Promise<Response>): Promise<Response> {
    let leave: () => void
    try {
      leave = await this.enter()
    } catch (error) {
      return errorResponse(error)
    }
    return use(leave)
  }

  // The body as the client reads it: the turn is given back when it ends, fails, is cancelled by
  // the client, or waits longer than streamIdleMs for the client to read on (then it is cancelled,
  // which stops the export's reads).
  private watchedBody(body: ReadableStream<Uint8Array>, leave: () => void): ReadableStream<Uint8Array> {
    const reader = body.getReader()
    let idle: NodeJS.Timeout | undefined
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined
    const stop = (reason: unknown) => {
      clearTimeout(idle)
      leave()
      reader.cancel(reason).catch(() => undefined)
    }
    // Armed while the client has a part to take, the first one included: a body that is never
    // read nor cancelled (an answer the server drops unsent) must not keep its turn either.
    const awaitClient = () => {
      idle = setTimeout(() => {
        stop(new Error('the client stopped reading'))
        controller?.error(new Error(`The client read nothing for ${this.streamIdleMs} ms`))
      }, this.streamIdleMs)
      idle.unref()
    }
    awaitClient()
    return new ReadableStream<Uint8Array>(
      {
        start: (streamController) => {
          controller = streamController
        },
        pull: async (streamController) => {
          clearTimeout(idle)
          try {
            const { done, value } = await reader.read()
            if (done) {
              leave()
              streamController.close()
              return
            }
            streamController.enqueue(value)
            awaitClient()
          } catch (error) {
            stop(error)
            streamController.error(error)
          }
        },
        cancel: (reason) => stop(reason),
      },
      // No read-ahead: a part is read from the source only when the client has taken the last.
      { highWaterMark: 0 },
    )
  }
}

const globalGate = globalThis as { chronotopeHeavyWork?: WorkGate; chronotopeExportWork?: WorkGate }

/** The process's gate for heavy API requests: one for all of Next's route bundles, which each load this module. */
export const heavyWork: WorkGate = (globalGate.chronotopeHeavyWork ??= new WorkGate(
  HEAVY_REQUESTS_AT_ONCE,
  HEAVY_REQUESTS_WAITING,
))

/** The process's gate for streamed exports, apart from {@link heavyWork} so a long export holds up no list. */
export const exportWork: WorkGate = (globalGate.chronotopeExportWork ??= new WorkGate(EXPORTS_AT_ONCE, EXPORTS_WAITING))
