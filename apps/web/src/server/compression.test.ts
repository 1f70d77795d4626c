import { createServer, request, type Server, type ServerResponse } from 'node:http'
import { createGunzip, gunzipSync } from 'node:zlib'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { gzipLevelFlag, requestRaw } from '../../test/helpers/raw-http'
import { createCompression } from './compression'

// The middleware on a bare Node server, with handlers that answer the way Next's do.
const ROW = 'Plain fair,A quiet day,2001-02-03T04:05:06.789Z,,day,2.35,48.85,Paris\n'
const CSV = ROW.repeat(2_000)
const JSON_BODY = JSON.stringify({ docs: Array.from({ length: 200 }, (_, id) => ({ id, title: `Event ${id}` })) })

let server: Server
let port: number
let releaseStream: (() => void) | undefined

function respond(path: string, res: ServerResponse): void {
  if (path.startsWith('/api/events/export.csv')) {
    res.setHeader('Content-Type', 'text/csv; charset=utf-8')
    // Streamed in chunks with a flush after each, as Next pipes a route's ReadableStream.
    for (let offset = 0; offset < CSV.length; offset += 16_384) {
      res.write(CSV.slice(offset, offset + 16_384))
      ;(res as ServerResponse & { flush(): void }).flush()
    }
    res.end()
  } else if (path === '/api/stream') {
    res.setHeader('Content-Type', 'text/plain')
    res.write('x'.repeat(2_000))
    ;(res as ServerResponse & { flush(): void }).flush()
    releaseStream = () => res.end('done')
  } else if (path === '/no-transform') {
    res.setHeader('Content-Type', 'application/json')
    res.setHeader('Cache-Control', 'no-transform')
    res.end(JSON_BODY)
  } else if (path === '/small') {
    res.setHeader('Content-Type', 'application/json')
    res.end('{"ok":true}')
  } else if (path === '/image') {
    res.setHeader('Content-Type', 'image/png')
    res.end(Buffer.alloc(4_000))
  } else {
    res.setHeader('Content-Type', 'application/json')
    res.setHeader('Content-Length', Buffer.byteLength(JSON_BODY))
    res.end(JSON_BODY)
  }
}

beforeAll(async () => {
  const compress = createCompression()
  server = createServer((req, res) => {
    compress(req, res)
    respond(req.url ?? '/', res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as { port: number }).port
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** A request whose body comes back as sent, not decoded (unlike fetch). */
const get = (path: string, headers: Record<string, string>, method = 'GET') =>
  requestRaw(`http://127.0.0.1:${port}${path}`, headers, method)

describe('createCompression', () => {
  it('gzips a streamed export at the fastest level, to the same bytes as uncompressed', async () => {
    const gzip = await get('/api/events/export.csv?datasets=1', { 'Accept-Encoding': 'gzip, deflate, br' })
    const identity = await get('/api/events/export.csv?datasets=1', { 'Accept-Encoding': 'identity' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gzip.headers.vary).toBe('Accept-Encoding')
    expect(gzipLevelFlag(gzip.body)).toBe(4)
    expect(gzip.body.length).toBeLessThan(CSV.length / 10)
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect(identity.body.toString()).toBe(CSV)
    expect(gunzipSync(gzip.body).equals(identity.body)).toBe(true)
  })

  it('gzips other responses at the default level and drops their Content-Length', async () => {
    const response = await get('/api/events', { 'Accept-Encoding': 'gzip' })
    expect(response.headers['content-encoding']).toBe('gzip')
    expect(response.headers['content-length']).toBeUndefined()
    expect(gzipLevelFlag(response.body)).toBe(0)
    expect(gunzipSync(response.body).toString()).toBe(JSON_BODY)
  })

  it('honours the q-values of Accept-Encoding', async () => {
    for (const acceptEncoding of ['identity', 'gzip;q=0', 'gzip;q=0, deflate;q=0', 'br']) {
      const response = await get('/api/events', { 'Accept-Encoding': acceptEncoding })
      expect(response.headers['content-encoding'], acceptEncoding).toBeUndefined()
      expect(response.body.toString(), acceptEncoding).toBe(JSON_BODY)
    }
    const preferred = await get('/api/events', { 'Accept-Encoding': 'deflate;q=0.5, gzip;q=0.9' })
    expect(preferred.headers['content-encoding']).toBe('gzip')
    expect((await get('/api/events', {})).headers['content-encoding']).toBeUndefined()
  })

  it('leaves no-transform, small, incompressible and HEAD responses alone', async () => {
    for (const path of ['/no-transform', '/small', '/image']) {
      const response = await get(path, { 'Accept-Encoding': 'gzip' })
      expect(response.headers['content-encoding'], path).toBeUndefined()
    }
    const head = await get('/api/events', { 'Accept-Encoding': 'gzip' }, 'HEAD')
    expect(head.headers['content-encoding']).toBeUndefined()
  })

  it('sends what a streamed response flushed before the response ends', async () => {
    // Decodes the response as it arrives; the handler ends it only once the flushed part is decoded.
    const text = await new Promise<string>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/api/stream', headers: { 'Accept-Encoding': 'gzip' } },
        (res) => {
          expect(res.headers['content-encoding']).toBe('gzip')
          let decoded = ''
          const gunzip = createGunzip()
          gunzip.on('data', (chunk: Buffer) => {
            decoded += chunk.toString()
            if (decoded.length === 2_000) releaseStream?.()
          })
          gunzip.on('end', () => resolve(decoded))
          gunzip.on('error', reject)
          res.pipe(gunzip)
        },
      )
      req.on('error', reject)
      req.end()
    })
    expect(text).toBe(`${'x'.repeat(2_000)}done`)
  }, 10_000)
})
