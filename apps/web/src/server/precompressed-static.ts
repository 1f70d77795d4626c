/**
 * Next's static assets (`/_next/static/…`: scripts and style sheets with content hashes in their
 * names, never changed after the build) answered from the `.gz` copies the build wrote
 * (./precompress-static-assets) when the browser accepts gzip, as nginx's `gzip_static` does: no
 * CPU spent compressing a megabyte of MapLibre on every page load, and smaller answers than zlib
 * gives. Everything else is left to Next and ./compression.
 * @module
 */
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'

import { acceptsGzip, COMPRESSIBLE_TYPES, IMMUTABLE, staticAssetPath } from './static-asset-policy'

/** Answers requests for static assets from their build-time `.gz` copies. */
export type PrecompressedResponder = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>

/**
 * A responder for the assets under `staticDir`: it answers a GET or HEAD of a static asset that
 * has a `.gz` copy, from a client that accepts gzip, and resolves true; otherwise it touches
 * nothing and resolves false, and the request goes on to Next. `headers` are sent with each
 * answer too (the security headers every response carries).
 */
export function createPrecompressedResponder(
  staticDir: string,
  headers: ReadonlyArray<{ readonly key: string; readonly value: string }>,
): PrecompressedResponder {
  // The build never changes under a running server: one look per asset is enough.
  const sizes = new Map<string, Promise<number | undefined>>()
  const gzipSize = (relative: string) => {
    let size = sizes.get(relative)
    if (!size) {
      size = stat(path.join(staticDir, `${relative}.gz`)).then(
        (found) => (found.isFile() ? found.size : undefined),
        () => undefined,
      )
      sizes.set(relative, size)
    }
    return size
  }
  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false
    const relative = staticAssetPath(req.url)
    const type = relative && COMPRESSIBLE_TYPES[path.extname(relative).toLowerCase()]
    if (!relative || !type || !acceptsGzip(req.headers['accept-encoding'])) return false
    const size = await gzipSize(relative)
    if (size === undefined) return false
    for (const { key, value } of headers) res.setHeader(key, value)
    res.writeHead(200, {
      'Content-Type': type,
      'Content-Encoding': 'gzip',
      'Content-Length': size,
      'Cache-Control': IMMUTABLE,
      Vary: 'Accept-Encoding',
    })
    if (req.method === 'HEAD') {
      res.end()
      return true
    }
    const stream = createReadStream(path.join(staticDir, `${relative}.gz`))
    stream.on('error', () => res.destroy())
    stream.pipe(res)
    return true
  }
}
