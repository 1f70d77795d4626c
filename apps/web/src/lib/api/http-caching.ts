/**
 * HTTP caching for read endpoints: an ETag from the body, `304 Not Modified` when the client has
 * it, and a Cache-Control that lets shared caches keep only what anyone may see.
 * @module
 */
import { createHash } from 'node:crypto'

import type { PayloadRequest } from 'payload'

/**
 * Cache-Control for an answer: public data for anonymous callers may be cached for a minute by
 * anyone; answers for a signed-in caller may hold private events, so only their browser keeps
 * them, and it revalidates every time.
 */
export function cacheControlFor(req: PayloadRequest): string {
  return req.user ? 'private, no-cache' : 'public, max-age=60, stale-while-revalidate=300'
}

/** The headers every read answer carries, whatever its body. */
export function readHeaders(req: PayloadRequest): Record<string, string> {
  return { 'Cache-Control': cacheControlFor(req), Vary: 'Authorization, Cookie' }
}

/** Whether an If-None-Match header names this ETag (or `*`). */
export function matchesETag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false
  const bare = etag.replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim()
    return candidate === '*' || candidate.replace(/^W\//, '') === bare
  })
}

/** A JSON answer with an ETag and caching headers, or a 304 when the client's copy is current. */
export function cachedJson(req: PayloadRequest, body: unknown): Response {
  const text = JSON.stringify(body)
  const etag = `W/"${createHash('sha1').update(text).digest('base64url')}"`
  const headers = { ...readHeaders(req), ETag: etag }
  if (matchesETag(req.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers })
  return new Response(text, { status: 200, headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' } })
}
