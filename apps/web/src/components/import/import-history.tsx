import { stageLabel } from './import-format'
import type { ImportJobProgress } from './import-types'

const TIME_FORMAT = new Intl.DateTimeFormat('en', { timeStyle: 'medium' })

/** What happened to an import job, stage by stage, with the reason each step gave; folded away. */
export function ImportHistory({ history }: { history: ImportJobProgress['history'] }) {
  if (history.length === 0) return null
  return (
    <details className="import-history">
      <summary>What happened, step by step</summary>
      <ol>
        {history.map((entry, index) => (
          <li key={`${entry.stage}-${entry.at}-${index}`}>
            <time dateTime={entry.at}>{TIME_FORMAT.format(new Date(entry.at))}</time>{' '}
            <strong>{stageLabel(entry.stage)}</strong>
            {entry.reason ? `: ${entry.reason}` : ''}
          </li>
        ))}
      </ol>
    </details>
  )
}
