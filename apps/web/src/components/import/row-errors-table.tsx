import { formatCount } from './import-format'
import type { RowError } from './import-types'

/**
 * The rows that did not become events: the first ones as a table (row, column, value, problem)
 * and a link to download all of them as CSV.
 */
export function RowErrorsTable({
  errors,
  total,
  downloadUrl,
}: {
  errors: readonly RowError[]
  total: number
  downloadUrl: string
}) {
  if (total === 0 && errors.length === 0) return null
  return (
    <div className="import-row-errors">
      <h4>Rows with errors</h4>
      <p>
        {formatCount(total)} {total === 1 ? 'row' : 'rows'} could not become events
        {errors.length < total ? `; the first ${formatCount(errors.length)} are listed` : ''}.{' '}
        <a href={downloadUrl} download>
          Download all row errors (CSV)
        </a>
      </p>
      {errors.length > 0 && (
        <div className="table-scroll" role="region" aria-label="Row errors" tabIndex={0}>
          <table className="import-table">
            <thead>
              <tr>
                <th scope="col" className="numeric">
                  Row
                </th>
                <th scope="col">Column</th>
                <th scope="col">Value</th>
                <th scope="col">Problem</th>
              </tr>
            </thead>
            <tbody>
              {errors.map((error, index) => (
                <tr key={`${error.row}-${error.column ?? ''}-${index}`}>
                  <td className="numeric">{error.row}</td>
                  <td>{error.column ?? '–'}</td>
                  <td className="import-value">{error.value ?? ''}</td>
                  <td>{error.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
