/**
 * CSV output that is safe to open in a spreadsheet, whichever separator the spreadsheet splits it
 * by. A comma-separated file opened where `;` or tab is the list separator (or with several
 * separators ticked) is split inside our cells and ignores our quotes, so a formula sign is
 * defused not only at the start of a cell but wherever a spreadsheet could start a cell: after
 * `,` `;` tab or a line break, past any spaces, invisible or control characters and quotes.
 * @module
 */

// The signs a spreadsheet starts a formula with, with their full-width and small forms (East
// Asian input methods type these, and spreadsheets read them as the ASCII signs).
const FORMULA_SIGNS = '=+\\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B'

/**
 * Where a formula sign needs a guard: at the start of the cell or after a separator a spreadsheet
 * might split by (`,` `;` tab, CR, LF), past what a spreadsheet may skip before a formula
 * (white space, control and format characters, quotes). The sign itself is looked ahead at.
 */
const GUARDED_SIGN = new RegExp(`(^|[,;\\t\\r\\n])([\\s\\p{Cc}\\p{Cf}"]*)(?=[${FORMULA_SIGNS}])`, 'gu')

// Anything csvCell may change; most cells have none of it and are returned as they are.
const MAYBE_CHANGED = new RegExp(`[",;\\t\\r\\n'${FORMULA_SIGNS}]`)

// What the quoting rules of RFC 4180 need, plus `;` and tab, so that a spreadsheet splitting by
// those still keeps a cell that starts a field whole.
const NEEDS_QUOTES = /[",;\t\r\n]/

// A plain number and an ISO 8601 time as the export writes it (also before the common era,
// `-000499-03-01T00:00:00.000Z`): values, never formulas, so they stay exactly as they are.
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/
const ISO_TIME = /^[+-]?\d{4,6}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/

const isValue = (text: string) => PLAIN_NUMBER.test(text) || ISO_TIME.test(text)

/**
 * Whether the text from `start` up to the next separator inside it is a number or a time. A
 * field that runs to the text's end is not: when a spreadsheet splits by another separator than
 * ours, it runs on into our closing quote and the cells after it.
 */
function isValueUpToSeparator(text: string, start: number): boolean {
  const end = text.slice(start).search(/[,;\t\r\n]/)
  return end >= 0 && isValue(text.slice(start, start + end))
}

/**
 * Text with a `'` before every formula sign a spreadsheet could read as the start of a formula:
 * at the very start of the text when the text starts with it (or with a tab or CR, as OWASP
 * advises), else right before the sign. Numbers and ISO times are left alone.
 * @example guardFormulas('x;=1+1') // "x;'=1+1"
 * @example guardFormulas(' ＝1+1') // "' ＝1+1"
 * @example guardFormulas('-12.5') // '-12.5'
 */
export function guardFormulas(text: string): string {
  let guardStart = /^[\t\r]/.test(text)
  const guarded = text.replace(GUARDED_SIGN, (match: string, separator: string, skipped: string, offset: number) => {
    if (offset === 0 && separator === '') {
      // Only the whole text is a value here: "-5;=x" is read as one formula where `,` splits.
      if (skipped !== '' || !isValue(text)) guardStart = true
      return match
    }
    return isValueUpToSeparator(text, offset + match.length) ? match : `${separator}${skipped}'`
  })
  return guardStart ? `'${guarded}` : guarded
}

/**
 * A CSV cell: formula signs guarded by {@link guardFormulas}, and quoted when it holds a quote,
 * a separator or a line break, or starts with `'`.
 * @example csvCell('=HYPERLINK("x")') // "\"'=HYPERLINK(\"\"x\"\")\""
 * @example csvCell('x;=1+1') // "\"x;'=1+1\""
 * @example csvCell(-5) // '-5'
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return ''
  if (typeof value !== 'string') return String(value)
  if (!MAYBE_CHANGED.test(value)) return value
  const text = guardFormulas(value)
  return NEEDS_QUOTES.test(text) || text.startsWith("'") ? `"${text.replace(/"/g, '""')}"` : text
}
