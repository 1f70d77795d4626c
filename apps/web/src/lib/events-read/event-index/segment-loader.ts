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
 * Rows a load fetches at a time. A dataset read whole in one query held every row as JS values at
 * once (about 150 bytes a row for ids, times and places, as much again for its search words):
 * with five datasets of two million events loading at once, the web process peaked at 2.9 GB to
 * keep 380 MB of index. Fetched 50,000 at a time it peaked at 1.31 GB, the rows of a fetch living
 * long enough to be moved to V8's old space and left there as garbage; 10,000 at a time, 1.20 GB.
 */
export const LOAD_CHUNK_ROWS = 10_000

/** How a load reads its rows. */
export interface LoadOptions {
  /** Rows fetched at a time; default {@link LOAD_CHUNK_ROWS}. */
  readonly chunkRows?: number
}

/**
 * Runs `text` through a cursor and hands its rows (as arrays) to `onRows` a chunk at a time, in
 * one read-only transaction.
 */
async function readInChunks<Row extends unknown[]>(
  pool: Pool,
  query: { readonly text: string; readonly values: readonly unknown[] },
  options: LoadOptions,
  onRows: (rows: readonly Row[]) => void | Promise<void>,
): Promise<void> {
  const chunkRows = options.chunkRows ?? LOAD_CHUNK_ROWS
  const client = await pool.connect()
  try {
    await client.query('begin read only')
    // A cursor is planned for its first rows (cursor_tuple_fraction 0.1): a walk of the time index
    // with a page read per event instead of one pass and a sort. Every row is wanted here.
    await client.query('set local cursor_tuple_fraction = 1')
    await client.query({ text: `declare load_rows no scroll cursor for ${query.text}`, values: [...query.values] })
    for (;;) {
      const { rows } = await client.query<Row>({ text: `fetch forward ${chunkRows} from load_rows`, rowMode: 'array' })
      if (rows.length > 0) await onRows(rows)
      if (rows.length < chunkRows) break
    }
    await client.query('commit')
  } catch (error) {
    await client.query('rollback').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}

/** A typed array of `length` items holding the first items of `array`. */
function grown<T extends Int32Array | Float64Array>(array: T, length: number): T {
  const bigger = new (array.constructor as new (length: number) => T)(length)
  bigger.set(array)
  return bigger
}

/**
 * Reads a dataset's events into a segment.
 * @param expected - the events the dataset is expected to hold, to size the columns (they grow past it)
 * @returns null when the dataset changed during every attempt
 */
export async function loadSegment(
  pool: Pool,
  datasetId: number,
  expected = 0,
  options: LoadOptions = {},
): Promise<EventSegment | null> {
  const read = await readAtOneVersion(pool, datasetId, async () => {
    let ids = new Int32Array(Math.max(expected, 16))
    let times = new Float64Array(ids.length)
    let longitudes = new Float64Array(ids.length)
    let latitudes = new Float64Array(ids.length)
    let size = 0
    const text = `select id, (extract(epoch from event_time) * 1000)::float8, st_x(location), st_y(location)
         from events where dataset_id = $1 and removed_at is null ${LIST_ORDER}`
    await readInChunks<[number, number | null, number | null, number | null]>(
      pool,
      { text, values: [datasetId] },
      options,
      (rows) => {
        if (size + rows.length > ids.length) {
          const length = Math.max(size + rows.length, Math.ceil(ids.length * 1.5))
          ids = grown(ids, length)
          times = grown(times, length)
          longitudes = grown(longitudes, length)
          latitudes = grown(latitudes, length)
        }
        for (const [id, time, longitude, latitude] of rows) {
          ids[size] = id
          times[size] = time ?? Number.NaN
          longitudes[size] = longitude ?? Number.NaN
          latitudes[size] = latitude ?? Number.NaN
          size++
        }
      },
    )
    // Exactly sized: a view of a larger buffer would keep all of it.
    const fit = <T extends Int32Array | Float64Array>(array: T) =>
      array.length === size ? array : (array.slice(0, size) as T)
    return { ids: fit(ids), times: fit(times), longitudes: fit(longitudes), latitudes: fit(latitudes) }
  })
  if (!read) return null
  return new EventSegment(datasetId, read.version, read.value)
}

/**
 * Reads one data field (`data #>> path`) of a segment's events.
 * @returns null when the dataset no longer holds the segment's version
 */
export async function loadFieldColumn(
  pool: Pool,
  segment: EventSegment,
  path: string,
  options: LoadOptions = {},
): Promise<FieldColumn | null> {
  const read = await readAtOneVersion(pool, segment.datasetId, async () => {
    const values = new Array<string | null>(segment.size).fill(null)
    // One string per distinct value: a category's two million rows then share a few texts.
    const texts = new Map<string, string>()
    let row = 0
    let matches = true
    const text = `select id, data #>> $2::text[] from events where dataset_id = $1 and removed_at is null ${LIST_ORDER}`
    await readInChunks<[number, string | null]>(
      pool,
      { text, values: [segment.datasetId, path.split('.')] },
      options,
      (rows) => {
        for (const [id, value] of rows) {
          if (row >= segment.size || id !== segment.ids[row]) matches = false
          if (!matches) return
          if (value !== null) {
            let text = texts.get(value)
            if (text === undefined && texts.size < MAX_SHARED_TEXTS) texts.set(value, (text = value))
            values[row] = text ?? value
          }
          row++
        }
      },
    )
    return matches && row === segment.size ? values : null
  })
  if (!read || read.version !== segment.version || !read.value) return null
  return FieldColumn.fromValues(read.value)
}

/** Distinct values of a field a load shares one string for, at most (a free-text field has more). */
const MAX_SHARED_TEXTS = 10_000

/** Rows the postings build takes in one go (some 30 ms) before letting other work run. */
const BUILD_SLICE_ROWS = 10_000

/**
 * Reads the full-text postings of a segment's events: the database splits each event's search
 * document into lexemes exactly as a search reads it, one row per event in the segment's order.
 * @returns null when the dataset no longer holds the segment's version
 */
export async function loadTextPostings(
  pool: Pool,
  segment: EventSegment,
  options: LoadOptions = {},
): Promise<TextPostings | null> {
  const read = await readAtOneVersion(pool, segment.datasetId, async () => {
    const builder = new TextPostingsBuilder()
    const text = `select array_to_string(tsvector_to_array(${SEARCH_DOCUMENT_SQL}), ' ')
         from events e where dataset_id = $1 and removed_at is null ${LIST_ORDER}`
    await readInChunks<[string]>(pool, { text, values: [segment.datasetId] }, options, async (rows) => {
      for (const [lexemes] of rows) {
        builder.addRow(lexemes)
        // Reads waiting meanwhile are served between slices instead of after the whole build.
        if (builder.size % BUILD_SLICE_ROWS === 0) await new Promise((resolve) => setImmediate(resolve))
      }
    })
    return builder
  })
  if (!read || read.version !== segment.version || read.value.size !== segment.size) return null
  return read.value.build()
}
