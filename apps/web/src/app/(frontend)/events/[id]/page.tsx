import type { Metadata } from 'next'
import { headers } from 'next/headers'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { createLocalReq } from 'payload'
import { cache } from 'react'

import { mayEdit } from '../../../../access/may-edit'
import { relationId } from '../../../../access/relation-id'

import {
  describeCoordinateProvenance,
  formatLatLng,
  isApproximatePrecision,
  type CoordinateProvenance,
} from '../../../../components/event/coordinate-provenance'
import type { EditableEventView } from '../../../../components/event/event-edit'
import { EventEditor } from '../../../../components/event/event-editor'
import { EventMap } from '../../../../components/event/event-map'
import { formatEventTimeRange } from '../../../../components/event/event-time-text'
import { cutSentences } from '../../../../components/event/event-cuts'
import { RowFieldValue } from '../../../../components/event/row-field-value'
import { rowFields } from '../../../../components/event/row-fields'
import { exploreHref } from '../../../../components/explore/view-state'
import { COLLECTION_NAMES } from '../../../../constants/collection-names'
import { loadPlacedByHand } from '../../../../lib/geocoding/placed-by'
import { getPayloadInstance } from '../../../../lib/runtime/payload-instance'
import { formatCount } from '../../../../lib/text/format-number'

type Args = { params: Promise<{ id: string }> }

// What the Edit form needs, and no more: the page's client code never sees the original row.
// The row's values in the file's column order (the database keeps JSON keys in an order of its own).
function inColumnOrder(data: unknown, keys: readonly string[]): unknown {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return data ?? null
  const values = data as Record<string, unknown>
  return Object.fromEntries(
    [...new Set([...keys, ...Object.keys(values)])].filter((key) => key in values).map((key) => [key, values[key]]),
  )
}

function editableView(event: Record<string, unknown>, columns: readonly string[]): EditableEventView {
  return {
    title: typeof event.title === 'string' ? event.title : null,
    eventTime: typeof event.eventTime === 'string' ? event.eventTime : null,
    eventEndTime: typeof event.eventEndTime === 'string' ? event.eventEndTime : null,
    timePrecision: typeof event.timePrecision === 'string' ? event.timePrecision : null,
    location: Array.isArray(event.location) ? (event.location as [number, number]) : null,
    locationName: typeof event.locationName === 'string' ? event.locationName : null,
    data: inColumnOrder(event.data, columns),
  }
}

/** How the page names the size bound of an event's values (EVENT_BOUNDS in @chronotope/file-readers). */
const EVENT_SIZE_TEXT = '64 KB of values'

/**
 * The download address of the file the event was imported from, when the visitor may read it
 * (the page loads the event at depth 2: its import job and that job's file, access-checked).
 */
function importFileUrlOf(event: Record<string, unknown>): string | null {
  const job = event.importJob
  if (typeof job !== 'object' || job === null) return null
  const file = (job as { importFile?: unknown }).importFile
  if (typeof file !== 'object' || file === null) return null
  // From the name, not `url`: with a server URL set, Payload writes `url` absolute, for that origin.
  const name = (file as { filename?: unknown }).filename
  return typeof name === 'string' && name
    ? `/api/${COLLECTION_NAMES.IMPORT_FILES}/file/${encodeURIComponent(name)}`
    : null
}

interface Named {
  readonly id: number
  readonly name?: string | null
  readonly isPublic?: boolean | null
}

interface DatasetRef extends Named {
  readonly catalog?: Named | number | null
  readonly currentSchema?: { fields?: unknown } | number | null
}

/**
 * The event the visitor may see, or null: a missing event, a private one and a malformed id look
 * the same from outside (one 404), so nobody learns which private ids exist.
 */
const loadEvent = cache(async (rawId: string) => {
  if (!/^[1-9]\d{0,15}$/.test(rawId)) return null
  const payload = await getPayloadInstance()
  const { user } = await payload.auth({ headers: await headers() })
  const event = await payload.findByID({
    collection: COLLECTION_NAMES.EVENTS,
    id: Number(rawId),
    user,
    overrideAccess: false,
    depth: 2,
    disableErrors: true,
  })
  if (!event) return null
  // The Edit action shows only for those the events' own update rule lets change this one.
  const req = user ? await createLocalReq({ user }, payload) : null
  const datasetId = relationId(event.dataset)
  const [isEditable, isDatasetEditable] = req
    ? await Promise.all([
        mayEdit(req, { collection: COLLECTION_NAMES.EVENTS, id: event.id }),
        datasetId === undefined ? false : mayEdit(req, { collection: COLLECTION_NAMES.DATASETS, id: datasetId }),
      ])
    : [false, false]
  return { event, isEditable, isDatasetEditable }
})

/** The event's title in the browser tab. */
export async function generateMetadata({ params }: Args): Promise<Metadata> {
  const event = (await loadEvent((await params).id))?.event
  if (!event) return { title: 'Event not found' }
  const title = typeof event.title === 'string' && event.title ? event.title : `Event ${event.id}`
  return { title, description: typeof event.description === 'string' ? event.description.slice(0, 200) : undefined }
}

/**
 * An event's page at `/events/{id}`: its title, time at its precision, place on a small map,
 * where the coordinates came from, the original row, and links to its dataset and catalog.
 */
export default async function EventPage({ params }: Args) {
  const loaded = await loadEvent((await params).id)
  if (!loaded) notFound()
  const { event, isEditable, isDatasetEditable } = loaded

  const id = Number(event.id)
  const title = typeof event.title === 'string' && event.title ? event.title : `Event ${id}`
  const dataset = typeof event.dataset === 'object' && event.dataset !== null ? (event.dataset as DatasetRef) : null
  const catalog = dataset && typeof dataset.catalog === 'object' && dataset.catalog !== null ? dataset.catalog : null
  const schemaFields =
    dataset && typeof dataset.currentSchema === 'object' && dataset.currentSchema !== null
      ? dataset.currentSchema.fields
      : undefined
  const location = Array.isArray(event.location) ? (event.location as [number, number]) : null
  const coordinates = (event.coordinates ?? null) as CoordinateProvenance | null
  const placeName = typeof event.locationName === 'string' && event.locationName ? event.locationName : null
  const precision = coordinates?.precision ?? null
  const placedBy = await loadPlacedByHand(await getPayloadInstance(), { ...event, coordinates })
  const isPrivate = !(dataset?.isPublic === true && catalog?.isPublic === true)
  const fields = rowFields(event.data, schemaFields, (event as { original?: unknown }).original)
  const isAnyRereading = fields.some((field) => field.written !== undefined)
  const eventTime = typeof event.eventTime === 'string' ? event.eventTime : null
  const eventEndTime = typeof event.eventEndTime === 'string' ? event.eventEndTime : null
  const description = typeof event.description === 'string' && event.description ? event.description : null
  const cuts = cutSentences(event.data)
  const importFileUrl = importFileUrlOf(event)
  const removedAt = typeof event.removedAt === 'string' ? event.removedAt : null

  return (
    <article className="event-page">
      <nav className="event-trail" aria-label="Dataset of this event">
        {catalog ? (
          <>
            <Link href={exploreHref({ catalogs: [catalog.id] })}>{catalog.name ?? `Catalog ${catalog.id}`}</Link>
            <span aria-hidden="true"> › </span>
          </>
        ) : null}
        {dataset ? (
          <Link href={exploreHref({ datasets: [dataset.id] })}>{dataset.name ?? `Dataset ${dataset.id}`}</Link>
        ) : null}
        {isPrivate ? <span className="home-badge">Private</span> : null}
      </nav>
      <h1>{title}</h1>
      <p className="event-when">
        <time dateTime={eventTime ?? undefined}>
          {formatEventTimeRange(eventTime, eventEndTime, event.timePrecision as string | null)}
        </time>
        {placeName ? <span className="event-where"> · {placeName}</span> : null}
      </p>
      {removedAt ? (
        <p className="notice event-removed" role="note">
          Gone from its source: the scheduled import of this dataset no longer found this row on{' '}
          <time dateTime={removedAt}>{new Date(removedAt).toUTCString().slice(5, 16)}</time>. It is hidden from explore,
          the API and embeds; this page stays so that links to it keep working.
        </p>
      ) : null}
      {description ? <p className="event-description">{description}</p> : null}
      {dataset ? (
        <div className="actions event-actions">
          <Link
            className="button primary"
            href={exploreHref({
              datasets: [dataset.id],
              event: id,
              ...(location ? { lng: location[0], lat: location[1], zoom: 8 } : {}),
            })}
          >
            See on the explore view
          </Link>
          <Link className="button" href={exploreHref({ datasets: [dataset.id] })}>
            All events of {dataset.name ?? 'this dataset'}
          </Link>
          {isDatasetEditable ? (
            <Link className="button" href={`/datasets/${dataset.id}`}>
              Manage the dataset
            </Link>
          ) : null}
          {isEditable ? (
            <EventEditor
              eventId={id}
              event={editableView(
                event,
                fields.map((field) => field.key),
              )}
            />
          ) : null}
        </div>
      ) : null}

      <div className="event-columns">
        <section aria-labelledby="event-place">
          <h2 id="event-place">Place</h2>
          {location ? (
            <>
              <EventMap
                longitude={location[0]}
                latitude={location[1]}
                precision={precision}
                label={`Map of ${placeName ?? 'the event'}${isApproximatePrecision(precision) ? `, placed at the centre of the ${precision === 'postal' ? 'postal area' : precision}` : ''}`}
              />
              <p className="event-coordinates">{formatLatLng(location[0], location[1])}</p>
            </>
          ) : (
            <p className="event-no-place">This event has no place on the map.</p>
          )}
          <h3>Where the coordinates came from</h3>
          <p>{describeCoordinateProvenance(coordinates, placedBy.label ?? placeName, placedBy.role)}</p>
          {isApproximatePrecision(precision) ? (
            <p className="import-hint">The ring on the map shows about how far the real place may be from the point.</p>
          ) : null}
        </section>

        <section aria-labelledby="event-row">
          <h2 id="event-row">The original row</h2>
          {typeof event.sourceRow === 'number' ? (
            <p className="import-hint">Row {formatCount(event.sourceRow)} of the imported file.</p>
          ) : null}
          {cuts.length > 0 ? (
            <div className="import-hint event-cuts" role="note">
              <p>
                This event was stored shortened, to keep every event within {EVENT_SIZE_TEXT}. {cuts.join(' ')}
              </p>
              <p>
                {importFileUrl ? (
                  <>
                    The full values are in the imported file: <a href={importFileUrl}>download it</a>.
                  </>
                ) : (
                  'The full values are in the imported file, which its owner can download.'
                )}
              </p>
            </div>
          ) : null}
          {isAnyRereading ? (
            <p className="import-hint">
              Values as the file wrote them; where Chronotope read one as something else, what it read follows the
              arrow.
            </p>
          ) : null}
          {fields.length === 0 ? (
            <p className="event-no-place">The row has no fields.</p>
          ) : (
            <div
              className="table-scroll"
              tabIndex={0}
              role="region"
              aria-label="Columns and values of the original row"
            >
              <table className="import-table event-fields">
                <thead>
                  <tr>
                    <th scope="col">Column</th>
                    <th scope="col">Value</th>
                  </tr>
                </thead>
                <tbody>
                  {fields.map((field) => (
                    <tr key={field.key}>
                      <th scope="row" className="import-column-name">
                        {field.key}
                      </th>
                      <td>
                        <RowFieldValue field={field} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </article>
  )
}
