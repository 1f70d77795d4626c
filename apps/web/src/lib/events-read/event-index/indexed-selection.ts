/**
 * The filter state answered from the in-memory event index: the segments of the datasets in
 * scope, each narrowed to the rows that pass (full-text search in `text-search.ts`).
 * @module
 */
import path from 'node:path'

import { budgetKeptSummaries, selectRows, type IndexQuery, type Selection } from '@chronotope/event-index'
import { parseFilterInstant, type BoundingBox, type FilterState } from '@chronotope/filters'
import type { Payload } from 'payload'
import type { Pool } from 'pg'

import { settings } from '../../../config/settings'
import type { ReadDatabase } from '../../database/read-router'
import { databasePool } from '../../import/progress-tracking'
import type { DatasetScope } from '../event-conditions'
import { EventIndexStore, type EventIndexStatus } from './event-index-store'
import { clusterPeerLink } from './index-peers'
import { databaseLoadLock } from './load-lock'
import { SegmentSnapshots } from './segment-snapshots'
import { textMatches } from './text-search'

const stores = new WeakMap<Pool, EventIndexStore>()

/** Loads of at least this many events are logged (at info), with what the index then holds. */
const LOGGED_LOAD_EVENTS = 10_000

/**
 * The log line of a big load, with what the whole index then holds; `npm run bench:read` reads
 * the last one back.
 * @example describeLoad('dataset 3', 4.2, { events: 1000000, bytes: 36000000 }) // 'Event index: loaded dataset 3 in 4.20 s; it holds 1000000 events in 36000000 bytes'
 */
export function describeLoad(what: string, seconds: number, held: Pick<EventIndexStatus, 'events' | 'bytes'>): string {
  return `Event index: loaded ${what} in ${seconds.toFixed(2)} s; it holds ${held.events} events in ${held.bytes} bytes`
}

/** The event index of the app's database (one per process and database). */
export function eventIndexOf(payload: Payload): EventIndexStore {
  const pool = databasePool(payload)
  let store = stores.get(pool)
  if (!store) {
    // What the index learns from rows and keeps for every read takes a share of its own limit.
    budgetKeptSummaries(settings.eventIndexMaxBytes)
    store = new EventIndexStore(pool, {
      maxEvents: settings.eventIndexMaxEvents,
      maxBytes: settings.eventIndexMaxBytes,
      snapshots: settings.eventIndexSnapshots
        ? new SegmentSnapshots(pool, {
            directory: path.join(settings.dataDir, 'event-index'),
            onError: (err, what) =>
              payload.logger.warn({ err, msg: `Event index: could not use ${what}; reads use the database` }),
          })
        : undefined,
      // The embedded database serves one session: a lock held on one connection would stall the load.
      loadLock: settings.databaseKind === 'external' ? databaseLoadLock(pool) : undefined,
      peers: settings.eventIndexSnapshots ? clusterPeerLink() : undefined,
      onLoaded: (what, events, seconds) => {
        // Not every small dataset: the loads that take time and memory worth an operator's eye.
        if (events >= LOGGED_LOAD_EVENTS) payload.logger.info(describeLoad(what, seconds, store!.status()))
      },
      onLoadError: (err, what) =>
        payload.logger.error({ err, msg: `Event index: could not load ${what}; reads use the database` }),
    })
    stores.set(pool, store)
  }
  return store
}

/** Which rows beyond the filter state a read needs. */
export interface SelectionOptions {
  /** A box replacing the state's (the map's cell-aligned view). */
  readonly bbox?: BoundingBox
  /** Only events with a location. */
  readonly locatedOnly?: boolean
  /**
   * Whether the rows must be in list order; only a list page needs it. Aggregations pass false,
   * which lets a map view's rows be read cell by cell. Default true.
   */
  readonly ordered?: boolean
  /** Data fields the read aggregates beyond those the state filters by: their columns are loaded too. */
  readonly fieldPaths?: readonly string[]
}

/**
 * The filtered rows of every dataset in scope, or null when the index cannot answer now (off,
 * full, or still loading): the caller then reads the database.
 * @param database - where the read runs (see `read-router`): its versions say which segments are
 *   current, and missing ones load from its pool
 */
export async function selectFromIndex(
  payload: Payload,
  database: ReadDatabase,
  state: FilterState,
  scope: DatasetScope,
  options: SelectionOptions = {},
): Promise<Selection[] | null> {
  const fieldPaths = [...new Set([...Object.keys(state.fields), ...(options.fieldPaths ?? [])])]
  const store = eventIndexOf(payload)
  const segments = await store.segmentsFor(scope, fieldPaths, database)
  if (!segments) return null
  const bbox = options.bbox ?? state.bbox
  const query: IndexQuery = {
    startMs: state.startDate ? parseFilterInstant(state.startDate).getTime() : undefined,
    endMs: state.endDate ? parseFilterInstant(state.endDate).getTime() : undefined,
    bbox,
    fields: state.fields,
    locatedOnly: options.locatedOnly,
  }
  const matches =
    state.text && segments.length > 0 ? await textMatches(store, database.pool, segments, state.text) : undefined
  return segments.map((segment) =>
    selectRows(segment, query, matches?.get(segment.datasetId), { ordered: options.ordered ?? true }),
  )
}
