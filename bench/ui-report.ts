/**
 * The table `npm run bench:ui` prints: each figure's median and worst over the runs, its target
 * from issue 14 and whether it was met, and the read API request alone beside it.
 * @module
 */

/** How a figure's values are printed. */
export type FigureUnit = 'ms' | 'KB' | 'MB' | 'requests'

/** One line of the table. */
export interface Figure {
  readonly name: string
  readonly unit: FigureUnit
  /** One value per run (ms, bytes, or a count). */
  readonly values: number[]
  /** The largest acceptable median; none for figures printed for information. */
  readonly targetMax?: number
  /** The read API request alone, median ms per request path, e.g. `map-clusters 41 ms`. */
  readonly apiAloneMs: Map<string, number[]>
  /** Why there is no figure, e.g. the panel does not expose the attribute. */
  notMeasured?: string
  /** Why the measurement failed; a failure makes the run exit non-zero. */
  failed?: string
}

/** A figure with no values yet. */
export function newFigure(name: string, unit: FigureUnit, targetMax?: number): Figure {
  return { name, unit, values: [], targetMax, apiAloneMs: new Map() }
}

/**
 * The middle value (the mean of the two middle ones for an even count); NaN for none.
 * @example median([5, 1, 3]) // 3
 */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/**
 * A value in the figure's unit, e.g. `1,234 ms`, `412.5 KB` (1,000 bytes), `96.1 MB` (10⁶ bytes).
 * @example formatValue(412_530, 'KB') // '412.5 KB'
 */
export function formatValue(value: number, unit: FigureUnit): string {
  if (Number.isNaN(value)) return '-'
  switch (unit) {
    case 'ms':
      return `${Math.round(value).toLocaleString('en')} ms`
    case 'KB':
      return `${(value / 1_000).toFixed(1)} KB`
    case 'MB':
      return `${(value / 1_000_000).toFixed(1)} MB`
    case 'requests':
      return String(value)
  }
}

const targetValue = (figure: Figure) =>
  figure.targetMax === undefined
    ? ''
    : `≤ ${figure.unit === 'requests' ? figure.targetMax : formatValue(figure.targetMax, figure.unit)}`

function verdict(figure: Figure): string {
  if (figure.failed) return 'FAILED'
  if (figure.notMeasured) return 'not measured'
  if (figure.targetMax === undefined || figure.values.length === 0) return ''
  return median(figure.values) <= figure.targetMax ? 'ok' : 'MISSED'
}

function apiAlone(figure: Figure): string {
  return [...figure.apiAloneMs]
    .map(([endpoint, timings]) => `${endpoint} ${formatValue(median(timings), 'ms')}`)
    .join(', ')
}

/** Prints the figures as a table, then each figure's reason for not being measured or failing. */
export function printFigures(figures: readonly Figure[]): void {
  const header = ['figure', 'runs', 'median', 'worst', 'target', 'result', 'API request alone (median)']
  const rows = figures.map((figure) => {
    const measured = figure.values.length > 0
    return [
      figure.name,
      String(figure.values.length),
      measured ? formatValue(median(figure.values), figure.unit) : '-',
      measured ? formatValue(Math.max(...figure.values), figure.unit) : '-',
      targetValue(figure),
      verdict(figure),
      apiAlone(figure),
    ]
  })
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)))
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) =>
        column >= 1 && column <= 3 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join('  ')
      .trimEnd()
  console.log(line(header))
  console.log(line(widths.map((width) => '-'.repeat(width))))
  for (const row of rows) console.log(line(row))
  for (const figure of figures) {
    if (figure.failed) console.log(`  ${figure.name}: FAILED: ${figure.failed}`)
    else if (figure.notMeasured) console.log(`  ${figure.name}: not measured: ${figure.notMeasured}`)
  }
}
