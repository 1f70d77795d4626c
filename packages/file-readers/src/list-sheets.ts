import { basename, extname } from 'node:path'

import { resolveLimits } from './limits'
import { listOdsSheets } from './ods/read-ods'
import type { FormatDetectionResult, ReadLimits, SheetInfo } from './types'
import { listXlsSheets } from './xls/read-xls'
import { listXlsxSheets } from './xlsx/read-xlsx'

/**
 * Lists a file's sheets: every sheet of a workbook, or one sheet named after the file for CSV,
 * JSON and GeoJSON.
 * @example await listSheets('trump.csv', detection) // [{ index: 0, name: 'trump' }]
 */
export async function listSheets(
  path: string,
  detection: FormatDetectionResult,
  limits?: Partial<ReadLimits>,
): Promise<SheetInfo[]> {
  const resolved = resolveLimits(limits)
  switch (detection.format) {
    case 'xlsx':
      return listXlsxSheets(path, resolved)
    case 'ods':
      return listOdsSheets(path, resolved)
    case 'xls':
      return listXlsSheets(path, resolved)
    default:
      return [{ index: 0, name: basename(path, extname(path)) }]
  }
}
