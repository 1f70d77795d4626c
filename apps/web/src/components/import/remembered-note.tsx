import type { ImportPreview } from './import-api'

const ROLE_NAMES: Readonly<Record<string, string>> = {
  id: 'id',
  title: 'title',
  description: 'description',
  startTime: 'time',
  endTime: 'end time',
  location: 'place',
}

function namesOf(keys: readonly string[]): string {
  return keys.map((key) => ROLE_NAMES[key] ?? key).join(', ')
}

/**
 * Says that an import into an existing dataset starts from how its last import read the file
 * (column roles, date order, duplicates), and which remembered roles this file could not keep.
 */
export function RememberedNote({ remembered }: { remembered: NonNullable<ImportPreview['remembered']> }) {
  const date = remembered.at.slice(0, 10)
  return (
    <div className="import-remembered" role="note">
      <p>
        Into <strong>{remembered.datasetName}</strong>: the columns and options start as its last import set them (
        <time dateTime={remembered.at}>{date}</time>)
        {remembered.kept.length > 0 ? `, for the ${namesOf(remembered.kept)}` : ''}. Change anything below.
      </p>
      {remembered.dropped.length > 0 && (
        <p>
          This file no longer has the columns last used for the {namesOf(remembered.dropped)}: check{' '}
          {remembered.dropped.length === 1 ? 'that role' : 'those roles'}.
        </p>
      )}
    </div>
  )
}
