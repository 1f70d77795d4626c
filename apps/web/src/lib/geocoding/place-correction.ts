/**
 * Correcting a place by hand: a user who sees that "Springfield" landed in the wrong state puts it
 * where it belongs. The import's events from that place move at once. An editor's or admin's
 * correction also becomes the location cache's answer for that place (provider `manual`,
 * confidence 1), so every event geocoded from it moves too, and later imports use it.
 * @module
 */
import type { LocationPrecision } from '@chronotope/geocoding'
import type { Pool, PoolClient } from 'pg'

import { COORDINATE_SOURCE, LOCATION_PRECISION } from '../../collections/events/coordinate-provenance-field'
import { ApiError } from '../api/api-error'
import type { HandEdit } from '../events/hand-edits'
import type { StatementRunner } from '../database/request-sql'
import { MANUAL_PROVIDER } from '../import/location-cache'

/** A place put on the map by hand. */
export interface PlaceCorrection {
  /** The place's location-cache key (normalized query), as import progress lists it. */
  readonly place: string
  readonly latitude: number
  readonly longitude: number
  /** What to call the place; defaults to the query. */
  readonly label?: string
  /** How precise the new point is; defaults to `city`. */
  readonly precision: LocationPrecision
}

/** What a correction changed. */
export interface PlaceCorrectionResult {
  /** Events whose location moved. */
  readonly eventsUpdated: number
  /** Of this import's events that moved, those that had no place before. */
  readonly eventsPlaced: number
  /** Whether the location cache now answers the place with the correction. */
  readonly cached: boolean
}

function requireNumber(body: Record<string, unknown>, name: string, limit: number): number {
  const raw = body[name]
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw
  if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > limit) {
    throw new ApiError(400, 'invalid-coordinates', `${name} must be a number from -${limit} to ${limit}`, name)
  }
  return value
}

/**
 * Reads a correction from a request body.
 * @throws {@link ApiError} 400 naming the field that is missing or wrong
 */
export function parsePlaceCorrection(body: Record<string, unknown>): PlaceCorrection {
  const place = typeof body.place === 'string' ? body.place.trim() : ''
  if (place === '' || place.length > 500) {
    throw new ApiError(
      400,
      'invalid-place',
      'place must be the key of a place of this import (1–500 characters)',
      'place',
    )
  }
  const latitude = requireNumber(body, 'latitude', 90)
  const longitude = requireNumber(body, 'longitude', 180)
  const precision = body.precision ?? 'city'
  if (!(LOCATION_PRECISION as readonly unknown[]).includes(precision)) {
    throw new ApiError(
      400,
      'invalid-precision',
      `precision must be one of ${LOCATION_PRECISION.join(', ')}`,
      'precision',
    )
  }
  const label = typeof body.label === 'string' && body.label.trim() !== '' ? body.label.trim().slice(0, 500) : undefined
  return { place, latitude, longitude, precision: precision as LocationPrecision, ...(label ? { label } : {}) }
}

/**
 * Moves the events and counts, among this import's, those that had no place: the report's "rows
 * without a place" goes down by that many. The CTE reads the rows before the update changes them.
 */
function moveEventsSql(source: string, where: string): string {
  return `with moving as (
      select id, (location is null and import_job_id = $5) as was_unplaced from events
      where coordinates_geocoded_query = $4 and (${where})
    ), moved as (
      update events e set
        location = st_setsrid(st_makepoint($1, $2), 4326),
        coordinates_source = '${source}', coordinates_provider = '${MANUAL_PROVIDER}',
        coordinates_precision = $3::enum_events_coordinates_precision, coordinates_confidence = 1,
        hand_edits = case when $6::jsonb is null then e.hand_edits
          else coalesce(e.hand_edits, '{}'::jsonb) || jsonb_build_object('location', $6::jsonb) end,
        updated_at = now()
      from moving where e.id = moving.id
      returning moving.was_unplaced
    )
    select count(*)::int as updated, count(*) filter (where was_unplaced)::int as placed from moved`
}

/** Only this import's events: they are set by hand, and a later cache change leaves them alone. */
const MOVE_IMPORT_EVENTS = moveEventsSql(COORDINATE_SOURCE.MANUAL, 'import_job_id = $5')

/**
 * The import's events and every event geocoded from the place by any provider now follow the
 * manual cache entry; events set by hand elsewhere keep their point.
 */
const MOVE_GEOCODED_EVENTS = moveEventsSql(
  COORDINATE_SOURCE.GEOCODED,
  `import_job_id = $5 or coordinates_source = '${COORDINATE_SOURCE.GEOCODED}'`,
)

async function cacheCorrection(client: PoolClient, correction: PlaceCorrection, query: string): Promise<void> {
  const label = correction.label ?? query
  const best = {
    latitude: correction.latitude,
    longitude: correction.longitude,
    label,
    precision: correction.precision,
    confidence: 1,
    provider: MANUAL_PROVIDER,
  }
  await client.query(
    `insert into location_cache (query, normalized_query, provider, location, formatted_address, precision, confidence,
       candidates, hit_count, last_used_at, expires_at)
     values ($1, $2, '${MANUAL_PROVIDER}', st_setsrid(st_makepoint($3, $4), 4326), $5,
       $6::enum_location_cache_precision, 1, $7::jsonb, 0, now(), null)
     on conflict (normalized_query, provider) do update set location = excluded.location,
       formatted_address = excluded.formatted_address, precision = excluded.precision,
       candidates = excluded.candidates, expires_at = null, updated_at = now()`,
    [
      query,
      correction.place,
      correction.longitude,
      correction.latitude,
      label,
      correction.precision,
      JSON.stringify({ best, runnersUp: [] }),
    ],
  )
}

/**
 * Applies a correction in one transaction: the import job's events from the place, and, when
 * `updateCache` (editors and admins), the cache entry and every event geocoded from the place,
 * which from then on count as geocoded by the `manual` provider.
 * @param query - the place as written in the file, kept beside the key in the cache
 */
export async function correctPlace(
  pool: Pool,
  importJobId: number,
  correction: PlaceCorrection,
  {
    updateCache,
    query,
    edit,
  }: {
    readonly updateCache: boolean
    readonly query: string
    /** Who corrected it: an import's own correction is a hand edit of its events' place, kept on re-import. */
    readonly edit?: HandEdit
  },
): Promise<PlaceCorrectionResult> {
  const client = await pool.connect()
  try {
    await client.query('begin')
    if (updateCache) await cacheCorrection(client, correction, query)
    const { rows } = await client.query<{ updated: number; placed: number }>(
      updateCache ? MOVE_GEOCODED_EVENTS : MOVE_IMPORT_EVENTS,
      [
        correction.longitude,
        correction.latitude,
        correction.precision,
        correction.place,
        importJobId,
        updateCache || !edit ? null : JSON.stringify(edit),
      ],
    )
    await client.query('commit')
    return { eventsUpdated: rows[0]?.updated ?? 0, eventsPlaced: rows[0]?.placed ?? 0, cached: updateCache }
  } catch (error) {
    await client.query('rollback')
    throw error
  } finally {
    client.release()
  }
}

/**
 * Moves the events geocoded from a location-cache entry after an admin edited it. Events placed
 * by hand keep their point; an entry emptied to "not found" takes its events off the map (they
 * stay marked as geocoded from it, so a later fix brings them back).
 * @returns how many events changed
 */
export async function applyCacheEntryToEvents(run: StatementRunner, entryId: number): Promise<number> {
  return run(
    `update events e set location = c.location,
       coordinates_precision = case when c.location is null then null
         else c.precision::text::enum_events_coordinates_precision end,
       coordinates_confidence = case when c.location is null then null else c.confidence end,
       updated_at = now()
     from location_cache c
     where c.id = $1 and e.coordinates_geocoded_query = c.normalized_query and e.coordinates_provider = c.provider
       and e.coordinates_source = '${COORDINATE_SOURCE.GEOCODED}'
       and (e.location is distinct from c.location or e.coordinates_confidence is distinct from c.confidence
         or e.coordinates_precision::text is distinct from c.precision::text)`,
    [entryId],
  )
}
