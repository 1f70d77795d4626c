import type { NotPlacedPlace } from '@chronotope/geocoding'

import styles from './geocoding-summary.module.css'
import { correctionAuthor, notPlacedReason } from './geocoding-report-text'
import { countOf, formatCount } from './import-format'
import type { ImportJobProgress, ImportProgressResponse } from './import-types'
import { PlaceCorrectionForm } from './place-correction-form'
import { PlaceSuggestions } from './place-suggestions'

type Geocoding = NonNullable<ImportJobProgress['geocoding']>
type Correction = Geocoding['corrections'][number]

function CorrectionNote({ correction }: { correction: Correction }) {
  const where = correction.label ?? `${correction.latitude}, ${correction.longitude}`
  return (
    <span className={styles.byHand}>
      {' '}
      placed by hand at {where} by {correctionAuthor(correction.role, correction.byName)} (
      {countOf(correction.eventsUpdated, 'event')} moved)
    </span>
  )
}

/**
 * How the places without coordinates were geocoded, told truthfully: "placed" means placed at or
 * above the dataset's minimum confidence; every place not placed is listed with why and with the
 * geocoder's best candidates to accept in one click, or a form for coordinates. The counts include
 * the corrections made since, and each correction says who made it in what role.
 */
export function GeocodingSummary({
  geocoding,
  importId,
  jobId,
  isCurator,
  onProgress,
}: {
  geocoding: Geocoding
  importId: number
  jobId: number
  isCurator: boolean
  onProgress: (progress: ImportProgressResponse) => void
}) {
  const { stats, counts } = geocoding
  const corrected = new Map(geocoding.corrections.map((correction) => [correction.place, correction]))
  const textOf = (place: string) => geocoding.placeTexts[place] ?? place.split('|')[0]
  const form = (place: string) => (
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
  if (geocoding.places === 0 && !stats) return null
  const providers = Object.entries(stats?.byProvider ?? {})
  const precisions = Object.entries(stats?.byPrecision ?? {}).filter(([, count]) => (count ?? 0) > 0)
  // Stats saved before "not placed" existed list only the places nobody found.
  const notPlaced: readonly NotPlacedPlace[] = stats?.notPlaced ?? []
  const minimum = stats?.minimumConfidence ?? 0.5
  const rows = geocoding.unplacedRows
  return (
    <div className="import-geocoding">
      <h4>Places</h4>
      {counts ? (
        <p>
          {formatCount(counts.placed)} of {countOf(counts.places, 'place')} placed on the map
          {counts.placedByHand > 0 && ` (${formatCount(counts.placedByHand)} by hand)`}
          {counts.notPlaced > 0 && `; ${formatCount(counts.notPlaced)} not placed`}
          {rows !== null && rows > 0 && `; ${countOf(rows, 'row has', 'rows have')} no place`}.
        </p>
      ) : (
        <p>{countOf(geocoding.places, 'distinct place')} to look up.</p>
      )}
      {stats && (
        <p className="import-subtle">
          Placed means found with at least {Math.round(minimum * 100)} % confidence (the dataset’s minimum).
          {stats.belowMinimum > 0 &&
            ` ${formatCount(stats.belowMinimum)} matched only less surely (a country or region alone, a close spelling).`}
          {stats.notFound > 0 && ` ${formatCount(stats.notFound)} not found.`}
          {stats.failed > 0 && ` ${formatCount(stats.failed)} failed (provider unavailable).`}
          {providers.length > 0 &&
            ` By provider: ${providers.map(([name, count]) => `${name} ${formatCount(count)}`).join(', ')}.`}
          {precisions.length > 0 &&
            ` Precision: ${precisions.map(([name, count]) => `${name} ${formatCount(count ?? 0)}`).join(', ')}.`}
        </p>
      )}
      {notPlaced.length > 0 && (
        <details open>
          <summary>
            Places not placed by the geocoder ({formatCount(notPlaced.length)}
            {counts &&
              counts.notPlaced < notPlaced.length &&
              `, ${formatCount(counts.notPlaced)} still without a point`}
            )
          </summary>
          <ul className={styles.places}>
            {notPlaced.map((place) => {
              const correction = corrected.get(place.query)
              return (
                <li key={place.query}>
                  “{textOf(place.query)}” <span className={styles.reason}>{notPlacedReason(place, minimum)}</span>
                  {correction ? (
                    <CorrectionNote correction={correction} />
                  ) : (
                    <>
                      <PlaceSuggestions
                        importId={importId}
                        jobId={jobId}
                        place={place.query}
                        candidates={place.candidates}
                        onProgress={onProgress}
                      />
                      {form(place.query)}
                    </>
                  )}
                </li>
              )
            })}
          </ul>
        </details>
      )}
      {stats && stats.lowestConfidence.length > 0 && (
        <details>
          <summary>Least certain places placed ({stats.lowestConfidence.length})</summary>
          <ul className={styles.places}>
            {stats.lowestConfidence.map((place) => {
              const correction = corrected.get(place.query)
              return (
                <li key={place.query}>
                  “{textOf(place.query)}” → {place.label} ({Math.round(place.confidence * 100)} % sure,{' '}
                  {place.precision}){correction ? <CorrectionNote correction={correction} /> : form(place.query)}
                </li>
              )
            })}
          </ul>
        </details>
      )}
    </div>
  )
}
