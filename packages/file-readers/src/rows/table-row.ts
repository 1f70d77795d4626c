import type { CellValue, RowIssue } from '../types'

/**
 * One row of a table-shaped file (CSV, XLSX, XLS, ODS) before headers are applied: the header
 * row itself is a table row too.
 */
export interface TableRow {
  /** Cell values by 0-based column; holes and `undefined` are empty cells. */
  cells: CellValue[]
  /** 1-based line (CSV) or spreadsheet row number (XLSX, XLS, ODS). */
  sourceRow: number
  /** Problems seen while reading the row's cells (e.g. a `#N/A` error cell). */
  issues?: RowIssue[]
  /**
   * True when the row's cell count is meaningful (CSV): a short row then has missing cells.
   * Spreadsheets omit trailing empty cells, so their short rows are not an issue.
   */
  hasExactWidth?: boolean
}

/**
 * Whether every cell of the row is empty (`null`, `undefined` or `''`).
 * @example isBlankRow([null, '', undefined as unknown as null]) // true
 */
export function isBlankRow(cells: readonly CellValue[]): boolean {
  for (let index = 0; index < cells.length; index++) {
    const cell = cells[index]
    if (cell !== null && cell !== undefined && cell !== '') return false
  }
  return true
}
