import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { precompressStaticAssets } from './precompress-static-assets'
import { createPrecompressedResponder } from './precompressed-static'

const SCRIPT = `export const marks = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, title: `event ${i}` })))}\n`

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

function get(port: number, target: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: target, method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('precompressed static assets', () => {
  let dir: string
  let server: Server
  let port: number
  let built: Awaited<ReturnType<typeof precompressStaticAssets>>

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'chronotope-static-'))
    await mkdir(path.join(dir, 'chunks'))
    await writeFile(path.join(dir, 'chunks', 'app.js'), SCRIPT)
    await writeFile(path.join(dir, 'chunks', 'tiny.js'), 'export {}\n')
    await writeFile(path.join(dir, 'chunks', 'font.woff2'), Buffer.alloc(4096, 7))
    built = await precompressStaticAssets(dir)
    const respond = createPrecompressedResponder(dir, [{ key: 'X-Content-Type-Options', value: 'nosniff' }])
    server = createServer((req, res) => {
      void respond(req, res).then((done) => {
        if (done) return
        // Stands in for Next: whatever the responder leaves, the app answers as before.
        res.writeHead(299, { 'Content-Type': 'text/plain' })
        res.end('next')
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    await rm(dir, { recursive: true, force: true })
  })

  it('writes a gzip copy of each compressible asset at build time, smaller and byte-exact', async () => {
    expect(built.files).toBe(1)
    const gz = await readFile(path.join(dir, 'chunks', 'app.js.gz'))
    expect(gunzipSync(gz).toString()).toBe(SCRIPT)
    expect(gz.length).toBeLessThan(SCRIPT.length / 4)
    await expect(stat(path.join(dir, 'chunks', 'tiny.js.gz'))).rejects.toThrow()
    await expect(stat(path.join(dir, 'chunks', 'font.woff2.gz'))).rejects.toThrow()
    // A second run (a server restarted on the same build) finds nothing left to do.
    expect((await precompressStaticAssets(dir)).files).toBe(0)
  })

  it('answers a browser that accepts gzip from the copy, with the headers of every response', async () => {
    const answer = await get(port, '/_next/static/chunks/app.js', { 'Accept-Encoding': 'gzip, deflate, br' })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBe('gzip')
    expect(answer.headers['content-type']).toBe('application/javascript; charset=UTF-8')
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(answer.headers['vary']).toBe('Accept-Encoding')
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length)
    expect(gunzipSync(answer.body).toString()).toBe(SCRIPT)
  })

  it('answers HEAD with the headers alone', async () => {
    const answer = await get(port, '/_next/static/chunks/app.js', { 'Accept-Encoding': 'gzip' }, 'HEAD')
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBe('gzip')
    expect(answer.body.length).toBe(0)
  })

  it.each([
    ['a client that does not accept gzip', '/_next/static/chunks/app.js', { 'Accept-Encoding': 'br' }],
    ['an asset without a copy', '/_next/static/chunks/tiny.js', { 'Accept-Encoding': 'gzip' }],
    ['a missing asset', '/_next/static/chunks/gone.js', { 'Accept-Encoding': 'gzip' }],
    ['a path out of the folder', '/_next/static/../chunks/app.js', { 'Accept-Encoding': 'gzip' }],
    ['a page', '/explore', { 'Accept-Encoding': 'gzip' }],
  ])('leaves %s to Next', async (_, target, headers) => {
    const answer = await get(port, target, headers)
    expect(answer.status).toBe(299)
    expect(answer.body.toString()).toBe('next')
  })
})
