import { formatCount } from './import-format'
import type { ImportJobProgress } from './import-types'

/**
 * The counts that must add up: rows read, events created, duplicates skipped and row errors, with
 * the balance check (rows read = events created + duplicates skipped + row errors).
 */
export function ImportCounts({ job, isFinished }: { job: ImportJobProgress; isFinished: boolean }) {
  const { counts } = job
  const items: Array<[string, number | null, string]> = [
    ['Rows read', counts.rowsRead, counts.rowsTotal !== null ? `of ${formatCount(counts.rowsTotal)}` : ''],
    ['Events created', counts.eventsCreated, ''],
    ['Duplicates skipped', counts.duplicatesSkipped, ''],
    ['Row errors', counts.rowErrors, ''],
  ]
  return (
    <>
      <dl className="import-counts">
        {items.map(([label, value, note]) => (
          <div key={label} className={label === 'Row errors' && (value ?? 0) > 0 ? 'has-errors' : undefined}>
            <dt>{label}</dt>
            <dd>
              {value === null ? '–' : formatCount(value)}
              {note && <span className="import-subtle"> {note}</span>}
            </dd>
          </div>
        ))}
      </dl>
      {isFinished && (
        <p className={counts.isBalanced ? 'import-balance is-balanced' : 'import-balance is-unbalanced'}>
          {counts.isBalanced
            ? `Every row is accounted for: ${formatCount(counts.rowsRead)} read = ${formatCount(counts.eventsCreated)} created + ${formatCount(counts.duplicatesSkipped)} duplicates + ${formatCount(counts.rowErrors)} errors.`
            : `The counts do not add up: ${formatCount(counts.rowsRead)} rows read, but ${formatCount(counts.eventsCreated + counts.duplicatesSkipped + counts.rowErrors)} created, skipped or in error. Retry the import, or tell an admin.`}
        </p>
      )}
    </>
  )
}
