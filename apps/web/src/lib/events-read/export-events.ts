/**
 * Exports of exactly the filtered events, as CSV or GeoJSON, streamed: rows are read in batches
 * by id and written as the client takes them, so a million events never sit in memory. The next
 * batch is read while the current one is written, so PostgreSQL and Node work at the same time.
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

function readBatch(pool: Pool, state: FilterState, scope: DatasetScope, afterId: number): Promise<ExportRow[]> {
  const params = new SqlParams()
  const where = eventConditions(state, scope, params)
  return pool
    .query<ExportRow>({
      text: `select ${EXPORT_COLUMNS} from events e where ${where} and e.id > ${params.add(afterId)}
        order by e.id limit ${params.add(EXPORT_BATCH_SIZE)}`,
      values: params.values,
      ...EXPORT_ROW_MODE,
    })
    .then((result) => result.rows)
}

/** The batches in id order; each batch's successor is already being read when it is yielded. */
async function* eventBatches(pool: Pool, state: FilterState, scope: DatasetScope): AsyncGenerator<ExportRow[]> {
  const read = (afterId: number) => {
    const batch = readBatch(pool, state, scope, afterId)
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
 */
export function exportEvents(
  pool: Pool,
  state: FilterState,
  scope: DatasetScope,
  format: ExportFormat,
): ReadableStream<Uint8Array> {
  const batches = eventBatches(pool, state, scope)
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
      async cancel() {
        await batches.return(undefined)
      },
    },
    { highWaterMark: 1 },
  )
}
