/**
 * Full-text search over the in-memory event index. The database turns the search into lexemes
 * (`websearch_to_tsquery`, so its rules stay the only rules) and each segment's postings answer
 * which rows hold them. A segment whose postings are still loading, or a query they cannot answer
 * (a phrase, which needs word positions), asks the database's GIN index instead. Either way the
 * rows are remembered per dataset version, and the explore view's simultaneous requests for one
 * search share one database round trip.
 * @module
 */
import { parseTextQuery, UnsupportedTextQueryError, type EventSegment, type TextQuery } from '@chronotope/event-index'
import type { Pool } from 'pg'

import { SEARCH_DOCUMENT_SQL, searchQuerySql } from '../event-conditions'
import type { EventIndexStore } from './event-index-store'
import { settings } from '../../../config/settings'
import { TextMatchCache, textMatchesMaxBytes, TEXT_MATCHES_KEPT } from './text-match-cache'

const textMatchCaches = new WeakMap<EventIndexStore, TextMatchCache>()
const searchesInFlight = new WeakMap<Pool, Map<string, Promise<Map<number, number[]>>>>()
const queriesInFlight = new WeakMap<Pool, Map<string, Promise<TextQuery | null>>>()

// Shares one promise per key among the callers that ask while it runs.
function shared<T>(owners: WeakMap<Pool, Map<string, Promise<T>>>, pool: Pool, key: string, run: () => Promise<T>) {
  let running = owners.get(pool)
  if (!running) owners.set(pool, (running = new Map<string, Promise<T>>()))
  let pending = running.get(key)
  if (!pending) {
    const map = running
    pending = run().finally(() => map.delete(key))
    map.set(key, pending)
  }
  return pending
}

/** The search as lexemes and operators, or null when only the database can answer it. */
function textQueryOf(pool: Pool, text: string): Promise<TextQuery | null> {
  return shared(queriesInFlight, pool, text, async () => {
    const { rows } = await pool.query<{ query: string }>(`select ${searchQuerySql('$1')}::text as query`, [text])
    try {
      return parseTextQuery(rows[0]!.query)
    } catch (error) {
      if (error instanceof UnsupportedTextQueryError) return null
      throw error
    }
  })
}

// The ids of the events of each segment's dataset that match a full-text search.
async function searchDatabase(
  pool: Pool,
  segments: readonly EventSegment[],
  text: string,
): Promise<Map<number, number[]>> {
  const { rows } = await pool.query<{ dataset_id: number; ids: number[] }>(
    `select e.dataset_id, array_agg(e.id) as ids from events e
     where e.dataset_id = any($1::int[]) and ${SEARCH_DOCUMENT_SQL} @@ ${searchQuerySql('$2')}
     group by e.dataset_id`,
    [segments.map((segment) => segment.datasetId), text],
  )
  return new Map(rows.map((row) => [Number(row.dataset_id), row.ids]))
}

/**
 * The rows of each segment (by dataset id) whose title, description or place matches `text` as
 * `websearch_to_tsquery('simple', text)` reads it.
 */
export async function textMatches(
  store: EventIndexStore,
  pool: Pool,
  segments: readonly EventSegment[],
  text: string,
): Promise<Map<number, Int32Array>> {
  let cache = textMatchCaches.get(store)
  if (!cache)
    textMatchCaches.set(
      store,
      (cache = new TextMatchCache(TEXT_MATCHES_KEPT, textMatchesMaxBytes(settings.eventIndexMaxBytes))),
    )
  const matches = new Map<number, Int32Array>()
  const remember = (segment: EventSegment, rows: Int32Array) => {
    cache.set(TextMatchCache.key(segment.datasetId, segment.version, text), rows)
    matches.set(segment.datasetId, rows)
  }
  const missing: EventSegment[] = []
  for (const segment of segments) {
    const rows = cache.get(TextMatchCache.key(segment.datasetId, segment.version, text))
    if (rows) matches.set(segment.datasetId, rows)
    else missing.push(segment)
  }
  if (missing.length === 0) return matches

  store.loadTextPostings(missing, pool)
  const query = missing.some((segment) => segment.textPostings) ? await textQueryOf(pool, text) : null
  const unindexed = query ? missing.filter((segment) => !segment.textPostings) : missing
  if (query)
    for (const segment of missing) if (segment.textPostings) remember(segment, segment.textPostings.rowsMatching(query))
  if (unindexed.length === 0) return matches

  const key = `${text}\u0000${unindexed.map((segment) => `${segment.datasetId}@${segment.version}`).join(',')}`
  const idsByDataset = await shared(searchesInFlight, pool, key, () => searchDatabase(pool, unindexed, text))
  // Ids the segment does not hold (written since it loaded) are left out, as the segment's version says.
  for (const segment of unindexed) remember(segment, segment.rowsOf(idsByDataset.get(segment.datasetId) ?? []))
  return matches
}
