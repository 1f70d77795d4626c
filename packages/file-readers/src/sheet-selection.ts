import { SheetNotFound } from './errors'
import type { SheetInfo } from './types'

/**
 * Finds the sheet asked for by 0-based index or by name (exact, then case-insensitive).
 * @throws {@link SheetNotFound} naming the sheets that exist
 * @example selectSheet([{ index: 0, name: 'Events' }], 'events') // { index: 0, name: 'Events' }
 */
export function selectSheet<T extends SheetInfo>(sheets: readonly T[], sheet: number | string = 0): T {
  const found =
    typeof sheet === 'number'
      ? sheets[sheet]
      : (sheets.find((candidate) => candidate.name === sheet) ??
        sheets.find((candidate) => candidate.name.toLowerCase() === sheet.toLowerCase()))
  if (found === undefined)
    throw new SheetNotFound(
      sheet,
      sheets.map((candidate) => candidate.name),
    )
  return found
}
