/**
 * Reads and updates, inside a re-import's batch transaction, the dataset's events that people
 * edited by hand, for {@link keepHandEdits}.
 * @module
 */
import type { EventRow, Queryable } from '../events/bulk-insert-events'
import type { HandEditPath, HandEdits } from '../events/hand-edits'
import type { EditedEvent } from './keep-hand-edits'

interface EditedEventRecord {
  id: number
  unique_id: string
  hand_edits: HandEdits | null
  original: Record<string, string> | null
  title: string | null
  description: string | null
  event_time: Date | null
  event_end_time: Date | null
  time_precision: EventRow['timePrecision']
  longitude: number | null
  latitude: number | null
  location_name: string | null
  coordinates_source: EventRow['coordinateSource']
  coordinates_precision: EventRow['coordinatePrecision']
  coordinates_confidence: string | null
  coordinates_source_columns: string[] | null
  coordinates_provider: string | null
  coordinates_geocoded_query: string | null
  data: unknown
  content_hash: string | null
  import_job_id: number | null
  source_row: number | null
}

// A point set by hand before edits were recorded (an uploader's place correction) is a hand edit too.
const SELECT_EDITED = `select id, unique_id, hand_edits, original, title, description, event_time, event_end_time,
    time_precision::text, st_x(location) as longitude, st_y(location) as latitude, location_name,
    coordinates_source::text, coordinates_precision::text, coordinates_confidence, coordinates_source_columns,
    coordinates_provider, coordinates_geocoded_query, data, content_hash, import_job_id, source_row
  from events
  where dataset_id = $1 and unique_id = any($2::text[])
    and (hand_edits is not null or coordinates_source = 'manual')`

function toEditedEvent(record: EditedEventRecord, datasetId: number): EditedEvent {
  const handEdits: Record<string, HandEdits[string]> = { ...record.hand_edits }
  if (record.coordinates_source === 'manual' && !handEdits.location) {
    handEdits.location = { by: 0, role: 'owner', at: new Date(0).toISOString() }
  }
  return {
    id: Number(record.id),
    datasetId,
    uniqueId: record.unique_id,
    handEdits,
    original: record.original,
    title: record.title,
    description: record.description,
    eventTime: record.event_time,
    eventEndTime: record.event_end_time,
    timePrecision: record.time_precision,
    longitude: record.longitude === null ? null : Number(record.longitude),
    latitude: record.latitude === null ? null : Number(record.latitude),
    locationName: record.location_name,
    coordinateSource: record.coordinates_source,
    coordinatePrecision: record.coordinates_precision,
    coordinateConfidence: record.coordinates_confidence === null ? null : Number(record.coordinates_confidence),
    coordinateSourceColumns: record.coordinates_source_columns,
    coordinateProvider: record.coordinates_provider,
    geocodedQuery: record.coordinates_geocoded_query,
    data: record.data,
    contentHash: record.content_hash,
    importJobId: record.import_job_id,
    sourceRow: record.source_row === null ? null : Number(record.source_row),
  }
}

/**
 * The events among `uniqueIds` that people edited by hand, by unique id.
 * @example await loadEditedEvents(client, 12, ['id:p1', 'id:p2']) // Map { 'id:p1' => {...} }
 */
export async function loadEditedEvents(
  db: Queryable,
  datasetId: number,
  uniqueIds: readonly string[],
): Promise<Map<string, EditedEvent>> {
  if (uniqueIds.length === 0) return new Map()
  const { rows } = await db.query(SELECT_EDITED, [datasetId, uniqueIds])
  return new Map((rows as EditedEventRecord[]).map((record) => [record.unique_id, toEditedEvent(record, datasetId)]))
}

/**
 * Drops hand edits that no longer hold (the file now agrees, or the import took the file's
 * values) from their events.
 */
export async function releaseHandEdits(
  db: Queryable,
  releases: ReadonlyArray<{ readonly eventId: number; readonly paths: readonly HandEditPath[] }>,
): Promise<void> {
  if (releases.length === 0) return
  await db.query(
    `update events e set hand_edits = nullif(e.hand_edits - r.paths, '{}'::jsonb)
     from (select unnest($1::int[]) as id, unnest($2::text[])::text[] as paths) r
     where e.id = r.id`,
    [
      releases.map((release) => release.eventId),
      releases.map((release) => `{${release.paths.map(quoteArrayItem).join(',')}}`),
    ],
  )
}

// An element of a PostgreSQL array literal, quoted so commas, braces and quotes in column names survive.
function quoteArrayItem(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
}
