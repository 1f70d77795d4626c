/**
 * Gates in front of the API's heavy requests: one for CMS lists, GraphQL and large pages of the
 * read API, which run one at a time per process while the rest wait their turn, so a burst of them
 * can neither take every database connection nor all of the event loop from the cheap requests
 * beside them (`/api/health`, a small page of events); and one for the streamed exports, which
 * hold their turn while they stream, so that a long export never holds up the lists. A full queue
 * answers 503 with `Retry-After`. At the exports' gate each client (a signed-in user, else an
 * address) has at most one turn and two places in the queue (a third waiting export is a 429 with
 * `Retry-After`), and its waiting exports are passed over while its turn runs. A client that goes
 * away gives its turn or place back at once; one that stops reading gives it back after
 * {@link STREAM_IDLE_MS}.
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
/** How many exports of one client (a signed-in user, else an address) stream at once. */
export const EXPORTS_PER_CLIENT_AT_ONCE = 1
/** How many exports of one client may wait behind its running one; one more is answered 429. */
export const EXPORTS_PER_CLIENT_WAITING = 2
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

/** Thrown when one client already has as many requests running and waiting at a {@link WorkGate} as it may. */
export class TooManyOfClient extends ApiError {
  constructor(running: number, waiting: number) {
    super(
      429,
      'too-many-exports',
      `You already have ${running} export${running === 1 ? '' : 's'} running and ${waiting} waiting; ` +
        'try again when one of them has finished',
      undefined,
      { 'Retry-After': '10' },
    )
    this.name = 'TooManyOfClient'
  }
}

/** Thrown to a request whose client went away while it waited for a turn. */
export class ClientGone extends Error {
  constructor() {
    super('The client went away before its turn')
    this.name = 'ClientGone'
  }
}

/** Who asks for a turn and how to tell that they went away. */
export interface TurnRequest {
  /** The client (see `lib/http/request-client`); without one, no per-client share applies. */
  readonly client?: string
  /** Aborts when the client goes away: a waiting request leaves the queue, a running one its turn. */
  readonly signal?: AbortSignal
}

/** Per-client shares of a {@link WorkGate}: at most `atOnce` turns and `waiting` places in the queue. */
export interface ClientShare {
  readonly atOnce: number
  readonly waiting: number
}

interface Waiter {
  readonly client: string | undefined
  readonly start: () => void
}

/**
 * A counting semaphore with a bounded FIFO queue, optionally with a bounded share per client: a
 * client's waiting request is passed over while the client has its share of turns, so others go
 * first, and a client with its share of the queue is refused with {@link TooManyOfClient}.
 * @example const gate = new WorkGate(2, 100); await gate.run(() => heavyWork())
 */
export class WorkGate {
  private running = 0
  private readonly waiting: Waiter[] = []
  private readonly clientsRunning = new Map<string, number>()

  /**
   * @param atOnce - how many may run at the same time
   * @param maxWaiting - how many may wait; more are refused with {@link TooBusy}
   * @param streamIdleMs - how long {@link WorkGate.respondStreaming} lets a client leave a streamed body unread
   * @param perClient - each client's share, for requests that name their client
   */
  constructor(
    readonly atOnce: number,
    readonly maxWaiting: number,
    readonly streamIdleMs = STREAM_IDLE_MS,
    readonly perClient: ClientShare = { atOnce: Infinity, waiting: Infinity },
  ) {}

  /** How many run and how many wait, for tests and logs. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length }
  }

  private runningOf(client: string | undefined): number {
    return client === undefined ? 0 : (this.clientsRunning.get(client) ?? 0)
  }

  private countRunning(client: string | undefined, change: 1 | -1): void {
    if (client === undefined) return
    const count = this.runningOf(client) + change
    if (count > 0) this.clientsRunning.set(client, count)
    else this.clientsRunning.delete(client)
  }

  private mayStart(client: string | undefined): boolean {
    return this.runningOf(client) < this.perClient.atOnce
  }

  /**
   * Waits for a turn; the returned function gives it back (call it exactly once).
   * @throws {@link TooBusy} when the queue is full, {@link TooManyOfClient} when the client's
   *   share of it is, {@link ClientGone} when `signal` aborts while it waits
   */
  async enter({ client, signal }: TurnRequest = {}): Promise<() => void> {
    if (signal?.aborted) throw new ClientGone()
    if (this.running < this.atOnce && this.mayStart(client)) {
      this.running++
      this.countRunning(client, 1)
    } else {
      if (client !== undefined && !this.mayStart(client)) {
        const waiting = this.waiting.filter((waiter) => waiter.client === client).length
        if (waiting >= this.perClient.waiting) throw new TooManyOfClient(this.runningOf(client), waiting)
      }
      if (this.waiting.length >= this.maxWaiting) throw new TooBusy()
      // The turn passes straight from the leaving request to this one: `running` stays counted,
      // and the leaving request counts it for this one's client.
      await new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          client,
          start: () => {
            signal?.removeEventListener('abort', onAbort)
            resolve()
          },
        }
        // A client that goes away gives its place in the queue back at once.
        const onAbort = () => {
          const index = this.waiting.indexOf(waiter)
          if (index < 0) return
          this.waiting.splice(index, 1)
          reject(new ClientGone())
        }
        signal?.addEventListener('abort', onAbort, { once: true })
        this.waiting.push(waiter)
      })
    }
    let left = false
    return () => {
      if (left) return
      left = true
      this.countRunning(client, -1)
      // The first waiter whose client has no share of turns yet; the others keep their places.
      const index = this.waiting.findIndex((waiter) => this.mayStart(waiter.client))
      if (index < 0) {
        this.running--
        return
      }
      const [next] = this.waiting.splice(index, 1)
      // Counted now, so that a second leave before it starts cannot give its client two turns.
      this.countRunning(next!.client, 1)
      // The next turn starts after the requests that arrived meanwhile had their go at the event
      // loop; a promise would start it before them.
      setImmediate(next!.start)
    }
  }

  /** Runs `work` in a turn and gives the turn back when it settles. */
  async run<T>(work: () => Promise<T>, request?: TurnRequest): Promise<T> {
    const leave = await this.enter(request)
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
  respond(handle: () => Promise<Response>, request?: TurnRequest): Promise<Response> {
    return this.inTurn(request, async (leave) => {
      try {
        return await handle()
      } finally {
        leave()
      }
    })
  }

  /**
   * Runs a request handler in a turn that lasts until its response body has been sent (or
   * abandoned), so a streamed export holds its turn while it streams and reads. The turn is given
   * back the moment the client goes away (`request.signal` aborts, or the body is cancelled), and
   * the body cancelled, which stops its reads; a client that takes no part of the body for
   * {@link WorkGate.streamIdleMs} gets it cut off there. A full queue is a 503, a client over its
   * share a 429.
   */
  respondStreaming(handle: () => Promise<Response>, request?: TurnRequest): Promise<Response> {
    return this.inTurn(request, async (leave) => {
      try {
        const response = await handle()
        if (!response.body) {
          leave()
          return response
        }
        return new Response(this.watchedBody(response.body, leave, request?.signal), {
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

  // Waits for a turn and hands it to `use`, which gives it back; a full queue is a 503 at once. A
  // client that went away gets an empty answer nobody will read, without running `use`.
  private async inTurn(
    request: TurnRequest | undefined,
    use: (leave: () => void) => Promise<Response>,
  ): Promise<Response> {
    let leave: () => void
    try {
      leave = await this.enter(request)
    } catch (error) {
      if (error instanceof ClientGone) return new Response(null, { status: 499, statusText: 'Client Closed Request' })
      return errorResponse(error)
    }
    if (request?.signal?.aborted) {
      leave()
      return new Response(null, { status: 499, statusText: 'Client Closed Request' })
    }
    return use(leave)
  }

  // The body as the client reads it: the turn is given back when it ends, fails, is cancelled by
  // the client, when the client goes away (`signal`), or when it waits longer than streamIdleMs
  // for the client to read on; then the source is cancelled, which stops the export's reads.
  private watchedBody(
    body: ReadableStream<Uint8Array>,
    leave: () => void,
    signal: AbortSignal | undefined,
  ): ReadableStream<Uint8Array> {
    const reader = body.getReader()
    let idle: NodeJS.Timeout | undefined
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined
    let ended = false
    const end = () => {
      ended = true
      clearTimeout(idle)
      signal?.removeEventListener('abort', onAbort)
      leave()
    }
    const stop = (reason: unknown) => {
      end()
      reader.cancel(reason).catch(() => undefined)
    }
    // A body Next never reads (its client left before the answer) is neither read nor cancelled:
    // only the signal tells.
    const onAbort = () => {
      if (ended) return
      stop(new Error('the client went away'))
      try {
        controller?.error(new Error('The client went away'))
      } catch {
        // Already closed or errored.
      }
    }
    signal?.addEventListener('abort', onAbort, { once: true })
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
    if (signal?.aborted) onAbort()
    return new ReadableStream<Uint8Array>(
      {
        start: (streamController) => {
          controller = streamController
        },
        pull: async (streamController) => {
          clearTimeout(idle)
          try {
            const { done, value } = await reader.read()
            if (ended) return
            if (done) {
              end()
              streamController.close()
              return
            }
            streamController.enqueue(value)
            awaitClient()
          } catch (error) {
            if (ended) return
            stop(error)
            streamController.error(error)
          }
        },
        cancel: (reason) => {
          if (!ended) stop(reason)
        },
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

/**
 * The process's gate for streamed exports, apart from {@link heavyWork} so a long export holds up
 * no list; each client has one turn and two places in its queue.
 */
export const exportWork: WorkGate = (globalGate.chronotopeExportWork ??= new WorkGate(
  EXPORTS_AT_ONCE,
  EXPORTS_WAITING,
  STREAM_IDLE_MS,
  { atOnce: EXPORTS_PER_CLIENT_AT_ONCE, waiting: EXPORTS_PER_CLIENT_WAITING },
))
