/**
 * Builds the cells of one search in one dataset: its matches counted per map cell (zooms 0 to
 * {@link SEARCH_CELL_ZOOM}), per UTC month, and per zoom-{@link MONTH_CELL_ZOOM} cell as one packed
 * month series (`month-series.ts`), for exactly one events version, so a search's histogram,
 * bounds and map over a wide view sum a few thousand rows instead of reading each match again.
 * One visit of the matches (what answering the search from the events costs once), grouped by
 * zoom-6 cell and month into a temporary table; every count is summed from that.
 *
 * A search is keyed by its query as PostgreSQL normalises it (`websearch_to_tsquery(…)::text`),
 * so texts that find the same events ("Flood", "flood", "  flood ") share their cells.
 * @module
 */
import { clusterCellSize } from '@chronotope/filters'
import type { Pool, PoolClient } from 'pg'

import { eventConditions, searchQuerySql, SqlParams } from '../event-conditions'
import { MONTH_CELL_ZOOM } from './build-event-cells'
import { cellXSql, cellYSql } from './cell-grid-sql'

/** The finest zoom of a search's cells: a country's view, as for the cells per value. */
export const SEARCH_CELL_ZOOM = 6

/** The tables a search's cells live in, each row keyed by `search_id` (`event_searches.id`). */
export const SEARCH_CELL_TABLES = ['event_search_cells', 'event_search_months', 'event_search_cell_series'] as const

// pg_try_advisory_xact_lock(key, hashtext(dataset:query)): one build of a search at a time, across processes.
const SEARCH_BUILD_LOCK_KEY = 0x53524348

// A heap row's tuple header and line pointer, beside its columns' pg_column_size.
const ROW_OVERHEAD_BYTES = 28

/** What a finished build of a search holds. */
export interface SearchCellBuild {
  readonly searchId: number
  readonly datasetId: number
  /** The normalised query (`websearch_to_tsquery(…)::text`). */
  readonly query: string
  /** The events version the cells count. */
  readonly version: string
  /** Events the search matches. */
  readonly matches: number
  /** About the heap bytes of its rows, what the store's cap counts. */
  readonly bytes: number
  readonly seconds: number
}

/** The normalised query of a search text, as searches are keyed; '' for a text with no word. */
export async function normalisedQuery(pool: Pool | PoolClient, text: string): Promise<string> {
  const { rows } = await pool.query<{ query: string }>(`select ${searchQuerySql('$1')}::text as query`, [text])
  return rows[0]!.query
}

// The matches grouped by zoom-6 cell (null without a location) and UTC month (null without a time).
async function collectMatches(client: PoolClient, datasetId: number, text: string): Promise<void> {
  const params = new SqlParams()
  const where = eventConditions({ catalogs: [], datasets: [], fields: {}, text }, [datasetId], params)
  const size = params.add(clusterCellSize(SEARCH_CELL_ZOOM))
  await client.query(
    `create temporary table search_parts on commit drop as
     select cx, cy, month, count(*)::int as count, sum(lon) as sum_lon, sum(lat) as sum_lat, min(lon) as west,
            min(lat) as south, max(lon) as east, max(lat) as north, min(id) as first_id,
            min(event_time) as first_time, max(event_time) as last_time
       from (select e.id, e.event_time, st_x(e.location) as lon, st_y(e.location) as lat,
                    ${cellXSql(size)}::int as cx, ${cellYSql(size)}::int as cy,
                    date_trunc('month', e.event_time, 'UTC') as month
               from events e where ${where}) p
      group by cx, cy, month`,
    params.values,
  )
}

async function insertCells(client: PoolClient, searchId: number, datasetId: number): Promise<void> {
  await client.query(
    `insert into event_search_cells (search_id, dataset_id, zoom, cy, cx, count, sum_lon, sum_lat, west, south, east, north, first_id)
     select $1, $2, ${SEARCH_CELL_ZOOM}, cy, cx, sum(count), sum(sum_lon), sum(sum_lat), min(west), min(south), max(east),
            max(north), min(first_id)
       from search_parts where cx is not null group by cy, cx`,
    [searchId, datasetId],
  )
  // floor(floor(v) / 2) = floor(v / 2): each coarser cell is summed from the four below it.
  for (let zoom = SEARCH_CELL_ZOOM - 1; zoom >= 0; zoom--)
    await client.query(
      `insert into event_search_cells (search_id, dataset_id, zoom, cy, cx, count, sum_lon, sum_lat, west, south, east, north, first_id)
       select search_id, dataset_id, $2, floor(cy / 2.0)::int, floor(cx / 2.0)::int, sum(count), sum(sum_lon), sum(sum_lat),
              min(west), min(south), max(east), max(north), min(first_id)
         from event_search_cells where search_id = $1 and zoom = $3
        group by search_id, dataset_id, floor(cy / 2.0)::int, floor(cx / 2.0)::int`,
      [searchId, zoom, zoom + 1],
    )
}

async function insertMonths(client: PoolClient, searchId: number, datasetId: number): Promise<void> {
  await client.query(
    `insert into event_search_months (search_id, dataset_id, month, events, located, first_time, last_time,
       first_located_time, last_located_time)
     select $1, $2, month, sum(count), coalesce(sum(count) filter (where cx is not null), 0), min(first_time), max(last_time),
            min(first_time) filter (where cx is not null), max(last_time) filter (where cx is not null)
       from search_parts where month is not null group by month`,
    [searchId, datasetId],
  )
}

// The zoom-4 cell of a zoom-6 one is floor(c / 4), as the grid's own SQL would give. Each cell's
// first and last match too: a view's histogram needs its time range before its buckets.
async function insertSeries(client: PoolClient, searchId: number, datasetId: number): Promise<void> {
  await client.query(
    `insert into event_search_cell_series (search_id, dataset_id, cy, cx, months, first_time, last_time)
     select $1, $2, cy, cx,
            string_agg(float8send((extract(epoch from month) * 1000)::float8) || int4send(count), ''::bytea order by month),
            min(first_time), max(last_time)
       from (select floor(cy / $3::float8)::int as cy, floor(cx / $3::float8)::int as cx, month, sum(count)::int as count,
                    min(first_time) as first_time, max(last_time) as last_time
               from search_parts where cx is not null and month is not null group by 1, 2, 3) m
      group by cy, cx
      order by cy, cx`,
    [searchId, datasetId, 2 ** (SEARCH_CELL_ZOOM - MONTH_CELL_ZOOM)],
  )
}

async function bytesOf(client: PoolClient, searchId: number): Promise<number> {
  const sizes = SEARCH_CELL_TABLES.map(
    (table) =>
      `select coalesce(sum(pg_column_size(t.*) + ${ROW_OVERHEAD_BYTES}), 0) as bytes from ${table} t where search_id = $1`,
  )
  const { rows } = await client.query<{ bytes: string }>(
    `select sum(bytes)::bigint as bytes from (${sizes.join(' union all ')}) s`,
    [searchId],
  )
  return Number(rows[0]!.bytes)
}

/**
 * Builds the cells of the search for `text` in a dataset at its current events version, in one
 * repeatable-read transaction (so they count exactly the matches of that version), replacing an
 * older build of the same query. Returns null without writing when the dataset's events version
 * is not `version` (it moved on; the caller asks again), the cells are already at it, or another
 * process is building them now.
 */
export async function buildSearchCells(
  pool: Pool,
  datasetId: number,
  text: string,
  version: string,
): Promise<SearchCellBuild | null> {
  const started = performance.now()
  const client = await pool.connect()
  try {
    await client.query('begin isolation level repeatable read')
    const query = await normalisedQuery(client, text)
    const { rows: checks } = await client.query<{ locked: boolean; current: string | null; built: string | null }>(
      `select pg_try_advisory_xact_lock($1, hashtext($2::int::text || ':' || $3::text)) as locked,
              (select version from event_index_versions where dataset_id = $2::int) as current,
              (select version from event_searches where dataset_id = $2::int and query = $3::text) as built`,
      [SEARCH_BUILD_LOCK_KEY, datasetId, query],
    )
    const check = checks[0]!
    if (!check.locked || String(check.current) !== version || String(check.built) === version) {
      await client.query('rollback')
      return null
    }
    await client.query('delete from event_searches where dataset_id = $1 and query = $2', [datasetId, query])
    const { rows: created } = await client.query<{ id: number }>(
      'insert into event_searches (dataset_id, query, version) values ($1, $2, $3) returning id',
      [datasetId, query, version],
    )
    const searchId = created[0]!.id
    await collectMatches(client, datasetId, text)
    await insertCells(client, searchId, datasetId)
    await insertMonths(client, searchId, datasetId)
    await insertSeries(client, searchId, datasetId)
    const { rows: counted } = await client.query<{ matches: string }>(
      'select coalesce(sum(count), 0)::bigint as matches from search_parts',
    )
    const matches = Number(counted[0]!.matches)
    const bytes = await bytesOf(client, searchId)
    const seconds = (performance.now() - started) / 1000
    await client.query('update event_searches set matches = $2, bytes = $3, seconds = $4 where id = $1', [
      searchId,
      matches,
      bytes,
      seconds,
    ])
    await client.query('commit')
    return { searchId, datasetId, query, version, matches, bytes, seconds }
  } catch (error) {
    await client.query('rollback').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}

/**
 * Drops the searches whose dataset has moved past their events version, then the least recently
 * read ones until the rest hold at most `maxBytes`; answers how many searches it dropped.
 */
export async function evictSearchCells(pool: Pool, maxBytes: number): Promise<number> {
  const { rowCount } = await pool.query(
    `delete from event_searches s
      where not exists (select 1 from event_index_versions v where v.dataset_id = s.dataset_id and v.version = s.version)
         or s.id in (select id from (select id, sum(bytes) over (order by used_at desc, id desc) as held from event_searches) r
                      where held > $1)`,
    [maxBytes],
  )
  return rowCount ?? 0
}
