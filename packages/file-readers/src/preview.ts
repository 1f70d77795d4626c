import { detectFileFormat } from './detect-file-format'
import { listSheets } from './list-sheets'
import { readHeaders, readRows } from './read-rows'
import type { FilePreview, SourceRow } from './types'

/** Default rows in a preview. */
export const DEFAULT_PREVIEW_ROWS = 20

/**
 * Detects a file and reads what the import wizard shows: its sheets, the chosen sheet's headers
 * and first rows (default 20). Only the head of the file is read for row-streaming formats.
 * @example (await previewFile('trump.csv', { rows: 2 })).rows.length // 2
 */
export async function previewFile(
  path: string,
  options: { sheet?: number | string; rows?: number; fileName?: string } = {},
): Promise<FilePreview> {
  const detection = await detectFileFormat(path, options.fileName)
  const sheets = await listSheets(path, detection)
  const readOptions = options.sheet === undefined ? {} : { sheet: options.sheet }
  const headers = await readHeaders(path, detection, readOptions)
  const wanted = options.rows ?? DEFAULT_PREVIEW_ROWS
  const rows: SourceRow[] = []
  if (wanted > 0) {
    for await (const batch of readRows(path, detection, { ...readOptions, batchSize: wanted })) {
      rows.push(...batch)
      break
    }
  }
  return { detection, sheets, headers, rows }
}
