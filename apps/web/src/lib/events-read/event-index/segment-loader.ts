/**
 * Reading one dataset's events, and one data field of them, into the in-memory index. A read is
 * only kept when the dataset's events version (kept by triggers on `events`) is the same before
 * and after it: then no write to the dataset committed in between, so the columns are exactly
 * that version's events.
 * @module
 */
import { EventSegment, FieldColumn, TextPostingsBuilder, type TextPostings } from '@chronotope/event-index'
import type { Pool } from 'pg'

import { SEARCH_DOCUMENT_SQL } from '../event-conditions'

/** A dataset's events version and event count, as the triggers keep them. */
export interface DatasetVersion {
  readonly version: string
  readonly count: number
}

/** Attempts before giving up on a dataset that keeps changing while it is read. */
const READ_ATTEMPTS = 3

/**
 * The events versions of the datasets in `scope` (every dataset with events for `'all'`).
 * A dataset that never had events has no entry.
 */
export async function readDatasetVersions(
  pool: Pool,
  scope: 'all' | readonly number[],
): Promise<Map<number, DatasetVersion>> {
  const { rows } = await pool.query<{ dataset_id: number; version: string; event_count: string }>(
    scope === 'all'
      ? 'select dataset_id, version, event_count from event_index_versions'
      : 'select dataset_id, version, event_count from event_index_versions where dataset_id = any($1::int[])',
    scope === 'all' ? [] : [[...scope]],
  )
  return new Map(
    rows.map((row) => [Number(row.dataset_id), { version: String(row.version), count: Number(row.event_count) }]),
  )
}

async function versionOf(pool: Pool, datasetId: number): Promise<string> {
  const { rows } = await pool.query<{ version: string }>(
    'select version from event_index_versions where dataset_id = $1',
    [datasetId],
  )
  return rows[0] ? String(rows[0].version) : '0'
}

// Runs `read` between two version reads until they agree; null when the dataset kept changing.
async function readAtOneVersion<T>(
  pool: Pool,
  datasetId: number,
  read: () => Promise<T>,
): Promise<{ version: string; value: T } | null> {
  for (let attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
    const before = await versionOf(pool, datasetId)
    const value = await read()
    if ((await versionOf(pool, datasetId)) === before) return { version: before, value }
  }
  return null
}

/**
 * The list order the segment is built in; field columns are read in the same order. Events a
 * scheduled import marked removed (gone from its source) are never part of a segment.
 */
const LIST_ORDER = 'order by event_time asc nulls last, id asc'

/**
 * Reads a dataset's events into a segment.
 * @returns null when the dataset changed during every attempt
 */
export async function loadSegment(pool: Pool, datasetId: number): Promise<EventSegment | null> {
  const read = await readAtOneVersion(pool, datasetId, async () => {
    const { rows } = await pool.query<[number, number | null, number | null, number | null]>({
      text: `select id, (extract(epoch from event_time) * 1000)::float8, st_x(location), st_y(location)
             from events where dataset_id = $1 and removed_at is null ${LIST_ORDER}`,
      values: [datasetId],
      rowMode: 'array',
    })
    return rows
  })
  if (!read) return null
  const rows = read.value
  const ids = new Int32Array(rows.length)
  const times = new Float64Array(rows.length)
  const longitudes = new Float64Array(rows.length)
  const latitudes = new Float64Array(rows.length)
  rows.forEach(([id, time, longitude, latitude], row) => {
    ids[row] = id
    times[row] = time ?? Number.NaN
    longitudes[row] = longitude ?? Number.NaN
    latitudes[row] = latitude ?? Number.NaN
  })
  return new EventSegment(datasetId, read.version, { ids, times, longitudes, latitudes })
}

/**
 * Reads one data field (`data #>> path`) of a segment's events.
 * @returns null when the dataset no longer holds the segment's version
 */
export async function loadFieldColumn(pool: Pool, segment: EventSegment, path: string): Promise<FieldColumn | null> {
  const read = await readAtOneVersion(pool, segment.datasetId, async () => {
    const { rows } = await pool.query<[number, string | null]>({
      text: `select id, data #>> $2::text[] from events where dataset_id = $1 and removed_at is null ${LIST_ORDER}`,
      values: [segment.datasetId, path.split('.')],
      rowMode: 'array',
    })
    return rows
  })
  if (!read || read.version !== segment.version || read.value.length !== segment.size) return null
  const values = new Array<string | null>(read.value.length)
  for (let row = 0; row < read.value.length; row++) {
    const [id, value] = read.value[row]!
    if (id !== segment.ids[row]) return null
    values[row] = value
  }
  return FieldColumn.fromValues(values)
}

/** Rows the postings build takes in one go (some 30 ms) before letting other work run. */
const BUILD_SLICE_ROWS = 10_000

/**
 * Reads the full-text postings of a segment's events: the database splits each event's search
 * document into lexemes exactly as a search reads it, one row per event in the segment's order.
 * @returns null when the dataset no longer holds the segment's version
 */
export async function loadTextPostings(pool: Pool, segment: EventSegment): Promise<TextPostings | null> {
  const read = await readAtOneVersion(pool, segment.datasetId, async () => {
    const { rows } = await pool.query<[string]>({
      text: `select array_to_string(tsvector_to_array(${SEARCH_DOCUMENT_SQL}), ' ')
             from events e where dataset_id = $1 and removed_at is null ${LIST_ORDER}`,
      values: [segment.datasetId],
      rowMode: 'array',
    })
    return rows
  })
  if (!read || read.version !== segment.version || read.value.length !== segment.size) return null
  const builder = new TextPostingsBuilder()
  for (const [lexemes] of read.value) {
    builder.addRow(lexemes)
    // Reads waiting meanwhile are served between slices instead of after the whole build.
    if (builder.size % BUILD_SLICE_ROWS === 0) await new Promise((resolve) => setImmediate(resolve))
  }
  return builder.build()
}
