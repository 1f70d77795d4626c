/** A problem with one value of one row: data, from which messages are built (never thrown). */
export interface RowError {
  /** The row number the caller passed (the file's row numbering). */
  row: number
  column?: string
  /** The offending value as text, shortened to 200 characters. */
  value?: string
  /** `invalid-<type>`, `invalid-date`, `missing-time`, `invalid-coordinates`, `missing-coordinates`, `missing-place`. */
  code: string
  message: string
}

const MAX_VALUE_LENGTH = 200

/**
 * Shortens a value for a row error so one hostile cell cannot bloat the import report.
 * @example shortenValue('x'.repeat(500)).length // 201
 */
export function shortenValue(value: string): string {
  return value.length > MAX_VALUE_LENGTH ? `${value.slice(0, MAX_VALUE_LENGTH)}…` : value
}

/**
 * One line describing a row error, for the import report, CSV export and UI.
 * @example describeRowError({ row: 214, column: 'date', value: '31/02/2021', code: 'invalid-date', message: '31/02/2021 is not a valid date' })
 * // 'Row 214, column "date": 31/02/2021 is not a valid date (invalid-date)'
 */
export function describeRowError(error: RowError): string {
  const column = error.column === undefined ? '' : `, column "${error.column}"`
  return `Row ${error.row}${column}: ${error.message} (${error.code})`
}
