/**
 * The sheets-per-workbook limit: each sheet an import brings in becomes a dataset and an import
 * job, so one small workbook listing hundreds of sheets must be refused before any is created.
 * @module
 */
import { listSheets, TooManySheets, type FormatDetectionResult, type SheetInfo } from '@chronotope/file-readers'

import { settings } from '../../config/settings'
import { ApiError } from '../api/api-error'
import { ImportFailure, isPermanentImportError } from './import-failure'

/** The sheets an import brings in, counted, and whether the file listed even more than that. */
export interface SheetCount {
  /** Sheets the import would create datasets for (1 when the options choose one sheet). */
  readonly importing: number
  /** Sheets the file lists, or a lower bound when `isLowerBound`. */
  readonly listed: number
  /** Whether the file's listing stopped at the readers' own ceiling, so it lists more. */
  readonly isLowerBound: boolean
}

/**
 * Why an import of `count` sheets is over `limit`, or `undefined` when it is not.
 * @example sheetLimitProblem({ importing: 300, listed: 300, isLowerBound: false }, 50)
 * // 'The workbook has 300 sheets; Chronotope imports at most 50 sheets per file (CHRONOTOPE_IMPORT_MAX_SHEETS). …'
 */
export function sheetLimitProblem(count: SheetCount, limit: number): string | undefined {
  if (count.importing <= limit) return undefined
  const listed = count.isLowerBound ? `more than ${count.listed - 1}` : String(count.listed)
  return (
    `The workbook has ${listed} sheets; Chronotope imports at most ${limit} sheets per file ` +
    '(CHRONOTOPE_IMPORT_MAX_SHEETS). Split it into smaller workbooks, or import one sheet at a time ' +
    'with the sheet option'
  )
}

/**
 * Lists a stored file's sheets and counts those an import with the `sheet` option would bring in.
 * A listing the readers stopped at their own ceiling counts as that many (a lower bound).
 */
export async function countImportedSheets(
  path: string,
  detection: FormatDetectionResult,
  sheet: number | string | undefined,
): Promise<SheetCount> {
  let sheets: SheetInfo[]
  try {
    sheets = await listSheets(path, detection)
  } catch (error) {
    if (!(error instanceof TooManySheets)) throw error
    const chosen = sheet === undefined ? error.sheetCount : 1
    return { importing: chosen, listed: error.sheetCount, isLowerBound: error.isLowerBound }
  }
  return { importing: sheet === undefined ? sheets.length : 1, listed: sheets.length, isLowerBound: false }
}

/**
 * Refuses, before anything is created, an upload or start whose import would bring in more sheets
 * than `CHRONOTOPE_IMPORT_MAX_SHEETS`.
 * @throws {@link ApiError} 422 `too-many-sheets` naming the sheet count, the limit and the fix;
 * 400 `unreadable-file` when the workbook cannot be listed (broken, or a zip bomb)
 */
export async function enforceSheetLimit(
  path: string,
  detection: FormatDetectionResult,
  sheet: number | string | undefined,
  limit: number = settings.importMaxSheets,
): Promise<void> {
  let count: SheetCount
  try {
    count = await countImportedSheets(path, detection, sheet)
  } catch (error) {
    if (!isPermanentImportError(error)) throw error
    throw new ApiError(400, 'unreadable-file', `The file could not be read: ${(error as Error).message}`, 'file')
  }
  const problem = sheetLimitProblem(count, limit)
  if (problem) throw new ApiError(422, 'too-many-sheets', problem, 'file')
}

/**
 * The pipeline's own check (dataset detection), for a file that reached the queue over the limit.
 * @throws {@link ImportFailure} naming the sheet count and the limit
 */
export function assertSheetLimit(sheets: readonly SheetInfo[], limit: number = settings.importMaxSheets): void {
  const problem = sheetLimitProblem({ importing: sheets.length, listed: sheets.length, isLowerBound: false }, limit)
  if (problem) throw new ImportFailure(problem)
}
