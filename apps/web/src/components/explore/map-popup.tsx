'use client'
/**
 * What the map's popup says about the selected event: its title, its time at its precision, its
 * place (and, for a place only approximately known, where the map put it), its dataset and a link
 * to its page. MapLibre owns the popup's box; React renders this into it through a portal.
 * @module
 */
import { formatHistoricalDate, type TimePrecision } from '@chronotope/dates'
import Link from 'next/link'

import styles from './map.module.css'
import type { SingleEvent } from './map-marks'
import { placementSentence } from './map-precision'

const TIME_PRECISIONS: readonly string[] = ['year', 'month', 'day', 'hour', 'minute', 'second']

/** The popup's content for one event. */
export function MapPopupContent({ event, datasetName }: { event: SingleEvent; datasetName: string | undefined }) {
  const precision = (TIME_PRECISIONS.includes(event.timePrecision ?? '') ? event.timePrecision : 'day') as TimePrecision
  const time = formatHistoricalDate(event.eventTime, precision)
  const placement = placementSentence(event.locationName, event.locationPrecision)
  const titleId = `map-popup-title-${event.eventId}`
  return (
    <div className={styles.popup} role="group" aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.popupTitle}>
        {event.title?.trim() || 'Untitled event'}
      </h3>
      <dl className={styles.popupFacts}>
        <dt>When</dt>
        <dd>{time || 'No time given'}</dd>
        <dt>Where</dt>
        <dd>
          {event.locationName?.trim() || `${event.lat.toFixed(4)}, ${event.lng.toFixed(4)}`}
          {placement && <span className={styles.popupPlacement}>{placement}</span>}
        </dd>
        {datasetName && (
          <>
            <dt>Dataset</dt>
            <dd>{datasetName}</dd>
          </>
        )}
      </dl>
      <Link className={styles.popupLink} href={`/events/${event.eventId}`}>
        Open event page
      </Link>
    </div>
  )
}
