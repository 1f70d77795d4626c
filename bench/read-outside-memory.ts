/**
 * `npm run bench:read -- --outside-memory`: after the usual mix, the same mix again with the
 * in-memory event index off, so every dataset is outside memory and reads answer from the event
 * cells counted ahead of time in PostgreSQL, or else from the events. Prints each scenario's p95
 * beside the index's, and their ratio against the target of 10×.
 * @module
 */
import type pg from 'pg'

/** The scenario figures the comparison needs from a run of the mix. */
export interface ScenarioFigures {
  readonly endpoint: string
  readonly view: string
  readonly filter: string
  readonly 'p95 ms': string
  readonly answer: string
}

/** How many times the index's p95 a read outside memory may take. */
export const TARGET_RATIO = 10

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Waits until every dataset has event cells at its current events version; returns the seconds
 * waited and the builds' own seconds summed.
 * @throws Error after `timeoutMs`
 */
export async function waitForEventCells(
  pool: pg.Pool,
  datasetIds: readonly number[],
  timeoutMs: number,
): Promise<{ waitedSeconds: number; buildSeconds: number }> {
  const started = performance.now()
  for (;;) {
    const { rows } = await pool.query<{ built: number; seconds: number }>(
      `select count(*)::int as built, coalesce(sum(b.seconds), 0)::float8 as seconds
         from event_cell_builds b join event_index_versions v on v.dataset_id = b.dataset_id and v.version = b.version
        where b.dataset_id = any($1::int[])`,
      [[...datasetIds]],
    )
    if (rows[0]!.built === datasetIds.length)
      return { waitedSeconds: (performance.now() - started) / 1000, buildSeconds: rows[0]!.seconds }
    if (performance.now() - started > timeoutMs)
      throw new Error(`Event cells were not built for every dataset within ${timeoutMs / 1000} s`)
    await sleep(500)
  }
}

/**
 * Waits until every dataset has the cells of the search for `text` at its current events version
 * (built on the search's first read); returns the seconds waited, the builds' own seconds summed,
 * and the bytes they hold.
 * @throws Error after `timeoutMs`
 */
export async function waitForSearchCells(
  pool: pg.Pool,
  datasetIds: readonly number[],
  text: string,
  timeoutMs: number,
): Promise<{ waitedSeconds: number; buildSeconds: number; bytes: number; matches: number }> {
  const started = performance.now()
  for (;;) {
    const { rows } = await pool.query<{ built: number; seconds: number; bytes: string; matches: string }>(
      `select count(*)::int as built, coalesce(sum(s.seconds), 0)::float8 as seconds,
              coalesce(sum(s.bytes), 0)::text as bytes, coalesce(sum(s.matches), 0)::text as matches
         from event_searches s join event_index_versions v on v.dataset_id = s.dataset_id and v.version = s.version
        where s.dataset_id = any($1::int[])
          and s.query = websearch_to_tsquery('simple'::regconfig, public.chronotope_unaccent($2))::text`,
      [[...datasetIds], text],
    )
    const row = rows[0]!
    if (row.built === datasetIds.length)
      return {
        waitedSeconds: (performance.now() - started) / 1000,
        buildSeconds: row.seconds,
        bytes: Number(row.bytes),
        matches: Number(row.matches),
      }
    if (performance.now() - started > timeoutMs)
      throw new Error(`Search cells of "${text}" were not built for every dataset within ${timeoutMs / 1000} s`)
    await sleep(500)
  }
}

/**
 * The rows and bytes (tables and indexes) the cells take, per event, the cells per value and the
 * point blocks apart.
 */
export async function describeCellStorage(pool: pg.Pool, events: number): Promise<string> {
  const { rows } = await pool.query<{
    cells: string
    months: string
    days: string
    bytes: string
    value_cells: string
    value_months: string
    value_series: string
    value_bytes: string
    value_fields: string[] | null
    blocks: string
    packed: string
    block_bytes: string
    events_bytes: string
  }>(
    `select (select count(*) from event_cells) as cells, (select count(*) from event_cell_months) as months,
            (select count(*) from event_days) as days,
            pg_total_relation_size('event_cells') + pg_total_relation_size('event_cell_months')
              + pg_total_relation_size('event_cell_series') + pg_total_relation_size('event_days')
              + pg_total_relation_size('event_cell_builds') as bytes,
            (select count(*) from event_value_cells) as value_cells, (select count(*) from event_value_months) as value_months,
            (select count(*) from event_value_cell_series) as value_series,
            pg_total_relation_size('event_value_cells') + pg_total_relation_size('event_value_months')
              + pg_total_relation_size('event_value_cell_series') as value_bytes,
            (select array_agg(distinct field order by field) from event_cell_builds, unnest(value_fields) as field)
              as value_fields,
            (select count(*) from event_cell_points) as blocks,
            (select coalesce(sum(count), 0) from event_cell_points where points is not null) as packed,
            pg_total_relation_size('event_cell_points') as block_bytes,
            pg_total_relation_size('events') as events_bytes`,
  )
  const row = rows[0]!
  const fmt = (n: number) => Math.round(n).toLocaleString('en')
  const size = (bytes: string) =>
    `${(Number(bytes) / 1024 / 1024).toFixed(1)} MB on disk, ${(Number(bytes) / events).toFixed(1)} bytes an event`
  return (
    `Event cells: ${fmt(Number(row.cells))} map cells (zooms 0–10), ${fmt(Number(row.months))} cells of a month ` +
    `(zooms 2 and 4, with their month series) and ${fmt(Number(row.days))} days, ${size(row.bytes)}; per value of ` +
    `${(row.value_fields ?? []).join(', ') || 'no field'}: ${fmt(Number(row.value_cells))} map cells (zooms 0–6), ` +
    `${fmt(Number(row.value_months))} months and ${fmt(Number(row.value_series))} month series of zoom-4 cells, ` +
    `${size(row.value_bytes)}; point blocks: ` +
    `${fmt(Number(row.packed))} events packed in ${fmt(Number(row.blocks))} zoom-10 cells, ${size(row.block_bytes)} ` +
    `(the events table with its indexes: ${(Number(row.events_bytes) / 1024 / 1024).toFixed(0)} MB)`
  )
}

/** One line of the comparison. */
export interface ComparisonRow {
  endpoint: string
  view: string
  filter: string
  'index p95 ms': string
  'outside p95 ms': string
  ratio: string
  target: string
  answer: string
}

/** Each scenario of the second run beside the same scenario of the first. */
export function compareRuns(
  inMemory: readonly ScenarioFigures[],
  outside: readonly ScenarioFigures[],
): ComparisonRow[] {
  return outside.map((row) => {
    const index = inMemory.find(
      (other) => other.endpoint === row.endpoint && other.view === row.view && other.filter === row.filter,
    )
    const indexMs = Number(index?.['p95 ms'])
    const outsideMs = Number(row['p95 ms'])
    // Under a millisecond the ratio says more about the clock than the read: count it as 1 ms.
    const ratio = outsideMs / Math.max(1, indexMs)
    const known = Number.isFinite(ratio)
    return {
      endpoint: row.endpoint,
      view: row.view,
      filter: row.filter,
      'index p95 ms': index?.['p95 ms'] ?? '-',
      'outside p95 ms': row['p95 ms'],
      ratio: known ? `${ratio.toFixed(1)}×` : '-',
      target: `≤ ${TARGET_RATIO}×: ${known && ratio <= TARGET_RATIO ? 'ok' : 'MISSED'}`,
      answer: row.answer,
    }
  })
}
