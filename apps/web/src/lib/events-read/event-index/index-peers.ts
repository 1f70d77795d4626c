/**
 * The web processes of one `npm run serve` (Node's `cluster`, see `runtime/web-cluster`) keep
 * their event indexes alike: a process that loaded a big dataset, a data field or the search words
 * tells the others through the cluster's primary, and they read the snapshot it wrote instead of
 * waiting for a visitor's read to start their own load. The primary also sums what every process
 * is loading, so `/api/health` reports the index as loading until all of them are done, whichever
 * process answers it.
 * @module
 */

/** Something an index loaded that its peers can read from its snapshot. */
export type LoadedPart =
  | { readonly part: 'segment'; readonly datasetId: number; readonly version: string; readonly events: number }
  | { readonly part: 'field'; readonly datasetId: number; readonly version: string; readonly path: string }
  | { readonly part: 'text'; readonly datasetId: number; readonly version: string }

const LOADED = 'chronotope:event-index:loaded'
const LOADING = 'chronotope:event-index:loading'
const ASK = 'chronotope:event-index:loading?'
const ANSWER = 'chronotope:event-index:loading!'

/** The messages a web process sends its cluster's primary. */
export type PeerMessage =
  | { readonly type: typeof LOADED; readonly loaded: LoadedPart }
  | { readonly type: typeof LOADING; readonly loading: number }
  | { readonly type: typeof ASK; readonly id: number }

/** The messages the primary sends a web process. */
export type PrimaryMessage =
  | { readonly type: typeof LOADED; readonly loaded: LoadedPart }
  | { readonly type: typeof ANSWER; readonly id: number; readonly loading: number }

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/**
 * The primary's side: relays each process's loads to the others and keeps how many loads each
 * one runs. A relayed load counts as running in the receiver until it reports again, so a
 * health check asked between the two never sees the cluster idle too early.
 */
export class IndexPeerRelay {
  private readonly peers = new Map<number, { send: (message: PrimaryMessage) => void; loading: number }>()

  /** A web process started; `send` delivers a message to it. */
  add(id: number, send: (message: PrimaryMessage) => void): void {
    this.peers.set(id, { send, loading: 0 })
  }

  /** A web process ended. */
  remove(id: number): void {
    this.peers.delete(id)
  }

  /** Loads running in every process but `id`. */
  loadingBesides(id: number): number {
    let loading = 0
    for (const [peerId, peer] of this.peers) if (peerId !== id) loading += peer.loading
    return loading
  }

  /** Handles a message from process `from`; anything else a process sends is ignored. */
  receive(from: number, message: unknown): void {
    if (!isRecord(message) || !this.peers.has(from)) return
    if (message.type === LOADED && isRecord(message.loaded)) {
      const relayed: PrimaryMessage = { type: LOADED, loaded: message.loaded as unknown as LoadedPart }
      for (const [id, peer] of this.peers) {
        if (id === from) continue
        peer.loading += 1
        peer.send(relayed)
      }
    } else if (message.type === LOADING && typeof message.loading === 'number') {
      this.peers.get(from)!.loading = message.loading
    } else if (message.type === ASK && typeof message.id === 'number') {
      this.peers.get(from)!.send({ type: ANSWER, id: message.id, loading: this.loadingBesides(from) })
    }
  }
}

/** A web process's side, when it is one of several. */
export interface IndexPeerLink {
  /** Tells the others this process loaded `loaded` and its snapshot is on disk. */
  announce(loaded: LoadedPart): void
  /** Tells the primary how many loads this process runs now. */
  reportLoading(loading: number): void
  /** Loads the other processes run (0 when the primary does not answer within a second). */
  peersLoading(): Promise<number>
  /** Calls `handler` with each load another process announced (one handler: the process's index). */
  onPeerLoaded(handler: (loaded: LoadedPart) => void): void
}

const ANSWER_TIMEOUT_MS = 1_000

/** The IPC channel of a process to its parent: the process itself, or a test's stand-in. */
export interface PeerChannel {
  readonly send?: (message: unknown) => boolean
  on(event: 'message', listener: (message: unknown) => void): unknown
  readonly env: Readonly<Record<string, string | undefined>>
}

/** Loads announced before this process's index exists that it keeps to read once it does. */
const HELD_ANNOUNCEMENTS = 1_000

/**
 * Links `channel` to its cluster's primary, or undefined when the process runs alone (no IPC
 * channel to a primary that relays, i.e. not a worker of `runtime/web-cluster`). Until a handler
 * is given, announcements are kept for it and answered with "nothing loading here", so the
 * primary never counts loads a process without an index yet will not report.
 * @param channel - the process's IPC channel (tests pass their own)
 */
export function linkToPrimary(channel: PeerChannel): IndexPeerLink | undefined {
  if (!channel.send || channel.env.CHRONOTOPE_WEB_CLUSTER_WORKER !== '1') return undefined
  const send = (message: PeerMessage) => {
    try {
      channel.send?.(message)
    } catch {
      // The primary is gone: this process is stopping.
    }
  }
  const waiting = new Map<number, (loading: number) => void>()
  let handler: ((loaded: LoadedPart) => void) | undefined
  const held: LoadedPart[] = []
  let nextId = 1
  channel.on('message', (message: unknown) => {
    if (!isRecord(message)) return
    if (message.type === ANSWER && typeof message.id === 'number' && typeof message.loading === 'number') {
      waiting.get(message.id)?.(message.loading)
      waiting.delete(message.id)
    } else if (message.type === LOADED && isRecord(message.loaded)) {
      const loaded = message.loaded as unknown as LoadedPart
      if (handler) return handler(loaded)
      if (held.length < HELD_ANNOUNCEMENTS) held.push(loaded)
      send({ type: LOADING, loading: 0 })
    }
  })
  return {
    announce: (loaded) => send({ type: LOADED, loaded }),
    reportLoading: (loading) => send({ type: LOADING, loading }),
    peersLoading: () =>
      new Promise<number>((resolve) => {
        const id = nextId++
        const timer = setTimeout(() => {
          waiting.delete(id)
          resolve(0)
        }, ANSWER_TIMEOUT_MS)
        waiting.set(id, (loading) => {
          clearTimeout(timer)
          resolve(loading)
        })
        send({ type: ASK, id })
      }),
    onPeerLoaded: (given) => {
      handler = given
      for (const loaded of held.splice(0)) given(loaded)
    },
  }
}

// One per process, shared by the web server's script and the app's bundles (each has its own copy
// of this module), so announcements are heard from the start and by one index only.
const PROCESS_LINK = Symbol.for('chronotope.eventIndexPeerLink')

/**
 * This process's link to its cluster's primary (see {@link linkToPrimary}), made on the first
 * call; the web server makes it as it starts, so no announcement is missed.
 */
export function clusterPeerLink(): IndexPeerLink | undefined {
  const holder = globalThis as { [PROCESS_LINK]?: IndexPeerLink | null }
  if (holder[PROCESS_LINK] === undefined) holder[PROCESS_LINK] = linkToPrimary(process) ?? null
  return holder[PROCESS_LINK] ?? undefined
}
