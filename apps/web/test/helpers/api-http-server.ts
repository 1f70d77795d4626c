/**
 * Serves the app's `/api` routes over HTTP (the REST and GraphQL handlers Next serves there, with
 * the socket address stamped and the response policy applied as the production server does), so
 * that tools such as `curl` can call them as they call `npm start`. It keeps a log of the requests
 * it answered.
 * Import it only after the environment names the database it should use: the Payload config
 * reads the settings when it is loaded.
 * @module
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'

import config from '@payload-config'
import {
  GRAPHQL_POST,
  REST_DELETE,
  REST_GET,
  REST_OPTIONS,
  REST_PATCH,
  REST_POST,
  REST_PUT,
} from '@payloadcms/next/routes'

import { refuseBadApiKeys } from '../../src/lib/api-keys/refuse-bad-keys'
import { applyResponsePolicy } from '../../src/server/response-policy'
import { stampSocketAddress } from '../../src/server/socket-address'

type RouteHandler = (request: Request, context: { params: Promise<{ slug: string[] }> }) => Promise<Response>

// As the app's routes serve them: a wrong API key is a 401 before Payload sees the request.
const rest: Record<string, RouteHandler> = {
  GET: refuseBadApiKeys(config, REST_GET(config)),
  HEAD: refuseBadApiKeys(config, REST_GET(config)),
  POST: refuseBadApiKeys(config, REST_POST(config)),
  PUT: refuseBadApiKeys(config, REST_PUT(config)),
  PATCH: refuseBadApiKeys(config, REST_PATCH(config)),
  DELETE: refuseBadApiKeys(config, REST_DELETE(config)),
  OPTIONS: REST_OPTIONS(config),
}
const graphql = refuseBadApiKeys(config, GRAPHQL_POST(config))

/** A request the server answered. */
export interface AnsweredRequest {
  readonly method: string
  readonly url: string
  readonly status: number
}

/** A running {@link startApiHttpServer}. */
export interface ApiHttpServer {
  readonly origin: string
  /** Every request answered so far, in order. */
  readonly answered: readonly AnsweredRequest[]
  close(): Promise<void>
}

function toRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}),
  })
}

/**
 * Listens on `port` (0 for any free one) of 127.0.0.1 and answers `/api/…` as the app does;
 * anything else is a 404.
 */
export async function startApiHttpServer(port = 0): Promise<ApiHttpServer> {
  const answered: AnsweredRequest[] = []
  let origin = ''
  const server: Server = createServer((req, res) => {
    applyResponsePolicy(req, res)
    stampSocketAddress(req)
    const url = new URL(req.url ?? '/', origin)
    // Next hands the catch-all route its segments decoded (`map%20key.svg` → `map key.svg`).
    const slug = url.pathname
      .replace(/^\/api\/?/, '')
      .split('/')
      .filter(Boolean)
      .map((segment) => {
        try {
          return decodeURIComponent(segment)
        } catch {
          return segment
        }
      })
    const handler =
      !url.pathname.startsWith('/api/') && url.pathname !== '/api'
        ? undefined
        : url.pathname === '/api/graphql' && req.method === 'POST'
          ? graphql
          : rest[req.method ?? 'GET']
    const answer = handler
      ? handler(toRequest(req, origin), { params: Promise.resolve({ slug }) })
      : Promise.resolve(new Response('Not found', { status: 404 }))
    answer
      .then(async (response) => {
        answered.push({ method: req.method ?? 'GET', url: req.url ?? '/', status: response.status })
        const headers: Record<string, string | string[]> = {}
        response.headers.forEach((value, name) => {
          if (name !== 'set-cookie') headers[name] = value
        })
        const cookies = response.headers.getSetCookie()
        if (cookies.length > 0) headers['set-cookie'] = cookies
        res.writeHead(response.status, headers)
        res.end(req.method === 'HEAD' ? undefined : Buffer.from(await response.arrayBuffer()))
      })
      .catch((error: unknown) => {
        answered.push({ method: req.method ?? 'GET', url: req.url ?? '/', status: 500 })
        if (!res.headersSent) res.writeHead(500)
        res.end(String(error))
      })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  origin = `http://localhost:${(server.address() as AddressInfo).port}`
  return {
    origin,
    answered,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
