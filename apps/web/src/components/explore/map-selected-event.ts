/**
 * The selected event (`view.event`) as the map's popup needs it when the map's own marks do not
 * hold it: chosen in the list while inside a cluster, or opened from a shared link. Read from the
 * CMS's REST API (`/api/events/{id}`), which applies the visitor's access, so a private event the
 * visitor may not see answers 404 and no popup opens.
 * @module
 */
import { ReadApiError } from '../../lib/read-client/events-read-client'
import type { SingleEvent } from './map-marks'

/** The fields of an event document the popup uses, as the REST API sends them. */
interface EventDocument {
  readonly id?: unknown
  readonly dataset?: unknown
  readonly title?: unknown
  readonly eventTime?: unknown
  readonly timePrecision?: unknown
  readonly location?: unknown
  readonly locationName?: unknown
  readonly coordinates?: { readonly source?: unknown; readonly precision?: unknown } | null
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null)

/**
 * The popup's event from an event document, or null when it has no place.
 * @example selectedEventOfDocument({ id: 7, dataset: 2, title: 'Strike', location: [145.2, -38.2] })?.lng // 145.2
 */
export function selectedEventOfDocument(document: EventDocument): SingleEvent | null {
  const location = document.location
  if (!Array.isArray(location) || typeof location[0] !== 'number' || typeof location[1] !== 'number') return null
  const id = Number(document.id)
  const dataset = document.dataset
  const datasetId =
    typeof dataset === 'number' ? dataset : Number((dataset as { id?: unknown } | null | undefined)?.id ?? NaN)
  if (!Number.isSafeInteger(id) || !Number.isSafeInteger(datasetId)) return null
  return {
    cluster: false,
    eventId: id,
    datasetId,
    title: text(document.title),
    eventTime: text(document.eventTime),
    timePrecision: text(document.timePrecision),
    locationName: text(document.locationName),
    locationPrecision: text(document.coordinates?.precision),
    coordinateSource: text(document.coordinates?.source),
    value: null,
    lng: location[0],
    lat: location[1],
  }
}

/**
 * Loads one event for the popup; null when it does not exist, the visitor may not see it, or it
 * has no place.
 * @throws {@link ReadApiError} when the server fails or cannot be reached
 */
export async function fetchSelectedEvent(
  eventId: number,
  signal?: AbortSignal,
  doFetch: typeof fetch = fetch,
): Promise<SingleEvent | null> {
  let response: Response
  try {
    response = await doFetch(`/api/events/${eventId}?depth=0`, { credentials: 'same-origin', signal })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new ReadApiError(0, 'network-error', `Chronotope did not answer (${(error as Error).message})`)
  }
  if (response.status === 404 || response.status === 403) return null
  if (!response.ok)
    throw new ReadApiError(
      response.status,
      `http-${response.status}`,
      `The event could not be loaded (HTTP ${response.status})`,
    )
  return selectedEventOfDocument((await response.json()) as EventDocument)
}
