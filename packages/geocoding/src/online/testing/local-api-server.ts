import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { parseAllowedHosts } from '../outbound-policy'

/** The allow-list that lets providers reach {@link startLocalApiServer}'s servers (on 127.0.0.1). */
export const LOCAL_SERVER_ALLOW_LIST = parseAllowedHosts(['127.0.0.1'])

/** One request the local server received. */
export interface ReceivedRequest {
  /** Path and query, parsed against the server's base URL. */
  url: URL
  /** Request headers, lower-case names. */
  headers: Record<string, string | string[] | undefined>
  /** `performance.now()` when the request arrived, ms. */
  arrivedAtMs: number
}

/** What the local server answers: a status, headers and a raw body, or `'hang'` to never answer. */
export type LocalAnswer = { status: number; headers?: Record<string, string>; body: string } | 'hang'

/** A local HTTP server standing in for an online geocoding API in tests. */
export interface LocalApiServer {
  /** `http://127.0.0.1:<port>`. */
  baseUrl: string
  /** Every request received, in arrival order. */
  requests: ReceivedRequest[]
  /** Replaces how the server answers; `answer` gets the request's index among all received. */
  answerWith(answer: (request: ReceivedRequest, index: number) => LocalAnswer): void
  /** Stops the server, dropping hanging requests. */
  close(): Promise<void>
}

/**
 * Starts a `node:http` server on a free local port that answers with whatever `answerWith` says and
 * records arrival times; for tests of online providers without network.
 * @example const server = await startLocalApiServer(); server.answerWith(() => ({ status: 200, body: '[]' }))
 */
export async function startLocalApiServer(): Promise<LocalApiServer> {
  let answer: (request: ReceivedRequest, index: number) => LocalAnswer = () => ({ status: 500, body: '{}' })
  const requests: ReceivedRequest[] = []
  const server: Server = createServer((req, res) => {
    const request: ReceivedRequest = {
      url: new URL(req.url ?? '/', 'http://127.0.0.1'),
      headers: req.headers,
      arrivedAtMs: performance.now(),
    }
    requests.push(request)
    const reply = answer(request, requests.length - 1)
    if (reply === 'hang') return
    res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers })
    res.end(reply.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    answerWith(next) {
      answer = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
