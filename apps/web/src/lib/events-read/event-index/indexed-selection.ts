/**
 * The filter state answered from the in-memory event index: the segments of the datasets in
 * scope, each narrowed to the rows that pass. Full-text search asks the database which events
 * match (its GIN index does that well) and the index keeps those rows.
 * @module
 */
import { selectRows, type EventSegment, type IndexQuery, type Selection } from '@chronotope/event-index'
import { parseFilterInstant, type BoundingBox, type FilterState } from '@chronotope/filters'
import type { Payload } from 'payload'
import type { Pool } from 'pg'

import { settings } from '../../../config/settings'
import { databasePool } from '../../import/progress-tracking'
import { SEARCH_DOCUMENT_SQL, type DatasetScope } from '../event-conditions'
import { EventIndexStore } from './event-index-store'
import { TextMatchCache } from './text-match-cache'

const stores = new WeakMap<Pool, EventIndexStore>()

/** The event index of the app's database (one per process and database). */
export function eventIndexOf(payload: Payload): EventIndexStore {
  const pool = databasePool(payload)
  let store = stores.get(pool)
  if (!store) {
    store = new EventIndexStore(pool, {
      maxEvents: settings.eventIndexMaxEvents,
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

const textMatchCaches = new WeakMap<EventIndexStore, TextMatchCache>()
const searchesInFlight = new WeakMap<EventIndexStore, Map<string, Promise<Map<number, number[]>>>>()

// The ids of the events of each segment's dataset that match a full-text search.
async function searchDatabase(
  payload: Payload,
  segments: readonly EventSegment[],
  text: string,
): Promise<Map<number, number[]>> {
  const { rows } = await databasePool(payload).query<{ dataset_id: number; ids: number[] }>(
    `select e.dataset_id, array_agg(e.id) as ids from events e
     where e.dataset_id = any($1::int[]) and ${SEARCH_DOCUMENT_SQL} @@ websearch_to_tsquery('simple'::regconfig, $2)
     group by e.dataset_id`,
    [segments.map((segment) => segment.datasetId), text],
  )
  return new Map(rows.map((row) => [Number(row.dataset_id), row.ids]))
}

// The rows of each segment that match the search, from the cache or one database query.
async function textMatches(
  payload: Payload,
  segments: readonly EventSegment[],
  text: string,
): Promise<Map<number, Int32Array>> {
  const store = eventIndexOf(payload)
  let cache = textMatchCaches.get(store)
  if (!cache) textMatchCaches.set(store, (cache = new TextMatchCache()))
  const matches = new Map<number, Int32Array>()
  const missing: EventSegment[] = []
  for (const segment of segments) {
    const rows = cache.get(TextMatchCache.key(segment.datasetId, segment.version, text))
    if (rows) matches.set(segment.datasetId, rows)
    else missing.push(segment)
  }
  if (missing.length === 0) return matches
  // The explore view asks several endpoints the same search at once: one query answers them all.
  const key = `${text}\u0000${missing.map((segment) => `${segment.datasetId}@${segment.version}`).join(',')}`
  let inFlight = searchesInFlight.get(store)
  if (!inFlight) searchesInFlight.set(store, (inFlight = new Map<string, Promise<Map<number, number[]>>>()))
  let pending = inFlight.get(key)
  if (!pending) {
    const searches = inFlight
    pending = searchDatabase(payload, missing, text).finally(() => searches.delete(key))
    searches.set(key, pending)
  }
  const idsByDataset = await pending
  for (const segment of missing) {
    // Ids the segment does not hold (written since it loaded) are left out, as the segment's version says.
    const found = segment.rowsOf(idsByDataset.get(segment.datasetId) ?? [])
    cache.set(TextMatchCache.key(segment.datasetId, segment.version, text), found)
    matches.set(segment.datasetId, found)
  }
  return matches
}

/**
 * The filtered rows of every dataset in scope, or null when the index cannot answer now (off,
 * full, or still loading): the caller then reads the database.
 */
export async function selectFromIndex(
  payload: Payload,
  state: FilterState,
  scope: DatasetScope,
  options: SelectionOptions = {},
): Promise<Selection[] | null> {
  const fieldPaths = [...new Set([...Object.keys(state.fields), ...(options.fieldPaths ?? [])])]
  const segments = await eventIndexOf(payload).segmentsFor(scope, fieldPaths)
  if (!segments) return null
  const bbox = options.bbox ?? state.bbox
  const query: IndexQuery = {
    startMs: state.startDate ? parseFilterInstant(state.startDate).getTime() : undefined,
    endMs: state.endDate ? parseFilterInstant(state.endDate).getTime() : undefined,
    bbox,
    fields: state.fields,
    locatedOnly: options.locatedOnly,
  }
  const matches = state.text && segments.length > 0 ? await textMatches(payload, segments, state.text) : undefined
  return segments.map((segment) =>
    selectRows(segment, query, matches?.get(segment.datasetId), { ordered: options.ordered ?? true }),
  )
}
