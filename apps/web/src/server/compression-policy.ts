/**
 * How the production server gzips a request's response. Pure: no I/O, no Node APIs.
 *
 * The streamed exports get zlib's fastest level: on a small machine, gzip at the default level
 * costs as much CPU as formatting the rows, and level 1 still shrinks CSV and GeoJSON three- to
 * fivefold (about 17 % bigger than level 6). Their compressed output also goes out in 256 KiB
 * pieces rather than zlib's 16 KiB, which saves the server (and the client) thousands of writes,
 * reads and event-loop turns per export. Everything else (pages, RSC payloads, JSON, scripts)
 * keeps zlib's defaults, as under `next start`.
 * @module
 */

/** The zlib options a response is gzipped with. */
export interface GzipOptions {
  /** zlib compression level, 1 (fastest) to 9 (smallest). */
  readonly level: number
  /** Bytes of compressed output zlib hands on at a time. */
  readonly chunkSize: number
}

/** For the streamed exports: fastest level, big output pieces. */
export const STREAMED_EXPORT_GZIP: GzipOptions = Object.freeze({ level: 1, chunkSize: 256 * 1024 })

/** For every other response: zlib's defaults (`Z_DEFAULT_COMPRESSION` is level 6). */
export const DEFAULT_GZIP: GzipOptions = Object.freeze({ level: 6, chunkSize: 16 * 1024 })

/** Paths of the endpoints that stream every filtered event, gzipped with {@link STREAMED_EXPORT_GZIP}. */
export const STREAMED_EXPORT_PATHS: ReadonlySet<string> = new Set([
  '/api/events/export.csv',
  '/api/events/export.geojson',
])

/**
 * The gzip options for a request, from its target as Node gives it (`req.url`: path and query).
 * @returns one of the frozen {@link STREAMED_EXPORT_GZIP} and {@link DEFAULT_GZIP}
 * @example gzipOptionsFor('/api/events/export.csv?datasets=1') // STREAMED_EXPORT_GZIP
 * @example gzipOptionsFor('/api/events?bbox=0,0,1,1') // DEFAULT_GZIP
 */
export function gzipOptionsFor(url: string | undefined): GzipOptions {
  if (!url) return DEFAULT_GZIP
  const end = url.search(/[?#]/)
  const pathname = end === -1 ? url : url.slice(0, end)
  return STREAMED_EXPORT_PATHS.has(pathname) ? STREAMED_EXPORT_GZIP : DEFAULT_GZIP
}
