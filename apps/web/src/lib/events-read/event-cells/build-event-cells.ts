/**
 * Builds a dataset's event cells: its events counted ahead of time per map cell (zooms 0 to
 * {@link MAX_CELL_ZOOM}, the read API's 64-px grid), per cell of zooms {@link MONTH_CELL_ZOOM} and
 * {@link COARSE_MONTH_CELL_ZOOM} and UTC month (and the months of each zoom-4 cell packed into one
 * series, `month-series.ts`), and per UTC day, its events packed per zoom-10 cell
 * (`point-blocks.ts`), and the same counts per value of its value-list fields
 * (`build-value-cells.ts`), for exactly one events version. One scan of the dataset's events at
 * the finest zoom; each coarser zoom is summed from the one below, which gives the same cells
 * because a cell splits into exactly four.
 * @module
 */
import { clusterCellSize } from '@chronotope/filters'
import type { Pool, PoolClient } from 'pg'

import { buildValueCells } from './build-value-cells'
import { CELL_X, CELL_Y } from './cell-grid-sql'
import { insertPointBlocks } from './point-blocks'

/** The finest zoom cells are kept for; past it a map view is small enough to count its events. */
export const MAX_CELL_ZOOM = 10

/**
 * The finest zoom of the cells kept per month, for maps narrowed to whole months: coarse enough
 * that a dataset has at most a few hundred thousand of them (about 600 cells hold land, over 600
 * months in fifty years), fine enough for a continent's view.
 */
export const MONTH_CELL_ZOOM = 4

/** The coarser zoom cells per month are kept at too, for a world map: a sixteenth of the rows. */
export const COARSE_MONTH_CELL_ZOOM = 2

/** The tables a build writes, in the order it writes them. */
export const CELL_TABLES = [
  'event_cells',
  'event_cell_months',
  'event_cell_series',
  'event_days',
  'event_cell_points',
  'event_value_cells',
  'event_value_months',
  'event_value_cell_series',
  'event_cell_builds',
] as const

// pg_try_advisory_xact_lock(key, dataset): one build of a dataset at a time, across processes.
const BUILD_LOCK_KEY = 0x43454c4c

/** What a finished build holds. */
export interface EventCellBuild {
  readonly datasetId: number
  /** The events version (event_index_versions) the cells count. */
  readonly version: string
  /** Events with a time, and events with a location. */
  readonly dated: number
  readonly located: number
  /** The value-list fields counted per value. */
  readonly valueFields: readonly string[]
  readonly seconds: number
}

async function insertCells(client: PoolClient, datasetId: number): Promise<void> {
  await client.query(
    `insert into event_cells (dataset_id, zoom, cy, cx, count, sum_lon, sum_lat, west, south, east, north, first_id)
     select $1, ${MAX_CELL_ZOOM}, cy, cx, count(*), sum(lon), sum(lat), min(lon), min(lat), max(lon), max(lat), min(id)
       from (select e.id, st_x(e.location) as lon, st_y(e.location) as lat, ${CELL_X}::int as cx, ${CELL_Y}::int as cy
               from events e
              where e.dataset_id = $1 and e.removed_at is null and e.location is not null) p
      group by cy, cx`,
    [datasetId, clusterCellSize(MAX_CELL_ZOOM)],
  )
  for (let zoom = MAX_CELL_ZOOM - 1; zoom >= 0; zoom--) {
    // floor(floor(v) / 2) = floor(v / 2), and halving a float is exact: the parent cell of each.
    await client.query(
      `insert into event_cells (dataset_id, zoom, cy, cx, count, sum_lon, sum_lat, west, south, east, north, first_id)
       select dataset_id, $2, floor(cy / 2.0)::int, floor(cx / 2.0)::int, sum(count), sum(sum_lon), sum(sum_lat),
              min(west), min(south), max(east), max(north), min(first_id)
         from event_cells where dataset_id = $1 and zoom = $3
        group by dataset_id, floor(cy / 2.0)::int, floor(cx / 2.0)::int`,
      [datasetId, zoom, zoom + 1],
    )
  }
}

// Written cell by cell, each cell's months in order: a view's cells over a decade then lie on a few
// hundred pages instead of a page per row (Europe's 1990s at ten million events: 25 ms, not 135).
async function insertMonthCells(client: PoolClient, datasetId: number): Promise<void> {
  await client.query(
    `insert into event_cell_months (dataset_id, zoom, month, cy, cx, count, sum_lon, sum_lat, west, south, east, north, first_id)
     select $1, ${MONTH_CELL_ZOOM}, month, cy, cx, count(*), sum(lon), sum(lat), min(lon), min(lat), max(lon), max(lat), min(id)
       from (select e.id, st_x(e.location) as lon, st_y(e.location) as lat, date_trunc('month', e.event_time, 'UTC') as month,
                    ${CELL_X}::int as cx, ${CELL_Y}::int as cy
               from events e
              where e.dataset_id = $1 and e.removed_at is null and e.location is not null and e.event_time is not null) p
      group by month, cy, cx
      order by cy, cx, month`,
    [datasetId, clusterCellSize(MONTH_CELL_ZOOM)],
  )
  // floor(floor(v) / n) = floor(v / n) for a whole n: the cell of the coarser zoom holding each.
  const scale = 2 ** (MONTH_CELL_ZOOM - COARSE_MONTH_CELL_ZOOM)
  await client.query(
    `insert into event_cell_months (dataset_id, zoom, month, cy, cx, count, sum_lon, sum_lat, west, south, east, north, first_id)
     select dataset_id, $2, month, floor(cy / $3::float8)::int, floor(cx / $3::float8)::int, sum(count), sum(sum_lon),
            sum(sum_lat), min(west), min(south), max(east), max(north), min(first_id)
       from event_cell_months where dataset_id = $1 and zoom = ${MONTH_CELL_ZOOM}
      group by dataset_id, month, floor(cy / $3::float8)::int, floor(cx / $3::float8)::int
      order by 4, 5, 3`,
    [datasetId, COARSE_MONTH_CELL_ZOOM, scale],
  )
  // Each zoom-4 cell's months packed into one series (month-series.ts): a histogram of the cells
  // inside a view reads one value per cell, wherever a rebuild put the rows of its months.
  await client.query(
    `insert into event_cell_series (dataset_id, cy, cx, months)
     select dataset_id, cy, cx,
            string_agg(float8send((extract(epoch from month) * 1000)::float8) || int4send(count), ''::bytea order by month)
       from event_cell_months where dataset_id = $1 and zoom = ${MONTH_CELL_ZOOM}
      group by dataset_id, cy, cx
      order by cy, cx`,
    [datasetId],
  )
}

async function insertDays(client: PoolClient, datasetId: number): Promise<void> {
  await client.query(
    `insert into event_days (dataset_id, day, events, located, first_time, last_time, first_located_time, last_located_time)
     select $1, date_trunc('day', e.event_time, 'UTC'), count(*), count(e.location), min(e.event_time), max(e.event_time),
            min(e.event_time) filter (where e.location is not null), max(e.event_time) filter (where e.location is not null)
       from events e
      where e.dataset_id = $1 and e.removed_at is null and e.event_time is not null
      group by 2`,
    [datasetId],
  )
}

/**
 * Builds the cells of a dataset at its current events version, in one repeatable-read transaction
 * (so they count exactly the events of the version read in it), replacing an older build, then
 * analyzes the {@link CELL_TABLES}. Returns null without writing when the cells are already at
 * that version, the dataset has no events version, or another process is building them now.
 */
export async function buildEventCells(pool: Pool, datasetId: number): Promise<EventCellBuild | null> {
  const started = performance.now()
  const client = await pool.connect()
  try {
    await client.query('begin isolation level repeatable read')
    const { rows: locks } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_xact_lock($1, $2) as locked',
      [BUILD_LOCK_KEY, datasetId],
    )
    const { rows: versions } = await client.query<{ version: string; built: string | null }>(
      `select v.version, b.version as built from event_index_versions v
         left join event_cell_builds b on b.dataset_id = v.dataset_id
        where v.dataset_id = $1`,
      [datasetId],
    )
    const current = versions[0]
    if (!locks[0]?.locked || !current || current.built === current.version) {
      await client.query('rollback')
      return null
    }
    await client.query('delete from event_cells where dataset_id = $1', [datasetId])
    await client.query('delete from event_days where dataset_id = $1', [datasetId])
    await client.query('delete from event_cell_months where dataset_id = $1', [datasetId])
    await client.query('delete from event_cell_series where dataset_id = $1', [datasetId])
    await client.query('delete from event_cell_points where dataset_id = $1', [datasetId])
    await insertCells(client, datasetId)
    // The values first: the blocks carry each event's codes of them.
    const values = await buildValueCells(client, datasetId)
    await insertPointBlocks(client, datasetId, { values })
    await insertMonthCells(client, datasetId)
    await insertDays(client, datasetId)
    const valueFields = [...values.fields]
    // Events without a time, from the time index's nulls: with the dated ones, every event.
    const { rows: undated } = await client.query<{ count: string }>(
      'select count(*) as count from events where dataset_id = $1 and event_time is null and removed_at is null',
      [datasetId],
    )
    const seconds = (performance.now() - started) / 1000
    const { rows } = await client.query<{ dated: string; located: string }>(
      `insert into event_cell_builds as b (dataset_id, version, events, dated, located, west, south, east, north, first_time,
         last_time, first_located_time, last_located_time, value_fields, value_codes, seconds)
       select $1, $2, d.dated + $6::bigint, d.dated, c.located, c.west, c.south, c.east, c.north, d.first_time, d.last_time,
              d.first_located_time, d.last_located_time, $4::text[], $5::jsonb, $3
         from (select coalesce(sum(events), 0) as dated, min(first_time) as first_time, max(last_time) as last_time,
                      min(first_located_time) as first_located_time, max(last_located_time) as last_located_time
                 from event_days where dataset_id = $1) d,
              (select coalesce(sum(count), 0) as located, min(west) as west, min(south) as south, max(east) as east,
                      max(north) as north
                 from event_cells where dataset_id = $1 and zoom = 0) c
       on conflict (dataset_id) do update set version = excluded.version, events = excluded.events, dated = excluded.dated,
         located = excluded.located, west = excluded.west, south = excluded.south, east = excluded.east,
         north = excluded.north, first_time = excluded.first_time, last_time = excluded.last_time,
         first_located_time = excluded.first_located_time, last_located_time = excluded.last_located_time,
         value_fields = excluded.value_fields, value_codes = excluded.value_codes, seconds = excluded.seconds,
         built_at = now()
       returning dated, located`,
      [datasetId, current.version, seconds, valueFields, JSON.stringify(values.codes), undated[0]!.count],
    )
    await client.query('commit')
    // A build may replace most of a table's rows. Until the planner has statistics on them it
    // guesses one row a dataset and sorts a continent's cells on disk: 440 ms against 190 ms for
    // a histogram of Europe at ten million events. Autovacuum would get there in a minute or so.
    await client.query(`analyze ${CELL_TABLES.join(', ')}`)
    return {
      datasetId,
      version: String(current.version),
      dated: Number(rows[0]!.dated),
      located: Number(rows[0]!.located),
      valueFields,
      seconds,
    }
  } catch (error) {
    await client.query('rollback').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}
