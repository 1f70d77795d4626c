import { countOf, formatCount } from './import-format'
import type { ImportJobProgress, ImportProgressResponse } from './import-types'
import { PlaceCorrectionForm } from './place-correction-form'

/**
 * How the places without coordinates were geocoded: resolved, not found, failed, by provider; the
 * unresolved and least certain places, each with a way to correct it by hand.
 */
export function GeocodingSummary({
  geocoding,
  importId,
  jobId,
  isCurator,
  onProgress,
}: {
  geocoding: NonNullable<ImportJobProgress['geocoding']>
  importId: number
  jobId: number
  isCurator: boolean
  onProgress: (progress: ImportProgressResponse) => void
}) {
  const { stats } = geocoding
  const corrected = new Map((geocoding.corrections ?? []).map((correction) => [correction.place, correction]))
  const fix = (place: string) => {
    const correction = corrected.get(place)
    return correction ? (
      <span className="import-subtle">
        {' '}
        placed by hand at {correction.latitude}, {correction.longitude} ({countOf(correction.eventsUpdated, 'event')}{' '}
        moved)
      </span>
    ) : (
      <>
        {' '}
        <PlaceCorrectionForm
          importId={importId}
          jobId={jobId}
          place={place}
          isCurator={isCurator}
          onProgress={onProgress}
        />
      </>
    )
  }
  if (geocoding.places === 0 && !stats) return null
  const providers = Object.entries(stats?.byProvider ?? {})
  const precisions = Object.entries(stats?.byPrecision ?? {}).filter(([, count]) => (count ?? 0) > 0)
  return (
    <div className="import-geocoding">
      <h4>Places</h4>
      {stats && stats.total === 0 && geocoding.places > 0 ? (
        <p>
          {formatCount(geocoding.places)} distinct places; none could be placed on the map.
          {geocoding.unplacedRows !== null &&
            geocoding.unplacedRows > 0 &&
            ` ${countOf(geocoding.unplacedRows, 'row has', 'rows have')} no place on the map.`}
        </p>
      ) : stats ? (
        <p>
          {formatCount(stats.resolved)} of {formatCount(stats.total)} places found
          {stats.notFound > 0 && `, ${formatCount(stats.notFound)} not found`}
          {stats.failed > 0 && `, ${formatCount(stats.failed)} failed (provider unavailable)`}
          {geocoding.unplacedRows !== null &&
            geocoding.unplacedRows > 0 &&
            `; ${countOf(geocoding.unplacedRows, 'row has', 'rows have')} no place`}
          .
        </p>
      ) : (
        <p>{formatCount(geocoding.places)} distinct places to look up.</p>
      )}
      {(providers.length > 0 || precisions.length > 0) && (
        <p className="import-subtle">
          {providers.length > 0 &&
            `By provider: ${providers.map(([name, count]) => `${name} ${formatCount(count)}`).join(', ')}. `}
          {precisions.length > 0 &&
            `Precision: ${precisions.map(([name, count]) => `${name} ${formatCount(count ?? 0)}`).join(', ')}.`}
        </p>
      )}
      {stats && (stats.unresolved ?? []).length > 0 && (
        <details open>
          <summary>Places not found ({formatCount(stats.notFound + stats.failed)})</summary>
          <ul>
            {stats.unresolved.map((place) => (
              <li key={place}>
                “{place.split('|')[0]}”{fix(place)}
              </li>
            ))}
          </ul>
        </details>
      )}
      {stats && stats.lowestConfidence.length > 0 && (
        <details>
          <summary>Least certain places ({stats.lowestConfidence.length})</summary>
          <ul>
            {stats.lowestConfidence.map((place) => (
              <li key={place.query}>
                “{place.query.split('|')[0]}” → {place.label} ({Math.round(place.confidence * 100)} % sure,{' '}
                {place.precision}){fix(place.query)}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  )
}
