/**
 * The cells of a row as the file wrote them, kept with the event (`events.original`) so nothing a
 * user reads on the event page is only Chronotope's reading of the file.
 * @module
 */
import type { CellValue } from '@chronotope/file-readers'

/**
 * Every cell of a row as text, keyed by header: text cells untouched (spaces included), numbers
 * and booleans as the spreadsheet reader gave them, empty and missing cells as `''`. The readers'
 * cell size limit bounds it.
 * @example originalCells({ Date: '03/04/2024', Participants: '1,234', Notes: null })
 * // { Date: '03/04/2024', Participants: '1,234', Notes: '' }
 */
export function originalCells(values: Readonly<Record<string, CellValue>>): Record<string, string> {
  const cells: Record<string, string> = {}
  for (const header of Object.keys(values)) {
    const value = values[header]
    const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value)
    // Headers come from files: plain assignment to "__proto__" would change the prototype. Only that
    // key takes defineProperty, which on every key left V8 a slow dictionary object to build and stringify.
    if (header === '__proto__')
      Object.defineProperty(cells, header, { value: text, enumerable: true, writable: true, configurable: true })
    else cells[header] = text
  }
  return cells
}
