import type { TableRow } from '../rows/table-row'
import { selectSheet } from '../sheet-selection'
import type { ReadLimits, SheetInfo } from '../types'
import { ZipArchive } from '../zip/zip-archive'
import { readSheetRows } from './read-sheet'
import { readSharedStrings } from './shared-strings'
import { readDateStyles } from './styles'
import { readXlsxWorkbook } from './workbook'

/**
 * Lists the sheets of an XLSX workbook, in tab order.
 * @example await listXlsxSheets('events.xlsx', limits) // [{ index: 0, name: 'Events' }, { index: 1, name: 'Notes' }]
 */
export async function listXlsxSheets(path: string, limits: ReadLimits): Promise<SheetInfo[]> {
  const archive = await ZipArchive.open(path, limits)
  try {
    const { sheets } = await readXlsxWorkbook(archive, limits)
    return sheets.map(({ index, name }) => ({ index, name }))
  } finally {
    archive.close()
  }
}

/**
 * Streams one sheet of an XLSX workbook as table rows (header row included), never holding more
 * than the shared strings and one chunk of rows in memory.
 * @throws {@link SheetNotFound}, {@link MalformedFile}, {@link ZipBombDetected}, {@link TooManyColumns}
 * @example for await (const rows of readXlsxTable('events.xlsx', 'Events', limits)) rows[0]?.cells // ['date', 'city']
 */
export async function* readXlsxTable(
  path: string,
  sheet: number | string | undefined,
  limits: ReadLimits,
): AsyncGenerator<TableRow[]> {
  const archive = await ZipArchive.open(path, limits)
  try {
    const workbook = await readXlsxWorkbook(archive, limits)
    const selected = selectSheet(workbook.sheets, sheet)
    const sharedStrings = await readSharedStrings(archive, limits)
    const dateStyles = await readDateStyles(archive, limits)
    const context = { sharedStrings, dateStyles, is1904: workbook.is1904, limits }
    yield* readSheetRows(archive.read(selected.entry, limits), selected.entry, context)
  } finally {
    archive.close()
  }
}
