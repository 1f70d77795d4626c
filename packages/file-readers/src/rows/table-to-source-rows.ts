import { normalizeHeaders } from '../headers'
import type { SourceRow } from '../types'
import { applyHeaders } from './apply-headers'
import { type TableRow, isBlankRow } from './table-row'

/**
 * Turns a stream of table rows into data rows: the first non-blank row is the header, blank rows
 * are skipped, and rows with `rowNumber <= startAfterRow` are counted but not built (resume).
 * @example
 * // table rows ['date','city'], ['1/2/2016','Erie'] → [{ rowNumber: 1, values: { date: '1/2/2016', city: 'Erie' } }]
 */
export async function* tableToSourceRows(
  table: AsyncIterable<TableRow[]>,
  startAfterRow = 0,
): AsyncGenerator<SourceRow[]> {
  let headers: string[] | undefined
  let rowNumber = 0
  for await (const tableRows of table) {
    const rows: SourceRow[] = []
    for (const tableRow of tableRows) {
      if (isBlankRow(tableRow.cells) && tableRow.issues === undefined) continue
      if (headers === undefined) {
        headers = normalizeHeaders(Array.from(tableRow.cells, (cell) => cell ?? null))
        continue
      }
      rowNumber++
      if (rowNumber > startAfterRow) rows.push(applyHeaders(headers, tableRow, rowNumber))
    }
    if (rows.length > 0) yield rows
  }
}

/**
 * The header names of a table: the normalized first non-blank row ([] for an empty table).
 * Stops reading as soon as it is found.
 * @example await readTableHeaders(readCsvTable(...)) // ['date', 'location', 'city', 'state', 'lat', 'lng']
 */
export async function readTableHeaders(table: AsyncIterable<TableRow[]>): Promise<string[]> {
  for await (const tableRows of table) {
    for (const tableRow of tableRows) {
      if (!isBlankRow(tableRow.cells)) return normalizeHeaders(Array.from(tableRow.cells, (cell) => cell ?? null))
    }
  }
  return []
}
