import { formatCount } from './import-format'
import type { ImportJobProgress } from './import-types'

type Counts = ImportJobProgress['counts']

/** The outcomes rows can have, in the order the balance sentence names them. */
const OUTCOMES: ReadonlyArray<{ key: keyof Counts; label: string; sentence: string; isReimportOnly?: boolean }> = [
  { key: 'eventsCreated', label: 'Events created', sentence: 'created' },
  { key: 'eventsUpdated', label: 'Events updated', sentence: 'updated', isReimportOnly: true },
  { key: 'eventsUnchanged', label: 'Unchanged', sentence: 'unchanged', isReimportOnly: true },
  { key: 'eventsLeftAlone', label: 'Left alone (hand edits)', sentence: 'left alone', isReimportOnly: true },
  { key: 'duplicatesSkipped', label: 'Duplicates skipped', sentence: 'duplicates skipped' },
  { key: 'rowErrors', label: 'Row errors', sentence: 'errors' },
]

/**
 * The counts that must add up: rows read, and what became of them (events created; on an import
 * into a dataset that had events also updated, unchanged and left alone; duplicates skipped; row
 * errors), with the balance check.
 */
export function ImportCounts({ job, isFinished }: { job: ImportJobProgress; isFinished: boolean }) {
  const { counts } = job
  const isReimport = job.reimport !== null
  const outcomes = OUTCOMES.filter(
    (outcome) => !outcome.isReimportOnly || isReimport || (counts[outcome.key] as number) > 0,
  )
  const accounted = outcomes.reduce((sum, outcome) => sum + (counts[outcome.key] as number), 0)
  return (
    <>
      <dl className="import-counts">
        <div>
          <dt>Rows read</dt>
          <dd>
            {formatCount(counts.rowsRead)}
            {counts.rowsTotal !== null && <span className="import-subtle"> of {formatCount(counts.rowsTotal)}</span>}
          </dd>
        </div>
        {outcomes.map(({ key, label }) => (
          <div key={key} className={key === 'rowErrors' && counts.rowErrors > 0 ? 'has-errors' : undefined}>
            <dt>{label}</dt>
            <dd>{formatCount(counts[key] as number)}</dd>
          </div>
        ))}
      </dl>
      {isFinished && (
        <p className={counts.isBalanced ? 'import-balance is-balanced' : 'import-balance is-unbalanced'}>
          {counts.isBalanced
            ? `Every row is accounted for: ${formatCount(counts.rowsRead)} read = ${outcomes
                .map(({ key, sentence }) => `${formatCount(counts[key] as number)} ${sentence}`)
                .join(' + ')}.`
            : `The counts do not add up: ${formatCount(counts.rowsRead)} rows read, but ${formatCount(accounted)} created, updated, skipped or in error. Retry the import, or tell an admin.`}
        </p>
      )}
    </>
  )
}
