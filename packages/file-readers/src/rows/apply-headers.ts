import { extraCellName } from '../headers'
import type { CellValue, RowIssue, SourceRow } from '../types'
import type { TableRow } from './table-row'

/**
 * Builds a data row from a table row: values keyed by the header names, empty cells as `null`,
 * cells beyond the headers kept as `_extra_1`, ... with an `extra-cells` issue, and short rows
 * padded with `null` and a `missing-cells` issue.
 * @example
 * applyHeaders(['a', 'b'], { cells: ['1', '2', '3'], sourceRow: 2 }, 1).values
 * // { a: '1', b: '2', _extra_1: '3' }
 */
export function applyHeaders(headers: readonly string[], row: TableRow, rowNumber: number): SourceRow {
  const cells = row.cells
  const values: Record<string, CellValue> = {}
  const width = headers.length
  for (let index = 0; index < width; index++) {
    const cell = cells[index]
    values[headers[index]!] = cell === undefined || cell === '' ? null : cell
  }
  if (cells.length === width && row.issues === undefined) return { rowNumber, sourceRow: row.sourceRow, values }
  let issues: RowIssue[] | undefined = row.issues
  // Trailing empty cells are what spreadsheets and CSV exporters leave behind: not an issue.
  let lastFilled = cells.length - 1
  while (
    lastFilled >= width &&
    (cells[lastFilled] === null || cells[lastFilled] === undefined || cells[lastFilled] === '')
  ) {
    lastFilled--
  }
  if (lastFilled >= width) {
    for (let index = width; index <= lastFilled; index++) {
      const cell = cells[index]
      values[extraCellName(index - width + 1)] = cell === undefined || cell === '' ? null : cell
    }
    issues = [
      ...(issues ?? []),
      {
        code: 'extra-cells',
        message: `Row ${rowNumber} has ${lastFilled + 1} cells but the header has ${width}; kept the extra as ${extraCellName(1)}..${extraCellName(lastFilled - width + 1)}`,
      },
    ]
  } else if (row.hasExactWidth === true && cells.length < width) {
    issues = [
      ...(issues ?? []),
      {
        code: 'missing-cells',
        message: `Row ${rowNumber} has ${cells.length} cells but the header has ${width}; the missing ones (from "${headers[cells.length]}") are empty`,
      },
    ]
  }
  const sourceRow: SourceRow = { rowNumber, sourceRow: row.sourceRow, values }
  if (issues !== undefined) sourceRow.issues = issues
  return sourceRow
}
