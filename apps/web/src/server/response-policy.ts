/**
 * The last word on two kinds of response headers, given just before a response's head goes out,
 * whatever Next, Payload or a route handler set (Next lets its `headers()` config win over a
 * route's own headers, so a route could not relax the app-wide policy itself):
 *
 * - uploaded files (`/api/media/file/…`, `/api/import-files/file/…`) are served inert
 *   (../lib/security/inert-uploads);
 * - answers that depend on who asks get `Vary: Authorization, Cookie` and, for a caller with
 *   credentials, a private Cache-Control (../lib/security/caller-caching).
 *
 * The production server and the development server both install it on every request; so does the
 * tests' HTTP server of the API routes.
 * @module
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'

import { callerCacheControl, carriesCredentials, dependsOnCaller, varyOnCaller } from '../lib/security/caller-caching'
import { inertUploadHeaders, uploadFileRequest, UPLOAD_COLLECTIONS } from '../lib/security/inert-uploads'

function headerText(value: number | string | readonly string[] | undefined): string | undefined {
  if (value === undefined) return undefined
  return Array.isArray(value) ? value.join(', ') : String(value)
}

/** Moves headers given to `writeHead` onto the response, so that they are amended like the rest. */
function adoptHeaders(res: ServerResponse, headers: unknown): void {
  if (!headers || typeof headers !== 'object') return
  if (Array.isArray(headers)) {
    // [name, value, name, value, …] or [[name, value], …], as Node accepts.
    const flat: unknown[] = Array.isArray(headers[0]) ? (headers as unknown[][]).flat() : headers
    for (let i = 0; i + 1 < flat.length; i += 2) res.setHeader(String(flat[i]), flat[i + 1] as string | string[])
    return
  }
  for (const [name, value] of Object.entries(headers as OutgoingHttpHeaders))
    if (value !== undefined) res.setHeader(name, value)
}

/** Sets the policy's headers on a response whose head is about to be written. */
function amend(req: IncomingMessage, res: ServerResponse): void {
  let pathname: string
  try {
    pathname = new URL(req.url ?? '/', 'http://localhost').pathname
  } catch {
    return
  }
  const upload = uploadFileRequest(pathname, UPLOAD_COLLECTIONS)
  if (upload) {
    const contentType = headerText(res.getHeader('content-type'))
    for (const [name, value] of Object.entries(inertUploadHeaders(upload.filename, contentType, res.statusCode)))
      res.setHeader(name, value)
  }
  if (!dependsOnCaller(pathname)) return
  res.setHeader('Vary', varyOnCaller(headerText(res.getHeader('vary'))))
  const cacheControl = callerCacheControl({
    credentials: carriesCredentials({ authorization: req.headers.authorization, cookie: req.headers.cookie }),
    cacheControl: headerText(res.getHeader('cache-control')),
    setsCookie: res.hasHeader('set-cookie'),
  })
  if (cacheControl) res.setHeader('Cache-Control', cacheControl)
}

/**
 * Makes `res` amend its headers as the policy says when its head is written (explicitly or by the
 * first write). Call once per request, before handing the response on.
 * @example server.on('request', (req, res) => { applyResponsePolicy(req, res); handle(req, res) })
 */
export function applyResponsePolicy(req: IncomingMessage, res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse
  let amended = false
  res.writeHead = function writeHeadWithPolicy(this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    if (!amended && !res.headersSent) {
      amended = true
      const message = typeof rest[0] === 'string' ? rest[0] : undefined
      const headers = typeof rest[0] === 'string' ? rest[1] : rest[0]
      res.statusCode = statusCode
      adoptHeaders(res, headers)
      amend(req, res)
      return message === undefined ? writeHead(statusCode) : writeHead(statusCode, message)
    }
    return writeHead(statusCode, ...rest)
  }
}
