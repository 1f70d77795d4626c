import type { ColumnRoles } from './column-roles'
import { roleLabel } from './column-roles'
import { formatCell } from './import-format'
import type { SourceRowValues } from './import-types'

/**
 * The first rows of the sheet as they were read, with each column's chosen role under its name,
 * so the user can check that dates, places and titles are where they think.
 */
export function PreviewTable({
  headers,
  rows,
  roles,
}: {
  headers: readonly string[]
  rows: ReadonlyArray<{ readonly rowNumber: number; readonly values: SourceRowValues }>
  roles: ColumnRoles
}) {
  if (rows.length === 0) return <p className="import-hint">The sheet has no data rows.</p>
  return (
    <div className="table-scroll" role="region" aria-label="First rows of the file" tabIndex={0}>
      <table className="import-table import-rows">
        <thead>
          <tr>
            <th scope="col" className="numeric">
              Row
            </th>
            {headers.map((header) => {
              const role = roles[header] ?? 'none'
              return (
                <th scope="col" key={header}>
                  {header}
                  {role !== 'none' && <span className="import-role-tag">{roleLabel(role)}</span>}
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.rowNumber}>
              <td className="numeric import-subtle">{row.rowNumber}</td>
              {headers.map((header) => (
                <td key={header}>{formatCell(row.values[header])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
