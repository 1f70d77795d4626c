/**
 * Markdown the generated API pages share.
 * @module
 */

/**
 * Text made safe for one cell of a Markdown table: on one line, its pipes escaped; anything but a
 * string gives an empty cell.
 * @example tableCell('a | b\nc') // 'a \\| b c'
 */
export const tableCell = (text: unknown): string =>
  (typeof text === 'string' ? text : '').replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|')
