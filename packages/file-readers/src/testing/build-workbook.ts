import * as XLSX from 'xlsx'

/** A sheet for {@link buildWorkbook}: its name and rows of SheetJS cells or plain values. */
export interface SheetSpec {
  /** Tab name. */
  name: string
  /** Rows; `null` leaves a cell empty; objects are SheetJS cells (e.g. `{ t: 'n', v: 45292, z: 'yyyy-mm-dd' }`). */
  rows: unknown[][]
}

/**
 * Writes a workbook with SheetJS (writing is safe; only reading is isolated in a worker) in the
 * given book type, for tests.
 * @example buildWorkbook([{ name: 'Events', rows: [['a'], [1]] }], 'xlsx') // Buffer of an .xlsx file
 */
export function buildWorkbook(
  sheets: readonly SheetSpec[],
  bookType: 'xlsx' | 'ods' | 'biff8',
  options: { is1904?: boolean } = {},
): Buffer {
  const workbook = XLSX.utils.book_new()
  for (const sheet of sheets) XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(sheet.rows), sheet.name)
  if (options.is1904 === true) workbook.Workbook = { ...workbook.Workbook, WBProps: { date1904: true } }
  return XLSX.write(workbook, { type: 'buffer', bookType }) as Buffer
}

/** The sheets most spreadsheet tests use: dates, numbers, booleans, sparse cells, two sheets. */
export const EVENT_SHEETS: readonly SheetSpec[] = [
  {
    name: 'Events',
    rows: [
      ['title', 'date', 'when', 'attendance', 'is_public', 'city'],
      ['Rally', { t: 'n', v: 45292, z: 'yyyy-mm-dd' }, { t: 'n', v: 45292.5, z: 'm/d/yy h:mm' }, 1200, true, 'Erie'],
      ['Town hall', { t: 'n', v: 45293, z: 'dd/mm/yyyy' }, null, 85.5, false, null],
      [],
      [null, null, null, null, null, 'Sparse'],
      ['Error cell', { t: 'e', v: 0x2a }, null, null, null, 'Paris'],
    ],
  },
  {
    name: 'Notes',
    rows: [['note'], ['first'], ['second']],
  },
]
