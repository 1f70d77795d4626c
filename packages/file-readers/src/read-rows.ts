import { basename, extname } from 'node:path'

import { readCsvTable } from './csv/read-csv-table'
import { readGeoJsonRows } from './geojson/read-geojson'
import { readJsonRows, sampleHeaders } from './json/read-json'
import { resolveLimits } from './limits'
import { readOdsTable } from './ods/read-ods'
import { batchRows } from './rows/batch-rows'
import type { TableRow } from './rows/table-row'
import { readTableHeaders, tableToSourceRows } from './rows/table-to-source-rows'
import { selectSheet } from './sheet-selection'
import type { FormatDetectionResult, ReadLimits, ReadOptions, SourceRow } from './types'
import { readXlsTable } from './xls/read-xls'
import { readXlsxTable } from './xlsx/read-xlsx'

/** Default rows per batch. */
export const DEFAULT_BATCH_SIZE = 1000

/** Single-sheet formats have one sheet, index 0, named after the file: check a requested sheet exists. */
function checkSingleSheet(path: string, sheet: number | string | undefined): void {
  if (sheet !== undefined) selectSheet([{ index: 0, name: basename(path, extname(path)) }], sheet)
}

function readTable(
  path: string,
  detection: FormatDetectionResult,
  sheet: number | string | undefined,
  limits: ReadLimits,
): AsyncIterable<TableRow[]> | undefined {
  switch (detection.format) {
    case 'csv':
      checkSingleSheet(path, sheet)
      return readCsvTable(path, detection, limits)
    case 'xlsx':
      return readXlsxTable(path, sheet, limits)
    case 'ods':
      return readOdsTable(path, sheet, limits)
    case 'xls':
      return readXlsTable(path, sheet, limits)
    default:
      return undefined
  }
}

async function* readSourceRows(
  path: string,
  detection: FormatDetectionResult,
  options: ReadOptions,
): AsyncGenerator<SourceRow[]> {
  const limits = resolveLimits(options.limits)
  const startAfterRow = options.startAfterRow ?? 0
  const table = readTable(path, detection, options.sheet, limits)
  if (table !== undefined) {
    yield* tableToSourceRows(table, startAfterRow)
    return
  }
  checkSingleSheet(path, options.sheet)
  yield* detection.format === 'geojson'
    ? readGeoJsonRows(path, detection, limits, startAfterRow)
    : readJsonRows(path, detection, limits, startAfterRow)
}

/**
 * Streams a file's data rows in batches of `batchSize` (default 1000), whatever its format:
 * memory stays flat however big the file. Resume with `startAfterRow`; stop with `signal`.
 * @throws {@link MalformedFile}, {@link ZipBombDetected}, {@link TooManyColumns}, {@link SheetNotFound}, {@link FileTooLarge}
 * @example
 * for await (const batch of readRows('trump.csv', detection, { batchSize: 50 })) batch[0]?.values
 * // { date: '9/1/2016', location: 'Wilmington, OH', city: 'Wilmington', state: 'OH', lat: '39.4453393', lng: '-83.8285375' }
 */
export function readRows(
  path: string,
  detection: FormatDetectionResult,
  options: ReadOptions = {},
): AsyncIterable<SourceRow[]> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new RangeError(`batchSize must be a positive integer; got ${batchSize}`)
  return {
    [Symbol.asyncIterator]: () => batchRows(readSourceRows(path, detection, options), batchSize, options.signal),
  }
}

/**
 * Reads a file's header names: the normalized first non-blank row of a table, or the keys of the
 * first 1000 records of JSON/GeoJSON (flattened, in first-seen order).
 * @example await readHeaders('trump.csv', detection) // ['date', 'location', 'city', 'state', 'lat', 'lng']
 */
export async function readHeaders(
  path: string,
  detection: FormatDetectionResult,
  options: ReadOptions = {},
): Promise<string[]> {
  options.signal?.throwIfAborted()
  const limits = resolveLimits(options.limits)
  const table = readTable(path, detection, options.sheet, limits)
  if (table !== undefined) return readTableHeaders(table)
  return sampleHeaders(readSourceRows(path, detection, { ...options, startAfterRow: 0 }))
}
