import type { SchemaChange } from './import-types'

function describeValue(value: unknown): string {
  if (value === undefined || value === null) return '–'
  if (Array.isArray(value)) return value.join(', ')
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value) ?? '–'
}

/**
 * The schema diff an editor approves or rejects: each change to the dataset's columns, from and
 * to, with the breaking ones (existing data may not fit) marked and listed first.
 */
export function SchemaChangesTable({ changes }: { changes: readonly SchemaChange[] }) {
  if (changes.length === 0) return <p className="import-hint">No column changes were recorded.</p>
  const sorted = [...changes].sort((a, b) => Number(b.isBreaking) - Number(a.isBreaking))
  return (
    <div className="table-scroll" role="region" aria-label="Schema changes" tabIndex={0}>
      <table className="import-table import-changes">
        <thead>
          <tr>
            <th scope="col">Column</th>
            <th scope="col">Change</th>
            <th scope="col">From</th>
            <th scope="col">To</th>
            <th scope="col">Why it matters</th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((change, index) => (
            <tr
              key={`${change.field}-${change.kind}-${index}`}
              className={change.isBreaking ? 'is-breaking' : undefined}
            >
              <th scope="row">{change.field}</th>
              <td>
                {change.kind.replace(/-/g, ' ')}
                {change.isBreaking && <span className="import-badge is-breaking">Breaking</span>}
              </td>
              <td>{describeValue(change.from)}</td>
              <td>{describeValue(change.to)}</td>
              <td>{change.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
