import type { CellValue } from './types'

/**
 * Turns a header row into unique column names: trimmed, empty names become `column_<n>`
 * (1-based position) and repeats get `_2`, `_3`, ...
 * @example normalizeHeaders([' date ', '', 'city', 'city']) // ['date', 'column_2', 'city', 'city_2']
 */
export function normalizeHeaders(cells: readonly CellValue[]): string[] {
  const used = new Set<string>()
  const names: string[] = []
  cells.forEach((cell, index) => {
    const trimmed = cell === null ? '' : String(cell).trim()
    const base = trimmed === '' ? `column_${index + 1}` : trimmed
    let name = base
    for (let suffix = 2; used.has(name); suffix++) name = `${base}_${suffix}`
    used.add(name)
    names.push(name)
  })
  return names
}

/**
 * The name given to the `n`-th cell beyond the header row's width (1-based), so ragged rows lose
 * nothing.
 * @example extraCellName(1) // '_extra_1'
 */
export function extraCellName(n: number): string {
  return `_extra_${n}`
}
