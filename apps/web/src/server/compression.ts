/**
 * gzip for the production server, as `next start` does it but with zlib options per request (see
 * {@link gzipOptionsFor}). It reuses the `compression` middleware Next itself ships and runs
 * in `next start` (next/dist/compiled/compression, version 1.7): it negotiates Accept-Encoding with
 * q-values (gzip, else deflate, else identity), leaves alone responses that are not compressible by
 * Content-Type, smaller than 1 KB, `Cache-Control: no-transform`, already encoded or to HEAD
 * requests, removes Content-Length, adds `Vary: Accept-Encoding`, and gives the response a
 * `flush()` that Next calls while it streams.
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import { Duplex } from 'node:stream'

import { gzipOptionsFor, type GzipOptions } from './compression-policy'

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void

/** The options of `compression` 1.7 we use, all passed on to zlib. */
type CompressionOptions = Partial<GzipOptions>

const require = createRequire(import.meta.url)
// Next's own copy, so the server compresses exactly as `next start` did, without a new dependency.
const compression = require('next/dist/compiled/compression') as (options?: CompressionOptions) => Middleware

/** Compresses a response, if its request and headers allow it; call before handing it on. */
export type Compress = (req: IncomingMessage, res: ServerResponse) => void

/**
 * A {@link Compress} that gzips with the zlib options `optionsFor` picks for each request; it
 * should return the same few objects again, as it keeps a middleware per object.
 * @example const compress = createCompression(); compress(req, res); await handle(req, res)
 */
export function createCompression(optionsFor: (url: string | undefined) => GzipOptions = gzipOptionsFor): Compress {
  const middlewares = new Map<GzipOptions, Middleware>()
  const middlewareFor = (options: GzipOptions): Middleware => {
    let middleware = middlewares.get(options)
    if (!middleware)
      middlewares.set(options, (middleware = compression({ level: options.level, chunkSize: options.chunkSize })))
    return middleware
  }
  return (req, res) => {
    middlewareFor(optionsFor(req.url))(req, res, () => {})
    res.once('close', () => {
      if (!res.writableFinished) releaseCompressionStream(res)
    })
  }
}

/**
 * Ends the zlib stream of a response whose client went away: the middleware only ends it when the
 * response ends, so it would otherwise hold its native memory (as Next's router server does it).
 * The middleware hands `on('drain')` to its zlib stream, which is how the stream is reached.
 */
function releaseCompressionStream(res: ServerResponse): void {
  const noop = () => {}
  const target: unknown = res.on('drain', noop)
  if (target === res || !(target instanceof Duplex)) {
    res.off('drain', noop)
    return
  }
  target.destroy()
}
