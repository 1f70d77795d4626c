import { createReadStream } from 'node:fs'

import { createTextDecoder } from '../text/decode-text'
import type { TableRow } from '../rows/table-row'
import type { FormatDetectionResult, ReadLimits } from '../types'
import { CsvParser } from './parse-csv'

/** Bytes read from disk at a time: large enough that per-chunk costs vanish, small enough to stay flat. */
const CHUNK_BYTES = 64 * 1024

/**
 * Streams a CSV/TSV file as table rows (header row included), decoding with the detected
 * encoding and splitting on the detected delimiter; memory stays flat whatever the file size.
 * @example
 * for await (const rows of readCsvTable('trump.csv', detection, limits)) rows[0]?.cells
 * // ['date', 'location', 'city', 'state', 'lat', 'lng']
 */
export async function* readCsvTable(
  path: string,
  detection: FormatDetectionResult,
  limits: ReadLimits,
): AsyncGenerator<TableRow[]> {
  const decoder = createTextDecoder(detection.encoding ?? 'utf-8')
  const parser = new CsvParser({
    delimiter: detection.delimiter ?? ',',
    quote: detection.quote ?? '"',
    maxColumns: limits.maxColumns,
    maxCellBytes: limits.maxCellBytes,
  })
  const stream = createReadStream(path, { highWaterMark: CHUNK_BYTES })
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const rows: TableRow[] = []
      parser.push(decoder.decode(chunk), rows)
      if (rows.length > 0) yield rows
    }
    const rows: TableRow[] = []
    parser.push(decoder.end(), rows)
    parser.end(rows)
    if (rows.length > 0) yield rows
  } finally {
    stream.destroy()
  }
}
