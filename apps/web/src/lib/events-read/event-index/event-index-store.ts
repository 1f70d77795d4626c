/**
 * The in-memory event index of one database: a segment per dataset, loaded on demand and checked
 * against the datasets' events versions on every read, so an answer never comes from an outdated
 * copy. Small loads are awaited; a big one (a large dataset's first read, or after a change) runs
 * in the background while reads go to the database, which answers the same.
 * @module
 */
import { SEGMENT_BYTES_PER_EVENT, type EventSegment } from '@chronotope/event-index'
import type { Pool } from 'pg'

import type { ReadDatabase } from '../../database/read-router'
import type { IndexPeerLink, LoadedPart } from './index-peers'
import type { LoadLock } from './load-lock'
import type { SegmentSnapshots } from './segment-snapshots'
import {
  loadFieldColumn,
  loadSegment,
  loadTextPostings,
  readDatasetVersions,
  type DatasetVersion,
} from './segment-loader'
import { LoadSlots } from './load-slots'

/**
 * Background loads reading the database at once in one process: two keep a two-core machine's
 * database and web process busy; all at once held every load's rows together (see `load-slots.ts`).
 */
export const BACKGROUND_DATABASE_READS = 2

/** Events a read waits to load from snapshots on disk, at most: about 3 s of reading. */
export const AWAITED_SNAPSHOT_EVENTS = 20_000_000

/** How long a read waits for loads from snapshots before the database answers it instead. */
export const AWAITED_SNAPSHOT_MS = 10_000

/** Events a read waits to load (about 50–100 ms); bigger loads go to the background. */
export const AWAITED_LOAD_EVENTS = 50_000

/** How the store is sized. */
export interface EventIndexOptions {
  /** Most events held; 0 turns the index off. */
  readonly maxEvents: number
  /**
   * Most memory the segments may hold, in bytes (see `EventSegment.byteLength`); default no limit.
   * A read whose datasets would not fit goes to the database.
   */
  readonly maxBytes?: number
  /** Most events a read waits to load; default {@link AWAITED_LOAD_EVENTS}. */
  readonly awaitedLoadEvents?: number
  /**
   * Told of each dataset, field column or search postings loaded: what it was (`dataset 3`,
   * `field "kind" of dataset 3`, `the search words of dataset 3`, each with ` from its snapshot`
   * when read from one), its events, and the seconds the load took.
   */
  readonly onLoaded?: (what: string, events: number, seconds: number) => void
  /** Told of a load that failed (the reads it would have served go to the database). */
  readonly onLoadError?: (error: unknown, what: string) => void
  /**
   * Snapshots on disk to read before the database, and to write after reading it (see
   * segment-snapshots.ts); none by default.
   */
  readonly snapshots?: SegmentSnapshots
  /**
   * Makes the processes sharing the database read a big dataset (one with a snapshot) from it one
   * at a time; the others then read the snapshot (see load-lock.ts). None by default.
   */
  readonly loadLock?: LoadLock
  /**
   * The other web processes of this server (see index-peers.ts): told of each load, they read its
   * snapshot too, and this index reads what they announce. None by default.
   */
  readonly peers?: IndexPeerLink
}

/** What the index can say about the store, e.g. for the health check. */
export interface EventIndexStatus {
  readonly datasets: number
  readonly events: number
  /** The memory the segments hold, in bytes. */
  readonly bytes: number
  readonly loading: number
}

const newer = (a: string, b: string) => BigInt(a) >= BigInt(b)

/** Where a load reads: `snapshot-only` for a load a peer announced, which never asks the database. */
type LoadSource = 'any' | 'snapshot-only'

/** How {@link readThrough} reads one thing. */
interface ReadThrough<T> {
  readonly fromSnapshot: () => Promise<T | null> | undefined
  readonly fromDatabase: () => Promise<T | null>
  readonly writeSnapshot: (value: T) => Promise<void> | undefined
  /** Runs the database read and the snapshot's write, alone across processes when locked. */
  readonly exclusive?: <R>(read: () => Promise<R>) => Promise<R>
  readonly source: LoadSource
}

/**
 * What a load reads: its snapshot when there is one, else the database, whose answer is then
 * written as the next snapshot. Under a lock the snapshot is asked again once the lock is held
 * (another process may have written it meanwhile), and the write ends before the lock is let go.
 */
async function readThrough<T>(read: ReadThrough<T>): Promise<{ value: T | null; fromSnapshot: boolean }> {
  const snapshot = await read.fromSnapshot()
  if (snapshot) return { value: snapshot, fromSnapshot: true }
  if (read.source === 'snapshot-only') return { value: null, fromSnapshot: true }
  if (!read.exclusive) {
    const value = await read.fromDatabase()
    if (value) void read.writeSnapshot(value)
    return { value, fromSnapshot: false }
  }
  return read.exclusive(async () => {
    const written = await read.fromSnapshot()
    if (written) return { value: written, fromSnapshot: true }
    const value = await read.fromDatabase()
    if (value) await read.writeSnapshot(value)
    return { value, fromSnapshot: false }
  })
}

/** One database's event index. */
export class EventIndexStore {
  private readonly segments = new Map<number, EventSegment>()
  private readonly loads = new Map<number, Promise<void>>()
  private readonly fieldLoads = new Map<string, Promise<void>>()
  private readonly postingsLoads = new Map<EventSegment, Promise<void>>()
  private readonly backgroundReads = new LoadSlots(BACKGROUND_DATABASE_READS)

  constructor(
    private readonly pool: Pool,
    private readonly options: EventIndexOptions,
  ) {
    options.peers?.onPeerLoaded((loaded) => this.loadFromPeer(loaded))
  }

  // Whether a read waits for big loads after all: when every part is in a snapshot on disk (as
  // after a restart) and there are at most AWAITED_SNAPSHOT_EVENTS, it waits up to
  // AWAITED_SNAPSHOT_MS. At ten million events the index reads its snapshots in about 3 s, while
  // the database takes several seconds for each read until then.
  private async awaitsSnapshots(
    events: number,
    onDisk: (snapshots: SegmentSnapshots) => Promise<readonly boolean[]>,
    loads: ReadonlyArray<Promise<void>>,
  ): Promise<boolean> {
    const snapshots = this.options.snapshots
    if (!snapshots || events > AWAITED_SNAPSHOT_EVENTS || !(await onDisk(snapshots)).every(Boolean)) return false
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), AWAITED_SNAPSHOT_MS)))
    try {
      return await Promise.race([Promise.all(loads).then(() => true), timeout])
    } finally {
      clearTimeout(timer)
    }
  }

  // Big loads read the database a few at a time; small ones, which a read awaits, never queue.
  private readDatabase<T>(events: number, read: () => Promise<T>): Promise<T> {
    return events > this.awaitedLoadEvents ? this.backgroundReads.run(read) : read()
  }

  // Loads bigger than this run in the background.
  private get awaitedLoadEvents(): number {
    return this.options.awaitedLoadEvents ?? AWAITED_LOAD_EVENTS
  }

  /**
   * What the health check shows: whether the index is on, and how many loads run here and in the
   * other web processes of this server.
   */
  async health(): Promise<{ enabled: boolean; loading: number }> {
    const peers = this.options.peers ? await this.options.peers.peersLoading() : 0
    return { enabled: this.options.maxEvents > 0, loading: this.loadCount() + peers }
  }

  // Whether loads of this many events go through snapshots, and so through the lock and to peers.
  private sharesLoadsOf(events: number): boolean {
    return this.options.snapshots?.keeps(events) === true
  }

  // The lock around a database read that other processes would otherwise repeat.
  private exclusive(key: string, events: number): ReadThrough<unknown>['exclusive'] {
    const lock = this.options.loadLock
    if (!lock || !this.sharesLoadsOf(events)) return undefined
    return (read) => lock.run(`event-index:${key}`, read)
  }

  // Tells the peers of a load of this process's own (not one they announced), once on disk.
  private announce(loaded: LoadedPart, events: number, source: LoadSource): void {
    if (source === 'any' && this.sharesLoadsOf(events)) this.options.peers?.announce(loaded)
  }

  private loadingChanged(): void {
    this.options.peers?.reportLoading(this.loadCount())
  }

  // A peer loaded something: read its snapshot, unless this index has it, is loading it, or has
  // no room for it. Fields and search words wait for their segment to load first.
  private loadFromPeer(loaded: LoadedPart): void {
    try {
      if (this.options.maxEvents === 0) return
      const pending = this.loads.get(loaded.datasetId)
      if (loaded.part === 'segment') {
        if (pending || this.isFresh(loaded.datasetId, { version: loaded.version, count: loaded.events })) return
        const others = this.status()
        if (
          others.events + loaded.events > this.options.maxEvents ||
          others.bytes + loaded.events * SEGMENT_BYTES_PER_EVENT > this.maxBytes
        )
          return
        void this.load(this.pool, loaded.datasetId, loaded.version, 'snapshot-only')
        return
      }
      if (pending) {
        void pending.then(() => this.loadFromPeer(loaded))
        return
      }
      const segment = this.segments.get(loaded.datasetId)
      if (!segment || segment.version !== loaded.version) return
      if (loaded.part === 'field') {
        if (!segment.field(loaded.path)) void this.loadField(this.pool, segment, loaded.path, 'snapshot-only')
      } else if (!segment.textPostings) this.loadTextPostings([segment], this.pool, 'snapshot-only')
    } finally {
      // Also when nothing loads: the primary counted the announcement as a load here until told.
      this.loadingChanged()
    }
  }

  /** How many datasets and events are held, and how many loads run. */
  status(): EventIndexStatus {
    let events = 0
    let bytes = 0
    for (const segment of this.segments.values()) {
      events += segment.size
      bytes += segment.byteLength
    }
    return { datasets: this.segments.size, events, bytes, loading: this.loadCount() }
  }

  private get maxBytes(): number {
    return this.options.maxBytes ?? Number.POSITIVE_INFINITY
  }

  // What the datasets will hold once loaded: a held segment's own count, else an estimate.
  private bytesOf(datasetId: number, version: DatasetVersion): number {
    const segment = this.segments.get(datasetId)
    return segment && newer(segment.version, version.version)
      ? segment.byteLength
      : version.count * SEGMENT_BYTES_PER_EVENT
  }

  /**
   * Whether the index is on and these datasets fit in it (its event count and memory budget); when
   * they do not, reads of them go to the database.
   */
  canHold(versions: ReadonlyArray<readonly [number, DatasetVersion]>): boolean {
    if (this.options.maxEvents === 0) return false
    const events = versions.reduce((sum, [, version]) => sum + version.count, 0)
    const bytes = versions.reduce((sum, [datasetId, version]) => sum + this.bytesOf(datasetId, version), 0)
    return events <= this.options.maxEvents && bytes <= this.maxBytes
  }

  /**
   * The up-to-date segments of the datasets in `scope`, with the columns of `fieldPaths` loaded,
   * or null when the read has to go to the database (the index is off or full, or loading).
   * Datasets without events have no segment.
   * @param database - where the read runs and the versions it must reflect (see `read-router`);
   *   missing segments load from its pool. Without it, versions are read and loads run on the
   *   store's own pool.
   */
  async segmentsFor(
    scope: 'all' | readonly number[],
    fieldPaths: readonly string[],
    database?: ReadDatabase,
  ): Promise<EventSegment[] | null> {
    if (this.options.maxEvents === 0) return null
    const versions = database?.versions ?? (await readDatasetVersions(this.pool, scope))
    const source = database?.pool ?? this.pool
    if (scope === 'all') this.forgetAllBut(versions)
    const wanted = [...versions].filter(([, version]) => version.count > 0)
    if (!this.canHold(wanted)) return null
    const stale = wanted.filter(([datasetId, version]) => !this.isFresh(datasetId, version))
    const staleEvents = stale.reduce((sum, [, version]) => sum + version.count, 0)
    if (stale.length > 0) {
      this.makeRoomFor(staleEvents, staleEvents * SEGMENT_BYTES_PER_EVENT, new Set(wanted.map(([id]) => id)))
      const loads = stale.map(([datasetId, version]) =>
        this.load(source, datasetId, version.version, 'any', version.count),
      )
      const onDisk = (snapshots: SegmentSnapshots) =>
        Promise.all(stale.map(([datasetId, version]) => snapshots.hasSegment(datasetId, version.version)))
      if (staleEvents > this.awaitedLoadEvents) {
        if (!(await this.awaitsSnapshots(staleEvents, onDisk, loads))) return null
      } else await Promise.all(loads)
    }
    const segments: EventSegment[] = []
    for (const [datasetId, version] of wanted) {
      const segment = this.segments.get(datasetId)
      if (!segment || !newer(segment.version, version.version)) return null
      segments.push(segment)
    }
    return (await this.withFields(source, segments, fieldPaths)) ? segments : null
  }

  private isFresh(datasetId: number, version: DatasetVersion): boolean {
    const segment = this.segments.get(datasetId)
    return segment !== undefined && newer(segment.version, version.version)
  }

  // Datasets deleted since (or whose events were all removed) free their memory and their snapshots.
  private forgetAllBut(versions: ReadonlyMap<number, DatasetVersion>): void {
    let forgot = false
    for (const datasetId of this.segments.keys()) {
      if ((versions.get(datasetId)?.count ?? 0) === 0) {
        this.segments.delete(datasetId)
        forgot = true
      }
    }
    if (forgot && this.options.snapshots) {
      const kept = new Set([...versions].filter(([, version]) => version.count > 0).map(([datasetId]) => datasetId))
      void this.options.snapshots.forgetAllBut(kept)
    }
  }

  // Drops segments the read does not need until `events` more, of about `bytes`, fit in the budget.
  private makeRoomFor(events: number, bytes: number, keep: ReadonlySet<number>): void {
    let { events: heldEvents, bytes: heldBytes } = this.status()
    for (const [datasetId, segment] of this.segments) {
      if (heldEvents + events <= this.options.maxEvents && heldBytes + bytes <= this.maxBytes) return
      if (keep.has(datasetId)) continue
      this.segments.delete(datasetId)
      heldEvents -= segment.size
      heldBytes -= segment.byteLength
    }
  }

  // One load per dataset at a time; a failed or raced load leaves the old segment in place. The
  // snapshot of exactly `version` is read first; a segment read from the database is written.
  private load(source: Pool, datasetId: number, version: string, from: LoadSource = 'any', events = 0): Promise<void> {
    let running = this.loads.get(datasetId)
    if (!running) {
      const started = performance.now()
      const snapshots = this.options.snapshots
      running = readThrough({
        fromSnapshot: () => snapshots?.readSegment(datasetId, version),
        fromDatabase: () => this.readDatabase(events, () => loadSegment(source, datasetId, events)),
        writeSnapshot: (loaded) => snapshots?.writeSegment(loaded),
        exclusive: this.exclusive(`segment:${datasetId}`, events),
        source: from,
      })
        .then(({ value: segment, fromSnapshot }) => {
          const held = this.segments.get(datasetId)
          if (segment && (!held || newer(segment.version, held.version))) {
            this.segments.set(datasetId, segment)
            const what = `dataset ${datasetId}${fromSnapshot ? ' from its snapshot' : ''}`
            this.options.onLoaded?.(what, segment.size, (performance.now() - started) / 1000)
            this.announce(
              { part: 'segment', datasetId, version: segment.version, events: segment.size },
              segment.size,
              from,
            )
          }
        })
        .catch((error: unknown) => this.options.onLoadError?.(error, `the events of dataset ${datasetId}`))
        .finally(() => {
          this.loads.delete(datasetId)
          this.loadingChanged()
        })
      this.loads.set(datasetId, running)
      this.loadingChanged()
    }
    return running
  }

  // Loads the missing field columns; false when they are big and load in the background instead.
  private async withFields(
    source: Pool,
    segments: readonly EventSegment[],
    fieldPaths: readonly string[],
  ): Promise<boolean> {
    const missing: Array<[EventSegment, string]> = []
    for (const segment of segments)
      for (const path of fieldPaths) if (!segment.field(path)) missing.push([segment, path])
    if (missing.length === 0) return true
    const loads = missing.map(([segment, path]) => this.loadField(source, segment, path))
    const events = missing.reduce((sum, [segment]) => sum + segment.size, 0)
    const onDisk = (snapshots: SegmentSnapshots) =>
      Promise.all(missing.map(([segment, path]) => snapshots.hasField(segment, path)))
    if (events > this.awaitedLoadEvents) {
      if (!(await this.awaitsSnapshots(events, onDisk, loads))) return false
    } else await Promise.all(loads)
    return missing.every(([segment, path]) => segment.field(path) !== undefined)
  }

  private loadField(source: Pool, segment: EventSegment, path: string, from: LoadSource = 'any'): Promise<void> {
    const key = `${segment.datasetId}:${segment.version}:${path}`
    let running = this.fieldLoads.get(key)
    if (!running) {
      const started = performance.now()
      const snapshots = this.options.snapshots
      running = readThrough({
        fromSnapshot: () => snapshots?.readField(segment, path),
        fromDatabase: () => this.readDatabase(segment.size, () => loadFieldColumn(source, segment, path)),
        writeSnapshot: (loaded) => snapshots?.writeField(segment, path, loaded),
        exclusive: this.exclusive(`field:${key}`, segment.size),
        source: from,
      })
        .then(({ value: column, fromSnapshot }) => {
          if (!column) return
          segment.setField(path, column)
          const what = `field "${path}" of dataset ${segment.datasetId}${fromSnapshot ? ' from its snapshot' : ''}`
          this.options.onLoaded?.(what, segment.size, (performance.now() - started) / 1000)
          const { datasetId, version } = segment
          this.announce({ part: 'field', datasetId, version, path }, segment.size, from)
        })
        .catch((error: unknown) => this.options.onLoadError?.(error, `field "${path}" of dataset ${segment.datasetId}`))
        .finally(() => {
          this.fieldLoads.delete(key)
          this.loadingChanged()
        })
      this.fieldLoads.set(key, running)
      this.loadingChanged()
    }
    return running
  }

  private loadCount(): number {
    return this.loads.size + this.fieldLoads.size + this.postingsLoads.size
  }

  /**
   * Starts reading the full-text postings of the segments that lack them, in the background:
   * searches meanwhile ask the database, which answers the same.
   * @param source - the pool to read them from (a current replica's); default the store's own
   * @param from - `snapshot-only` for postings a peer announced
   */
  loadTextPostings(segments: readonly EventSegment[], source: Pool = this.pool, from: LoadSource = 'any'): void {
    for (const segment of segments) {
      if (segment.textPostings || this.postingsLoads.has(segment)) continue
      const snapshots = this.options.snapshots
      const started = performance.now()
      const running = readThrough({
        fromSnapshot: () => snapshots?.readText(segment),
        fromDatabase: () => this.readDatabase(segment.size, () => loadTextPostings(source, segment)),
        writeSnapshot: (loaded) => snapshots?.writeText(segment, loaded),
        exclusive: this.exclusive(`text:${segment.datasetId}:${segment.version}`, segment.size),
        source: from,
      })
        .then(({ value: postings, fromSnapshot }) => {
          if (!postings) return
          segment.setTextPostings(postings)
          const what = `the search words of dataset ${segment.datasetId}${fromSnapshot ? ' from their snapshot' : ''}`
          this.options.onLoaded?.(what, segment.size, (performance.now() - started) / 1000)
          const { datasetId, version } = segment
          this.announce({ part: 'text', datasetId, version }, segment.size, from)
        })
        .catch((error: unknown) =>
          this.options.onLoadError?.(error, `the search words of dataset ${segment.datasetId}`),
        )
        .finally(() => {
          this.postingsLoads.delete(segment)
          this.loadingChanged()
        })
      this.postingsLoads.set(segment, running)
      this.loadingChanged()
    }
  }

  /** Settles once the postings loads running now have ended (for tests and benchmarks). */
  async textPostingsLoaded(): Promise<void> {
    await Promise.all(this.postingsLoads.values())
  }
}
