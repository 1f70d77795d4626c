/**
 * Bulk event writing with `COPY` on a PostgreSQL server. New events, the usual case, are copied
 * straight into the events table; when a batch holds an event that already exists, the batch is
 * copied into a temporary staging table instead and moved over with the same conflict handling
 * as the unnest writer. New events that all belong to one dataset and import job have their
 * references checked once for the batch rather than row by row (`batch-references.ts`). The
 * embedded database has no COPY, so it uses {@link writeEventsBulk}.
 * @module
 */
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import { formatPostgresTimestamp } from '@chronotope/dates'
import type { PoolClient } from 'pg'
import { from as copyFrom } from 'pg-copy-streams'

import { insertWithOneReferenceCheck, sharedReferences } from './batch-references'
import {
  countWrite,
  EVENT_COLUMNS,
  UPDATE_ON_CONFLICT,
  type BulkWriteResult,
  type EventRow,
} from './bulk-insert-events'

// Emptied at the end of each transaction, so a batch never sees another batch's rows.
const CREATE_STAGE = `create temp table if not exists events_stage (
  dataset_id int, unique_id varchar, title varchar, description varchar, event_time timestamptz,
  event_end_time timestamptz, time_precision enum_events_time_precision, location geometry(Point),
  location_name varchar, coordinates_source enum_events_coordinates_source,
  coordinates_precision enum_events_coordinates_precision, coordinates_confidence numeric,
  coordinates_source_columns jsonb, coordinates_provider varchar, data jsonb, content_hash varchar,
  import_job_id int, source_row numeric, coordinates_geocoded_query varchar, original jsonb
) on commit delete rows`

const UNIQUE_VIOLATION = '23505'

const NEEDS_ESCAPE = /[\\\t\n\r]/

/**
 * A value in COPY's text format: `\N` for null, and backslash, tab, newline and carriage return escaped.
 * @example copyText('a\tb') // 'a\\tb'
 */
export function copyText(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '\\N'
  if (typeof value === 'number') return String(value)
  const text = String(value)
  // Most values need no escaping; testing first saves four replace passes on each.
  if (!NEEDS_ESCAPE.test(text)) return text
  return text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
}

/** JSON in COPY's text format. JSON text holds no raw tab or line break, only backslashes to double. */
function json(value: unknown): string {
  if (value === null || value === undefined) return '\\N'
  const text = JSON.stringify(value)
  return text.includes('\\') ? text.replace(/\\/g, '\\\\') : text
}

/**
 * The rows in COPY's text format for the events table, one line each. Building it is CPU work:
 * the import does it while the database writes the previous batch, so it is written for speed.
 */
export function serializeEventsForCopy(rows: readonly EventRow[]): string {
  const lines = new Array<string>(rows.length)
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index]!
    const location =
      row.longitude === null || row.latitude === null ? '\\N' : `SRID=4326;POINT(${row.longitude} ${row.latitude})`
    lines[index] =
      `${row.datasetId}\t${copyText(row.uniqueId)}\t${copyText(row.title)}\t${copyText(row.description)}\t` +
      `${row.eventTime ? formatPostgresTimestamp(row.eventTime) : '\\N'}\t` +
      `${row.eventEndTime ? formatPostgresTimestamp(row.eventEndTime) : '\\N'}\t${row.timePrecision}\t${location}\t` +
      `${copyText(row.locationName)}\t${row.coordinateSource}\t${copyText(row.coordinatePrecision)}\t` +
      `${copyText(row.coordinateConfidence)}\t${json(row.coordinateSourceColumns)}\t${copyText(row.coordinateProvider)}\t` +
      `${json(row.data)}\t${copyText(row.contentHash)}\t${copyText(row.importJobId)}\t${copyText(row.sourceRow)}\t` +
      `${copyText(row.geocodedQuery ?? null)}\t${json(row.original)}`
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : ''
}

async function copyInto(client: PoolClient, table: string, serialized: string): Promise<void> {
  await pipeline(Readable.from([serialized]), client.query(copyFrom(`copy ${table} (${EVENT_COLUMNS}) from stdin`)))
}

/** Options of {@link copyEventsBulk}. */
export interface CopyEventsOptions {
  /** The rows from {@link serializeEventsForCopy}, when the caller made it ahead. */
  readonly serialized?: string
  /**
   * For a batch written beside the one before it: settles when that batch has committed (rejects
   * when it failed). Awaited before the first statement that takes a lock the earlier batch holds
   * until its commit, the dataset's row of event index versions (which the events table's
   * statement triggers also take), so neither batch ever waits for the other at the same time.
   */
  readonly earlierBatch?: () => Promise<void>
}

/**
 * Writes events with COPY inside the caller's transaction; an event whose (dataset, unique id)
 * exists is skipped or updated. Rows must have distinct unique ids.
 * @param client - a client with an open transaction
 */
export async function copyEventsBulk(
  client: PoolClient,
  rows: readonly EventRow[],
  onDuplicate: 'skip' | 'update',
  { serialized = serializeEventsForCopy(rows), earlierBatch = () => Promise.resolve() }: CopyEventsOptions = {},
): Promise<BulkWriteResult> {
  if (rows.length === 0) return countWrite(0, onDuplicate, 0)
  if (onDuplicate === 'skip') {
    await client.query('savepoint copy_events')
    try {
      const references = sharedReferences(rows)
      const copied =
        references !== undefined &&
        (await insertWithOneReferenceCheck(
          client,
          references,
          rows.length,
          () => copyInto(client, 'events', serialized),
          earlierBatch,
        ))
      if (!copied) {
        // The statement triggers bump the dataset's version at the end of this COPY.
        await earlierBatch()
        await copyInto(client, 'events', serialized)
      }
      await client.query('release savepoint copy_events')
      return countWrite(rows.length, onDuplicate, rows.length)
    } catch (error) {
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error
      // Some of these events exist already: copy the batch aside and skip those.
      await client.query('rollback to savepoint copy_events')
    }
  }
  await client.query(CREATE_STAGE)
  await copyInto(client, 'events_stage', serialized)
  await earlierBatch()
  const result = await client.query(
    `insert into events (${EVENT_COLUMNS}) select ${EVENT_COLUMNS} from events_stage
     on conflict (dataset_id, unique_id) ${onDuplicate === 'skip' ? 'do nothing' : UPDATE_ON_CONFLICT}`,
  )
  await client.query('truncate events_stage')
  return countWrite(rows.length, onDuplicate, result.rowCount ?? 0, result.rows as Array<{ inserted: boolean }>)
}
