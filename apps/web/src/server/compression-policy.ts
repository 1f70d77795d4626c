/**
 * Which zlib level the production server's gzip uses for a request. Pure: no I/O, no Node APIs.
 *
 * The streamed exports get the fastest level: on a small machine, gzip at the default level costs
 * as much CPU as formatting the rows, and level 1 still shrinks CSV and GeoJSON several-fold.
 * Everything else (pages, RSC payloads, JSON, scripts) keeps zlib's default level, as before.
 * @module
 */

/** zlib's fastest level, for the streamed exports. */
export const FAST_COMPRESSION_LEVEL = 1

/** zlib's default level (what `Z_DEFAULT_COMPRESSION` means), for every other response. */
export const DEFAULT_COMPRESSION_LEVEL = 6

/** Paths of the endpoints that stream every filtered event, compressed at {@link FAST_COMPRESSION_LEVEL}. */
export const STREAMED_EXPORT_PATHS: ReadonlySet<string> = new Set(['/api/events/export.csv', '/api/events/export.geojson'])

/**
 * The gzip level for a request, from its target as Node gives it (`req.url`: path and query).
 * @example compressionLevelFor('/api/events/export.csv?datasets=1') // 1
 * @example compressionLevelFor('/api/events?bbox=0,0,1,1') // 6
 */
export function compressionLevelFor(url: string | undefined): number {
  if (!url) return DEFAULT_COMPRESSION_LEVEL
  const end = url.search(/[?#]/)
  const pathname = end === -1 ? url : url.slice(0, end)
  return STREAMED_EXPORT_PATHS.has(pathname) ? FAST_COMPRESSION_LEVEL : DEFAULT_COMPRESSION_LEVEL
}
