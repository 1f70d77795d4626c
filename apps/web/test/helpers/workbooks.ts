/**
 * Workbooks with many sheets, for the sheet-limit and queue-fairness tests.
 * @module
 */
import * as XLSX from 'xlsx'

import { buildZip } from '../../../../packages/file-readers/src/testing/build-zip'

/**
 * A hostile XLSX: its workbook lists `count` sheets and holds none of them, so it stays a few KB
 * (300 sheets: under 3 KB).
 */
export function sheetListXlsx(count: number): Buffer {
  const sheets = Array.from({ length: count }, (_, i) => `<sheet name="S${i + 1}" sheetId="${i + 1}" r:id="rId1"/>`)
  return buildZip([
    { name: 'xl/workbook.xml', data: `<workbook xmlns:r="r"><sheets>${sheets.join('')}</sheets></workbook>` },
  ])
}

/**
 * A real workbook of `count` sheets named `Sheet 1`…, each holding one event (`title`, `date`,
 * `latitude`, `longitude`).
 */
export function manySheetsWorkbook(count: number, bookType: 'xlsx' | 'ods' | 'biff8'): Buffer {
  const book = XLSX.utils.book_new()
  for (let i = 1; i <= count; i++) {
    const rows = [
      ['title', 'date', 'latitude', 'longitude'],
      [`Event ${i}`, `2021-03-${String((i % 28) + 1).padStart(2, '0')}`, 50 + i / 100, 10 + i / 100],
    ]
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), `Sheet ${i}`)
  }
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer
}
