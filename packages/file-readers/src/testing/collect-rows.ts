import { readRows } from '../read-rows'
import type { FormatDetectionResult, ReadOptions, SourceRow } from '../types'

/**
 * Reads every row of a file into one array (tests only: real imports stream batches).
 * @example (await collectRows(path, detection)).length // 106
 */
export async function collectRows(
  path: string,
  detection: FormatDetectionResult,
  options?: ReadOptions,
): Promise<SourceRow[]> {
  const rows: SourceRow[] = []
  for await (const batch of readRows(path, detection, options)) rows.push(...batch)
  return rows
}
