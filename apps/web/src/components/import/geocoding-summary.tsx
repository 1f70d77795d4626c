import { formatCount } from './import-format'
import type { ImportJobProgress } from './import-types'

/** How the places without coordinates were geocoded: resolved, not found, failed, by provider. */
export function GeocodingSummary({ geocoding }: { geocoding: NonNullable<ImportJobProgress['geocoding']> }) {
  const { stats } = geocoding
  if (geocoding.places === 0 && !stats) return null
  const providers = Object.entries(stats?.byProvider ?? {})
  const precisions = Object.entries(stats?.byPrecision ?? {}).filter(([, count]) => (count ?? 0) > 0)
  return (
    <div className="import-geocoding">
      <h4>Places</h4>
      {stats && stats.total === 0 && geocoding.places > 0 ? (
        <p>
          {formatCount(geocoding.places)} distinct places; none could be placed on the map.
          {geocoding.unplacedRows !== null && geocoding.unplacedRows > 0 && ` ${formatCount(geocoding.unplacedRows)} rows have no place on the map.`}
        </p>
      ) : stats ? (
        <p>
          {formatCount(stats.resolved)} of {formatCount(stats.total)} places found
          {stats.notFound > 0 && `, ${formatCount(stats.notFound)} not found`}
          {stats.failed > 0 && `, ${formatCount(stats.failed)} failed (provider unavailable)`}
          {geocoding.unplacedRows !== null && geocoding.unplacedRows > 0 && `; ${formatCount(geocoding.unplacedRows)} rows have no place`}.
        </p>
      ) : (
        <p>{formatCount(geocoding.places)} distinct places to look up.</p>
      )}
      {(providers.length > 0 || precisions.length > 0) && (
        <p className="import-subtle">
          {providers.length > 0 && `By provider: ${providers.map(([name, count]) => `${name} ${formatCount(count)}`).join(', ')}. `}
          {precisions.length > 0 && `Precision: ${precisions.map(([name, count]) => `${name} ${formatCount(count ?? 0)}`).join(', ')}.`}
        </p>
      )}
      {stats && stats.lowestConfidence.length > 0 && (
        <details>
          <summary>Least certain places ({stats.lowestConfidence.length})</summary>
          <ul>
            {stats.lowestConfidence.map((place) => (
              <li key={place.query}>
                “{place.query}” → {place.label} ({Math.round(place.confidence * 100)} % sure, {place.precision})
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  )
}
