import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterEach, describe, expect, it } from 'vitest'

import { applyResponsePolicy } from './response-policy'

let server: Server | undefined

afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

/** Serves `handler` behind the policy, as the production server does, and asks `path` of it. */
async function ask(handler: RequestListener, path: string, headers: Record<string, string> = {}) {
  server = createServer((req, res) => {
    applyResponsePolicy(req, res)
    handler(req, res)
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers })
  await response.arrayBuffer()
  return response
}

/** Answers as Next does: its config's headers set first, then the route's, then the body streamed. */
const nextLike =
  (routeHeaders: Record<string, string>, status = 200): RequestListener =>
  (_req, res) => {
    res.setHeader('Content-Security-Policy', "default-src 'self'; script-src 'self' 'unsafe-inline'")
    res.setHeader('X-Content-Type-Options', 'nosniff')
    for (const [name, value] of Object.entries(routeHeaders)) res.setHeader(name, value)
    res.statusCode = status
    res.write('<svg xmlns="http://www.w3.org/2000/svg"/>')
    res.end()
  }

describe('applyResponsePolicy', () => {
  it('serves an uploaded SVG inert and as a download, whatever the app set', async () => {
    const response = await ask(nextLike({ 'Content-Type': 'image/svg+xml' }), '/api/media/file/x.svg')
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    )
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="x.svg"; filename*=UTF-8''x.svg`)
  })

  it('also when the head is written with headers of its own, and shows a PNG inline', async () => {
    const handler: RequestListener = (_req, res) => {
      res.setHeader('Content-Security-Policy', "default-src 'self'")
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Security-Policy': "script-src 'self'" })
      res.end()
    }
    const response = await ask(handler, '/api/media/file/photo.png')
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    )
    expect(response.headers.get('content-disposition')).toBeNull()
  })

  it('makes answers to a signed-in caller private and names the credentials in Vary', async () => {
    const signedIn = await ask(
      nextLike({ 'Content-Type': 'application/json', Vary: 'Accept-Encoding' }),
      '/api/users/me',
      {
        cookie: 'payload-token=abc',
      },
    )
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store')
    expect(signedIn.headers.get('vary')).toBe('Accept-Encoding, Authorization, Cookie')
    expect(signedIn.headers.get('content-security-policy')).toContain("default-src 'self'")
  })

  it('leaves anonymous answers cacheable, and static assets as they are', async () => {
    const anonymous = await ask(nextLike({ 'Cache-Control': 'public, max-age=60' }), '/api/events/list')
    expect(anonymous.headers.get('cache-control')).toBe('public, max-age=60')
    expect(anonymous.headers.get('vary')).toBe('Authorization, Cookie')
    server!.close()
    const asset = await ask(
      nextLike({ 'Cache-Control': 'public, max-age=31536000, immutable' }),
      '/_next/static/a.js',
      {
        authorization: 'JWT abc',
      },
    )
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(asset.headers.get('vary')).toBeNull()
  })
})
