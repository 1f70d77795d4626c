/**
 * CSV output that is safe to open in a spreadsheet.
 * @module
 */

/**
 * A CSV cell: quoted when needed, and with a leading `'` before `= + - @` so a spreadsheet never
 * runs a hostile value as a formula.
 * @example csvCell('=HYPERLINK("x")') // "\"'=HYPERLINK(\"\"x\"\")\""
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\n\r]/.test(text) || text.startsWith("'") ? `"${text.replace(/"/g, '""')}"` : text
}
