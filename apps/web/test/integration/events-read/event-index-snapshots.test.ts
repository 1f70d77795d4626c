import { EventEmitter } from 'node:events'
import { existsSync, readdirSync, truncateSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import type { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'

import { EventIndexStore } from '../../../src/lib/events-read/event-index/event-index-store'
import {
  IndexPeerRelay,
  linkToPrimary,
  type IndexPeerLink,
  type PeerChannel,
} from '../../../src/lib/events-read/event-index/index-peers'
import { databaseLoadLock } from '../../../src/lib/events-read/event-index/load-lock'
import { databaseIdentity, SegmentSnapshots } from '../../../src/lib/events-read/event-index/segment-snapshots'
import { databasePool } from '../../../src/lib/import/progress-tracking'
import { testPayload } from '../../helpers/api-client'
import { createReadFixture, type ReadFixture } from '../../helpers/read-fixture'

// The embedded database serves every connection in one session, whose advisory locks all its
// connections share: the app takes no load lock there (it runs one web process).
const onPostgres = inject('databaseKind') === 'external'

let fixture: ReadFixture
let pool: Pool
let directory: string

beforeAll(async () => {
  fixture = await createReadFixture(`Index snapshots ${Date.now()}`)
  pool = databasePool(await testPayload())
  directory = await mkdtemp(path.join(tmpdir(), 'chronotope-index-snapshots-'))
})

afterAll(async () => {
  await rm(directory, { recursive: true, force: true })
})

/** The pool, noting the text of every query sent through it or through a client it lends. */
function watchedPool(): { pool: Pool; queries: string[] } {
  const queries: string[] = []
  const watch =
    (query: (...inner: unknown[]) => unknown) =>
    (...args: unknown[]) => {
      const first = args[0] as string | { text: string }
      queries.push(typeof first === 'string' ? first : first.text)
      return query(...args)
    }
  const watched = {
    query: watch(pool.query.bind(pool)),
    connect: async () => {
      const client = await pool.connect()
      const query = watch(client.query.bind(client))
      return new Proxy(client, {
        get: (target, key) => {
          if (key === 'query') return query
          const value: unknown = Reflect.get(target, key)
          return typeof value === 'function' ? (value as (...inner: unknown[]) => unknown).bind(target) : value
        },
      })
    },
  } as unknown as Pool
  return { pool: watched, queries }
}

/** A store of its own, as a freshly started process has, sharing the snapshot folder. */
function openStore(
  source: Pool,
  onError: (error: unknown) => void = () => {},
  shared: { locked?: boolean; peers?: IndexPeerLink; awaitedLoadEvents?: number } = {},
) {
  const snapshots = new SegmentSnapshots(source, { directory, minEvents: 0, onError })
  const loaded: string[] = []
  const store = new EventIndexStore(source, {
    maxEvents: 100_000,
    awaitedLoadEvents: shared.awaitedLoadEvents,
    snapshots,
    onLoaded: (what) => loaded.push(what),
    // On the real pool: a watched pool only passes queries on.
    loadLock: shared.locked ? databaseLoadLock(pool, 20) : undefined,
    peers: shared.peers,
  })
  return { store, snapshots, loaded }
}

/**
 * Two web processes' links to one cluster primary, in this process: messages go through the
 * primary's relay and Node's IPC shape, one turn of the event loop each way, as over a channel.
 */
function clusterOfTwo(): [IndexPeerLink, IndexPeerLink] {
  const relay = new IndexPeerRelay()
  const link = (id: number) => {
    const messages = new EventEmitter()
    relay.add(id, (message) => setImmediate(() => messages.emit('message', message)))
    const channel: PeerChannel = {
      send: (message) => Boolean(setImmediate(() => relay.receive(id, message))),
      on: (event, listener) => messages.on(event, listener),
      env: { CHRONOTOPE_WEB_CLUSTER_WORKER: '1' },
    }
    return linkToPrimary(channel)!
  }
  return [link(1), link(2)]
}

/** Moves an event, which gives the dataset a new events version that no snapshot holds yet. */
async function changeEvents(): Promise<void> {
  const [segment] = (await openStore(pool).store.segmentsFor([fixture.publicDatasetId], []))!
  await pool.query(`update events set event_time = event_time + interval '1 second' where id = $1`, [segment!.ids[0]])
}

async function loadEverything(store: EventIndexStore) {
  const [segment] = (await store.segmentsFor([fixture.publicDatasetId], ['attendance']))!
  store.loadTextPostings([segment!])
  await store.textPostingsLoaded()
  return segment!
}

const readsEvents = (queries: readonly string[]) => queries.filter((text) => /\bfrom events\b/.test(text))

async function datasetFolder(): Promise<string> {
  return path.join(directory, (await databaseIdentity(pool))!, `dataset-${fixture.publicDatasetId}`)
}

describe('event index snapshots', () => {
  it('name the database by its cluster, timeline and oid, so two databases never share a folder', async () => {
    const identity = await databaseIdentity(pool)
    const { rows } = await pool.query<{ oid: string }>(
      'select oid::text from pg_database where datname = current_database()',
    )
    expect(identity).toMatch(new RegExp(`^\\d+-\\d+-${rows[0]!.oid}$`))
  })

  it('answer a big dataset’s first read after a restart from its snapshots, and leave it to the database without them', async () => {
    // Every load counts as big: the first read of a store without snapshots goes to the database.
    const big = { awaitedLoadEvents: 0 }
    const first = openStore(pool, undefined, big)
    expect(await first.store.segmentsFor([fixture.publicDatasetId], ['attendance'])).toBeNull()
    await vi.waitFor(
      async () => expect(await first.store.segmentsFor([fixture.publicDatasetId], ['attendance'])).not.toBeNull(),
      { timeout: 10_000 },
    )
    await first.snapshots.written()

    const watched = watchedPool()
    const restarted = openStore(watched.pool, undefined, big)
    const segments = await restarted.store.segmentsFor([fixture.publicDatasetId], ['attendance'])
    expect(segments?.[0]?.field('attendance')).toBeDefined()
    expect(readsEvents(watched.queries)).toEqual([])
  })

  it('let a second process read the events, a field and the search words without asking the database', async () => {
    const first = openStore(pool)
    const original = await loadEverything(first.store)
    await first.snapshots.written()
    const files = readdirSync(await datasetFolder()).sort()
    expect(files).toEqual([
      `v${original.version}.field-${files[0]!.split('.field-')[1]}`,
      `v${original.version}.segment`,
      `v${original.version}.text`,
    ])

    const watched = watchedPool()
    const second = openStore(watched.pool)
    const copy = await loadEverything(second.store)
    expect(readsEvents(watched.queries)).toEqual([])
    expect(second.loaded).toEqual([
      `dataset ${fixture.publicDatasetId} from its snapshot`,
      `field "attendance" of dataset ${fixture.publicDatasetId} from its snapshot`,
      `the search words of dataset ${fixture.publicDatasetId} from their snapshot`,
    ])
    expect(copy.ids).toEqual(original.ids)
    expect(copy.times).toEqual(original.times)
    expect(copy.extent).toEqual(original.extent)
    const column = copy.field('attendance')!
    const originalColumn = original.field('attendance')!
    for (let row = 0; row < copy.size; row++)
      expect(column.dictionary[column.codes[row]!]).toBe(originalColumn.dictionary[originalColumn.codes[row]!])
    for (const lexeme of ['flood', 'concert', 'nowhere'])
      expect(copy.textPostings!.rowsMatching({ kind: 'lexeme', lexeme })).toEqual(
        original.textPostings!.rowsMatching({ kind: 'lexeme', lexeme }),
      )
  })

  it('are never read for another version: a change is read from the database and replaces the old files', async () => {
    const first = openStore(pool)
    const before = await loadEverything(first.store)
    await first.snapshots.written()
    const moved = before.ids[0]!
    await pool.query(`update events set event_time = '1901-02-03T00:00:00Z' where id = $1`, [moved])

    const watched = watchedPool()
    const second = openStore(watched.pool)
    const after = await loadEverything(second.store)
    expect(after.version).not.toBe(before.version)
    expect(readsEvents(watched.queries).length).toBeGreaterThan(0)
    expect(second.loaded[0]).toBe(`dataset ${fixture.publicDatasetId}`)
    expect(after.times[0]).toBe(Date.UTC(1901, 1, 3))
    await second.snapshots.written()
    const files = readdirSync(await datasetFolder())
    expect(files.filter((name) => name.startsWith(`v${before.version}.`))).toEqual([])
    expect(files.filter((name) => name.startsWith(`v${after.version}.`))).toHaveLength(3)
  })

  it('set a damaged file aside and read the database instead', async () => {
    const first = openStore(pool)
    const original = await loadEverything(first.store)
    await first.snapshots.written()
    const file = path.join(await datasetFolder(), `v${original.version}.segment`)
    truncateSync(file, 100)

    const errors: unknown[] = []
    const watched = watchedPool()
    const second = openStore(watched.pool, (error) => errors.push(error))
    const [segment] = (await second.store.segmentsFor([fixture.publicDatasetId], []))!
    expect(segment!.ids).toEqual(original.ids)
    expect(readsEvents(watched.queries).length).toBeGreaterThan(0)
    expect(String(errors[0])).toMatch(/SnapshotMismatch/)
    await second.snapshots.written()
    // Written again whole from what the database gave.
    const third = openStore(pool)
    await third.store.segmentsFor([fixture.publicDatasetId], [])
    expect(third.loaded).toEqual([`dataset ${fixture.publicDatasetId} from its snapshot`])
  })

  it.runIf(onPostgres)(
    'let two processes that load one dataset at once make the database read it only once',
    async () => {
      await changeEvents()
      const watchedA = watchedPool()
      const watchedB = watchedPool()
      const a = openStore(watchedA.pool, undefined, { locked: true })
      const b = openStore(watchedB.pool, undefined, { locked: true })
      const [segmentA, segmentB] = await Promise.all([loadEverything(a.store), loadEverything(b.store)])
      expect(segmentB.ids).toEqual(segmentA.ids)
      // One process read the events, the field and the search words; the other read its snapshots.
      const reads = [readsEvents(watchedA.queries).length, readsEvents(watchedB.queries).length].sort()
      expect(reads[0]).toBe(0)
      expect(reads[1]).toBeGreaterThanOrEqual(3)
      const fromSnapshots = [a.loaded, b.loaded].find((loaded) =>
        loaded.every((what) => /from (its|their) snapshot/.test(what)),
      )
      expect(fromSnapshots).toHaveLength(3)
      // The lock is let go, with the connection that held it.
      const { rows } = await pool.query<{ held: number }>(
        `select count(*)::int as held from pg_locks
       where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())
         and ((classid::bigint << 32) | objid::bigint) = hashtextextended($1, 0)`,
        [`event-index:segment:${fixture.publicDatasetId}`],
      )
      expect(rows[0]!.held).toBe(0)
    },
  )

  it('let a web process read what another of its server loaded, and report loading until both are done', async () => {
    await changeEvents()
    const [linkA, linkB] = clusterOfTwo()
    const watchedB = watchedPool()
    const a = openStore(pool, undefined, { locked: true, peers: linkA })
    const b = openStore(watchedB.pool, undefined, { locked: true, peers: linkB })
    const original = await loadEverything(a.store)
    // Asked nothing itself, B follows A from the snapshots; either one's health counts B's loads.
    await expect.poll(async () => (await a.store.health()).loading, { timeout: 10_000 }).toBe(0)
    expect((await b.store.health()).loading).toBe(0)
    expect(b.loaded).toEqual([
      `dataset ${fixture.publicDatasetId} from its snapshot`,
      `field "attendance" of dataset ${fixture.publicDatasetId} from its snapshot`,
      `the search words of dataset ${fixture.publicDatasetId} from their snapshot`,
    ])
    expect(readsEvents(watchedB.queries)).toEqual([])
    const copy = (await b.store.segmentsFor([fixture.publicDatasetId], ['attendance']))![0]!
    expect(copy.version).toBe(original.version)
    expect(copy.ids).toEqual(original.ids)
    expect(copy.textPostings).toBeDefined()
    // What B read from snapshots it does not announce back: A loaded each part once.
    expect(a.loaded).toHaveLength(3)
  })

  it('are not written for small datasets, which the database reads in milliseconds', async () => {
    const own = await mkdtemp(path.join(tmpdir(), 'chronotope-index-snapshots-'))
    try {
      const snapshots = new SegmentSnapshots(pool, { directory: own })
      const store = new EventIndexStore(pool, { maxEvents: 100_000, snapshots })
      await store.segmentsFor([fixture.publicDatasetId], [])
      await snapshots.written()
      expect(existsSync(path.join(own, (await databaseIdentity(pool))!))).toBe(false)
    } finally {
      await rm(own, { recursive: true, force: true })
    }
  })

  it('of a dataset whose events are all gone are removed', async () => {
    const first = openStore(pool)
    await first.store.segmentsFor([fixture.privateDatasetId], [])
    await first.snapshots.written()
    const folder = path.join(directory, (await databaseIdentity(pool))!, `dataset-${fixture.privateDatasetId}`)
    expect(existsSync(folder)).toBe(true)
    await first.store.segmentsFor('all', [])
    await pool.query('delete from events where dataset_id = $1', [fixture.privateDatasetId])
    await first.store.segmentsFor('all', [])
    await first.snapshots.written()
    await expect.poll(() => existsSync(folder)).toBe(false)
  })
})
