/**
 * A local HTTP server standing in for the places scheduled imports download from: a CSV that
 * changes between runs (with an ETag and 304 answers), an HTML error page, a body over the size
 * limit, a server that trickles bytes, a failing one and redirects, one of them to a private
 * address the outbound policy refuses.
 * @module
 */
import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** The local source server and the knobs a test turns. */
export interface SourceServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string
  /** The CSV `/data.csv` serves now. */
  csv: string
  /** Whether `/data.csv` sends an ETag (and answers `If-None-Match` with 304). */
  sendEtag: boolean
  /** Requests `/data.csv` received, with their conditional headers. */
  readonly requests: Array<{ path: string; ifNoneMatch?: string; ifModifiedSince?: string }>
  close(): Promise<void>
}

function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`
}

/** Starts the server on a free port of 127.0.0.1. */
export async function startSourceServer(initialCsv: string): Promise<SourceServer> {
  const server: Server = createServer((request, response) => handle(request, response))
  const state: SourceServer = {
    origin: '',
    csv: initialCsv,
    sendEtag: true,
    requests: [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    state.requests.push({
      path,
      ...(request.headers['if-none-match'] ? { ifNoneMatch: String(request.headers['if-none-match']) } : {}),
      ...(request.headers['if-modified-since']
        ? { ifModifiedSince: String(request.headers['if-modified-since']) }
        : {}),
    })
    if (path === '/data.csv') {
      const etag = etagOf(state.csv)
      if (state.sendEtag && request.headers['if-none-match'] === etag) {
        response.writeHead(304, { etag }).end()
        return
      }
      response.writeHead(200, { 'content-type': 'text/csv', ...(state.sendEtag ? { etag } : {}) }).end(state.csv)
      return
    }
    if (path === '/moved.csv') {
      response.writeHead(302, { location: '/data.csv' }).end()
      return
    }
    if (path === '/to-private.csv') {
      const port = (server.address() as AddressInfo).port
      response.writeHead(302, { location: `http://127.0.0.2:${port}/data.csv` }).end()
      return
    }
    if (path === '/error-page.csv') {
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end('<!doctype html><html><head><title>Sign in to continue</title></head><body>Login</body></html>')
      return
    }
    if (path === '/huge.csv') {
      response.writeHead(200, { 'content-type': 'text/csv' })
      const row = 'x,2024-01-01,Lyon\n'
      response.write('id,date,city\n')
      const chunk = row.repeat(4096)
      let sent = 0
      const push = () => {
        while (sent < 3 * 1024 * 1024) {
          sent += chunk.length
          if (!response.write(chunk)) return void response.once('drain', push)
        }
        response.end()
      }
      push()
      return
    }
    if (path === '/trickle.csv') {
      response.writeHead(200, { 'content-type': 'text/csv' })
      response.write('id,date,city\n')
      const timer = setInterval(() => response.write('1'), 400)
      response.on('close', () => clearInterval(timer))
      return
    }
    if (path === '/fails.csv') {
      response.writeHead(503, { 'content-type': 'text/plain' }).end('Service unavailable')
      return
    }
    response.writeHead(404).end()
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  ;(state as { origin: string }).origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return state
}
