/**
 * The production web server: Next's request handler (the built app) behind a Node HTTP server of
 * our own, so that gzip is ours (see ./compression) rather than `next start`'s fixed level 6.
 * Next does not compress itself here: next.config.ts turns `compress` off for the production server.
 * The same server, with `dev`, runs `npm start`'s development server (Next compiling on demand and
 * compressing itself), so that the app always learns the connection's address (./socket-address).
 * Both serve the built documentation site under `/docs/` (./docs-site), and both have the last word
 * on the headers of uploaded files and of answers that depend on who asks (./response-policy).
 * @module
 */
import { createServer, type Server } from 'node:http'
import path from 'node:path'

import next from 'next'

import { cmsErrorBody } from '../lib/api/cms-error-shape'
import { createCompression } from './compression'
import { createDocsResponder } from './docs-site'
import { createPrecompressedResponder } from './precompressed-static'
import { refuseRequestBody } from './request-body-limit'
import { applyResponsePolicy } from './response-policy'
import { stampSocketAddress } from './socket-address'

/** A running {@link startProductionServer}. */
export interface ProductionServer {
  readonly server: Server
  /** The port it listens on (the one asked for, or the one picked for port 0). */
  readonly port: number
  /** Stops accepting connections, ends idle ones and lets Next clean up; open responses are left to the process exit. */
  close(): Promise<void>
}

/**
 * Prepares the built app in `dir` and serves it on `port`, on every interface (like `next start`);
 * with `dev`, serves the app's sources as `next dev` does instead.
 * @throws when the app has no production build or the port is taken
 */
export async function startProductionServer(options: {
  dir: string
  port: number
  dev?: boolean
  /** The largest file an upload may carry; larger request bodies are refused before Next reads them. */
  uploadMaxBytes: number
  /** Headers every response carries (the security headers), sent with the precompressed assets too. */
  staticHeaders?: ReadonlyArray<{ readonly key: string; readonly value: string }>
  /** The built documentation site to serve under `/docs/`, and what its page says until it is built. */
  docsSite?: { readonly dir: string; readonly stateFile: string; readonly repositoryUrl: string }
}): Promise<ProductionServer> {
  const server = createServer()
  const dev = options.dev ?? false
  const app = next({ dev, dir: options.dir, port: options.port, httpServer: server })
  await app.prepare()
  const handle = app.getRequestHandler()
  const compress = dev ? undefined : createCompression()
  const precompressed = dev
    ? undefined
    : createPrecompressedResponder(path.join(options.dir, '.next', 'static'), options.staticHeaders ?? [])
  const docs = options.docsSite && createDocsResponder({ ...options.docsSite, headers: options.staticHeaders ?? [] })
  server.on('request', (req, res) => {
    // Uploads served inert and private caching for signed-in callers, whatever Next sets.
    applyResponsePolicy(req, res)
    const refusal = refuseRequestBody(req, options.uploadMaxBytes)
    if (refusal) {
      // The body is not read: the connection closes after the answer.
      res.writeHead(refusal.status, {
        'Content-Type': 'application/json',
        'Cache-Control': 'no-store',
        Connection: 'close',
      })
      res.end(JSON.stringify(cmsErrorBody(refusal.message, refusal.code)))
      return
    }
    stampSocketAddress(req)
    const answered = precompressed ? precompressed(req, res) : Promise.resolve(false)
    answered
      .then(async (done) => {
        if (done) return
        compress?.(req, res)
        if (docs && (await docs(req, res))) return
        return handle(req, res)
      })
      .catch((error: unknown) => {
        console.error(`[chronotope] Failed to handle ${req.method} ${req.url}:`, error)
        if (!res.headersSent) res.statusCode = 500
        res.end()
      })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address()
  return {
    server,
    port: typeof address === 'object' && address ? address.port : options.port,
    close: async () => {
      server.close()
      server.closeIdleConnections()
      await app.close()
    },
  }
}
