/**
 * Bulk event writing with `COPY` on a PostgreSQL server: rows stream into a temporary staging
 * table, then one `INSERT … SELECT` moves them into events with the same conflict handling as the
 * unnest writer. About twice as fast as sending the rows as array parameters; the embedded
 * database has no COPY, so it uses {@link writeEventsBulk}.
 * @module
 */
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import type { PoolClient } from 'pg'
import { from as copyFrom } from 'pg-copy-streams'

import { EVENT_SOURCE_COLUMNS, eventColumns, insertEventsFrom, type BulkWriteResult, type EventRow } from './bulk-insert-events'

// Dropped at the end of each transaction, so a batch never sees another batch's rows.
const CREATE_STAGE = `create temp table if not exists events_stage (
  dataset_id int, unique_id text, title text, description text, event_time timestamptz,
  event_end_time timestamptz, time_precision text, longitude float8, latitude float8,
  location_name text, coordinates_source text, coordinates_precision text,
  coordinates_confidence numeric, coordinates_source_columns text, coordinates_provider text,
  data text, content_hash text, import_job_id int, source_row int
) on commit delete rows`

/**
 * A value in COPY's text format: `\N` for null, and backslash, tab, newline and carriage return escaped.
 * @example copyText('a\tb') // 'a\\tb'
 */
export function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N'
  return String(value).replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
}

function* copyLines(rows: readonly EventRow[]): Generator<string> {
  const columns = eventColumns(rows)
  let chunk = ''
  for (let index = 0; index < rows.length; index++) {
    let line = ''
    for (let column = 0; column < columns.length; column++) {
      line += (column === 0 ? '' : '\t') + copyText(columns[column]![index])
    }
    chunk += `${line}\n`
    if (chunk.length > 65_536) {
      yield chunk
      chunk = ''
    }
  }
  if (chunk) yield chunk
}

/**
 * Writes events with COPY inside the caller's transaction; an event whose (dataset, unique id)
 * exists is skipped or updated. Rows must have distinct unique ids.
 * @param client - a client with an open transaction (the staging table empties at commit)
 */
export async function copyEventsBulk(
  client: PoolClient,
  rows: readonly EventRow[],
  onDuplicate: 'skip' | 'update',
): Promise<BulkWriteResult> {
  if (rows.length === 0) return { inserted: 0, duplicates: 0 }
  await client.query(CREATE_STAGE)
  await client.query('truncate events_stage')
  await pipeline(Readable.from(copyLines(rows)), client.query(copyFrom(`copy events_stage (${EVENT_SOURCE_COLUMNS}) from stdin`)))
  const result = await client.query(insertEventsFrom('events_stage r', onDuplicate))
  const inserted =
    onDuplicate === 'skip' ? (result.rowCount ?? 0) : (result.rows as Array<{ inserted: boolean }>).filter((row) => row.inserted).length
  return { inserted, duplicates: rows.length - inserted }
}
