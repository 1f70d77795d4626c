/**
 * Exports of exactly the filtered events, as CSV or GeoJSON, streamed: rows are read in batches
 * by id and written as the client takes them, so a million events never sit in memory. The next
 * batch is read while the current one is written, so PostgreSQL and Node work at the same time.
 * Cancelling the stream cancels the query being read (on PostgreSQL) and reads no more.
 * @module
 */
import type { FilterState } from '@chronotope/filters'
import type { Pool } from 'pg'

import { csvCell } from '../api/csv-cell'
import { eventConditions, SqlParams, type DatasetScope } from './event-conditions'
import { ChunkWriter } from './export-chunk'
import { exportDataKeys } from './export-data-keys'
import { csvLine, EXPORT_COLUMNS, EXPORT_ROW_MODE, geoJsonFeature, type ExportRow } from './export-rows'

/**
 * Events read per query while exporting; at most two batches are held at a time. Smaller batches
 * die young, which keeps garbage collection cheap; 2000 cost a third less CPU than 5000.
 */
export const EXPORT_BATCH_SIZE = 2000

/** The export formats. */
export type ExportFormat = 'csv' | 'geojson'

const FIXED_CSV_COLUMNS = [
  'id',
  'dataset_id',
  'title',
  'description',
  'event_time',
  'event_end_time',
  'time_precision',
  'longitude',
  'latitude',
  'location_name',
] as const

/**
 * The backends (PostgreSQL process ids) reading a batch of one export right now, so that an
 * export whose client went away can cancel its query instead of letting it run to the end.
 */
class BatchQueries {
  private readonly running = new Set<number>()
  private cancelled = false

  constructor(
    private readonly pool: Pool,
    private readonly cancelInDatabase: boolean,
  ) {}

  /** Reads one batch on a connection of its own, whose backend {@link cancel} can stop. */
  async read(state: FilterState, scope: DatasetScope, afterId: number): Promise<ExportRow[]> {
    if (this.cancelled) return []
    const params = new SqlParams()
    const where = eventConditions(state, scope, params)
    const client = await this.pool.connect()
    const backend = (client as unknown as { processID: number | null }).processID
    if (backend !== null) this.running.add(backend)
    try {
      if (this.cancelled) return []
      const result = await client.query<ExportRow>({
        text: `select ${EXPORT_COLUMNS} from events e where ${where} and e.id > ${params.add(afterId)}
          order by e.id limit ${params.add(EXPORT_BATCH_SIZE)}`,
        values: params.values,
        ...EXPORT_ROW_MODE,
      })
      return result.rows
    } finally {
      if (backend !== null) this.running.delete(backend)
      client.release()
    }
  }

  /**
   * Reads no more batches and asks PostgreSQL to cancel those being read. The embedded database
   * runs one statement at a time and has no cancelling: there the batch being read ends on its own.
   */
  async cancel(): Promise<void> {
    this.cancelled = true
    if (!this.cancelInDatabase || this.running.size === 0) return
    await this.pool
      .query('select pg_cancel_backend(pid) from unnest($1::int[]) as pid', [[...this.running]])
      .catch(() => undefined)
  }
}

/** The batches in id order; each batch's successor is already being read when it is yielded. */
async function* eventBatches(
  queries: BatchQueries,
  state: FilterState,
  scope: DatasetScope,
): AsyncGenerator<ExportRow[]> {
  const read = (afterId: number) => {
    const batch = queries.read(state, scope, afterId)
    // A read that fails while nobody awaits it yet (the client is slow, or gone) must not count as
    // an unhandled rejection, which would end the process; awaiting it below still throws.
    batch.catch(() => undefined)
    return batch
  }
  let next: Promise<ExportRow[]> | undefined = read(0)
  while (next) {
    const rows: ExportRow[] = await next
    next = rows.length === EXPORT_BATCH_SIZE ? read(Number(rows.at(-1)![0])) : undefined
    if (rows.length > 0) yield rows
  }
}

/**
 * A stream of the export. The first chunk (header) is produced at once; each further pull writes
 * one batch, so a slow client slows the reading instead of filling memory.
 * @param cancelInDatabase - whether cancelling the stream cancels the query being read with
 *   `pg_cancel_backend` (PostgreSQL; the embedded database cannot cancel a statement)
 */
export function exportEvents(
  pool: Pool,
  state: FilterState,
  scope: DatasetScope,
  format: ExportFormat,
  cancelInDatabase = false,
): ReadableStream<Uint8Array> {
  const queries = new BatchQueries(pool, cancelInDatabase)
  const batches = eventBatches(queries, state, scope)
  const writer = new ChunkWriter()
  // The CSV header needs the data keys, which start from the first batch's.
  let firstBatch: ExportRow[] | undefined
  let keys: string[] = []
  let written = 0
  const writeBatch = (rows: readonly ExportRow[]) => {
    if (format === 'csv') {
      for (const row of rows) writer.write(csvLine(row, keys))
    } else {
      for (const row of rows) writer.write(`${written++ > 0 ? ',' : ''}\n${geoJsonFeature(row)}`)
    }
  }
  return new ReadableStream<Uint8Array>(
    {
      async start(controller) {
        const first = await batches.next()
        firstBatch = first.done ? [] : first.value
        if (format === 'csv') {
          keys = (await exportDataKeys(pool, state, scope, firstBatch)).filter(
            (key) => !(FIXED_CSV_COLUMNS as readonly string[]).includes(key),
          )
          writer.write(`\uFEFF${[...FIXED_CSV_COLUMNS, ...keys].map(csvCell).join(',')}\r\n`)
        } else {
          writer.write('{"type":"FeatureCollection","features":[')
        }
        controller.enqueue(writer.take())
      },
      async pull(controller) {
        if (firstBatch) {
          writeBatch(firstBatch)
          firstBatch = undefined
        } else {
          const batch = await batches.next()
          if (batch.done) {
            if (format === 'geojson') {
              writer.write(']}\n')
              controller.enqueue(writer.take())
            }
            controller.close()
            return
          }
          writeBatch(batch.value)
        }
        controller.enqueue(writer.take())
      },
      // The client went away or stopped reading: the batch being read is cancelled, and the
      // generator ends once it has settled.
      async cancel() {
        await queries.cancel()
        await batches.return(undefined)
      },
    },
    { highWaterMark: 1 },
  )
}
