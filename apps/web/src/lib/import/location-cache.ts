/**
 * The location cache in SQL: every geocoding result (found or not) is kept by its normalised
 * query and provider, so a place is geocoded once, and a re-import of the same places calls no
 * provider at all.
 * @module
 */
import type { GeocodingCandidate, GeocodingResult, GeocodingResultsMap } from '@chronotope/geocoding'
import type { Pool } from 'pg'

interface CacheRow {
  normalized_query: string
  provider: string
  longitude: number | null
  latitude: number | null
  formatted_address: string | null
  precision: GeocodingCandidate['precision'] | null
  confidence: string | null
  candidates: { best?: GeocodingCandidate; runnersUp?: GeocodingCandidate[] } | null
}

function toResult(row: CacheRow): GeocodingResult {
  if (row.longitude === null || row.latitude === null || !row.precision) {
    return { status: 'not-found', candidates: row.candidates?.runnersUp ?? [], provider: row.provider }
  }
  const best: GeocodingCandidate = row.candidates?.best ?? {
    latitude: row.latitude,
    longitude: row.longitude,
    label: row.formatted_address ?? row.normalized_query,
    precision: row.precision,
    confidence: Number(row.confidence ?? 0),
    provider: row.provider,
  }
  return { status: 'resolved', best, candidates: row.candidates?.runnersUp ?? [], provider: row.provider }
}

const CACHE_COLUMNS = `normalized_query, provider, st_x(location) as longitude, st_y(location) as latitude,
  formatted_address, precision, confidence, candidates`

/** The provider name of corrections made by hand; such an entry wins over every provider's answer. */
export const MANUAL_PROVIDER = 'manual'

/** How {@link readCachedPlaces} reads. */
export interface CacheReadOptions {
  /** Count this read as a use of each entry (a geocoding lookup, not a report); default true. */
  readonly countHits?: boolean
  /** Only answers of these providers count (corrections by hand always do); default: every provider's. */
  readonly providers?: readonly string[]
}

function isBetter(candidate: GeocodingResult, known: GeocodingResult | undefined): boolean {
  if (!known) return true
  if (known.provider === MANUAL_PROVIDER) return false
  if (candidate.provider === MANUAL_PROVIDER) return true
  return (candidate.best?.confidence ?? -1) > (known.best?.confidence ?? -1)
}

/**
 * Reads cached, unexpired results for the given keys. Where several providers answered one key,
 * a correction by hand wins, then the most confident answer.
 */
export async function readCachedPlaces(
  pool: Pool,
  keys: readonly string[],
  { countHits = true, providers }: CacheReadOptions = {},
): Promise<GeocodingResultsMap> {
  const results: GeocodingResultsMap = new Map()
  const allowed = providers ? [...new Set([...providers, MANUAL_PROVIDER])] : null
  for (let start = 0; start < keys.length; start += 5000) {
    const slice = keys.slice(start, start + 5000)
    const unexpired = `normalized_query = any($1::text[]) and (expires_at is null or expires_at > now())
      and ($2::text[] is null or provider = any($2::text[]))`
    const { rows } = await pool.query<CacheRow>(
      countHits
        ? `update location_cache set hit_count = coalesce(hit_count, 0) + 1, last_used_at = now()
             where ${unexpired} returning ${CACHE_COLUMNS}`
        : `select ${CACHE_COLUMNS} from location_cache where ${unexpired}`,
      [slice, allowed],
    )
    for (const row of rows) {
      const result = toResult(row)
      if (isBetter(result, results.get(row.normalized_query))) results.set(row.normalized_query, result)
    }
  }
  return results
}

/** One result to cache. */
export interface PlaceToCache {
  readonly key: string
  readonly query: string
  readonly result: GeocodingResult
  /** When the entry expires; null keeps it (offline results never change). */
  readonly expiresAt: Date | null
}

/** Caches results; a result for the same key and provider replaces the old one. Failures are not cached. */
export async function cachePlaces(pool: Pool, places: readonly PlaceToCache[]): Promise<void> {
  const cacheable = places.filter((place) => place.result.status !== 'failed')
  if (cacheable.length === 0) return
  const column = <T>(pick: (place: PlaceToCache) => T) => cacheable.map(pick)
  await pool.query(
    `insert into location_cache (query, normalized_query, provider, location, formatted_address, precision,
       confidence, candidates, hit_count, last_used_at, expires_at)
     select r.query, r.key, r.provider,
       case when r.longitude is null then null else st_setsrid(st_makepoint(r.longitude, r.latitude), 4326) end,
       r.label, r.precision::enum_location_cache_precision, r.confidence, r.candidates::jsonb, 0, now(), r.expires_at
     from unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::float8[], $6::text[], $7::text[],
       $8::numeric[], $9::text[], $10::timestamptz[])
       as r(query, key, provider, longitude, latitude, label, precision, confidence, candidates, expires_at)
     on conflict (normalized_query, provider) do update set
       location = excluded.location, formatted_address = excluded.formatted_address,
       precision = excluded.precision, confidence = excluded.confidence, candidates = excluded.candidates,
       expires_at = excluded.expires_at, updated_at = now()`,
    [
      column((p) => p.query),
      column((p) => p.key),
      column((p) => p.result.best?.provider ?? p.result.provider),
      column((p) => p.result.best?.longitude ?? null),
      column((p) => p.result.best?.latitude ?? null),
      column((p) => p.result.best?.label ?? null),
      column((p) => p.result.best?.precision ?? null),
      column((p) => p.result.best?.confidence ?? null),
      column((p) => JSON.stringify({ best: p.result.best, runnersUp: p.result.candidates })),
      column((p) => p.expiresAt?.toISOString() ?? null),
    ],
  )
}
