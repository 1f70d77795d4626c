/**
 * Which of Next's static assets (`/_next/static/…`) are gzipped at build time, and which requests
 * may be answered from those copies. Pure: no I/O. See ./precompressed-static.
 * @module
 */
import path from 'node:path'

/** The URL prefix Next serves its build's static assets under. */
export const STATIC_URL_PREFIX = '/_next/static/'

/** Content types of the assets worth compressing, by extension (lower case, with the dot). */
export const COMPRESSIBLE_TYPES: Readonly<Record<string, string>> = {
  '.js': 'application/javascript; charset=UTF-8',
  '.mjs': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
  '.json': 'application/json; charset=UTF-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=UTF-8',
}

/** Below this size gzip's header costs more than it saves; Next serves such files as they are. */
const MIN_BYTES = 1024

/** Assets are cached by browsers for a year: their names change whenever their content does. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'

/** Whether an asset of this name gets a precompressed copy. */
export function isCompressibleAsset(fileName: string, bytes: number): boolean {
  return bytes >= MIN_BYTES && Object.hasOwn(COMPRESSIBLE_TYPES, path.extname(fileName).toLowerCase())
}

/**
 * Whether a request's `Accept-Encoding` admits gzip: listed (or `*`) with a non-zero quality.
 * @example acceptsGzip('gzip, deflate, br') // true
 * @example acceptsGzip('gzip;q=0, br') // false
 */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false
  let verdict: boolean | undefined
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const allowed = q === undefined || Number(q.slice(2)) > 0
    if (name.trim() === 'gzip') return allowed
    if (name.trim() === '*') verdict = allowed
  }
  return verdict ?? false
}

/**
 * The asset path under the build's static folder that a request target names, or undefined when
 * it is not a plain static asset URL (another path, a query, an encoded or `..` segment).
 * @example staticAssetPath('/_next/static/chunks/abc.js') // 'chunks/abc.js'
 */
export function staticAssetPath(url: string | undefined): string | undefined {
  if (!url?.startsWith(STATIC_URL_PREFIX)) return undefined
  const relative = url.slice(STATIC_URL_PREFIX.length)
  if (!relative || /[?#%\\]/.test(relative)) return undefined
  const segments = relative.split('/')
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return undefined
  return relative
}
