import { createHash } from 'node:crypto'
import type { LookupAddress } from 'node:dns'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { parseAllowedHosts, type AddressResolver } from '@chronotope/geocoding'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { createSourceFetch, downloadSource, SourceDownloadFailed, type SourceDownloadRequest } from './download-source'

type Handler = (request: IncomingMessage, response: ServerResponse) => void

const CSV = 'id,title,date,latitude,longitude\n1,Flood,2026-11-01,52.52,13.40\n2,Storm,2026-11-02,48.14,11.58\n'
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

const LOCAL_NAMES = ['data.example', 'docs.google.com', 'doc-08-sheets.googleusercontent.com']

/** Answers a few names with the loopback address the test server listens on. */
const resolveDataExample: AddressResolver = (hostname, _options, callback) => {
  if (!LOCAL_NAMES.includes(hostname)) {
    return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), [])
  }
  const addresses: LookupAddress[] = [{ address: '127.0.0.1', family: 4 }]
  callback(null, addresses)
}

describe('downloadSource', () => {
  let server: Server
  let port: number
  let handler: Handler
  let seen: IncomingMessage[]
  let folder: string
  let target: string
  // Only the name is allowed: its address (127.0.0.1) is not, so a redirect to the address is refused.
  const fetch = createSourceFetch(parseAllowedHosts(['data.example'], 'CHRONOTOPE_GEOCODING_ALLOWED_HOSTS'), {
    resolve: resolveDataExample,
  })
  const base = () => `http://data.example:${port}`

  const download = (pathname: string, overrides: Partial<SourceDownloadRequest> = {}) =>
    downloadSource({
      url: `${base()}${pathname}`,
      targetPath: target,
      maxBytes: 64 * 1024,
      timeoutMs: 5_000,
      stallTimeoutMs: 1_000,
      fetch,
      ...overrides,
    })

  const failure = async (promise: Promise<unknown>): Promise<SourceDownloadFailed> => {
    const error = await promise.then(
      () => undefined,
      (reason: unknown) => reason,
    )
    expect(error).toBeInstanceOf(SourceDownloadFailed)
    return error as SourceDownloadFailed
  }

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'source-download-'))
    server = createServer((request, response) => {
      seen.push(request)
      handler(request, response)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
    await rm(folder, { recursive: true, force: true })
  })
  beforeEach(() => {
    seen = []
    target = path.join(folder, `download-${Math.random().toString(36).slice(2)}.csv`)
  })

  it('downloads a CSV, then answers not-modified to a 304 for its ETag, writing nothing', async () => {
    handler = (request, response) => {
      if (request.headers['if-none-match'] === '"v1"') return response.writeHead(304, { ETag: '"v1"' }).end()
      response.writeHead(200, { 'Content-Type': 'text/csv; charset=utf-8', ETag: '"v1"' }).end(CSV)
    }
    const first = await download('/events.csv?token=s3cret')
    expect(first).toEqual({
      kind: 'downloaded',
      hash: sha256(CSV),
      bytes: Buffer.byteLength(CSV),
      etag: '"v1"',
      lastModified: null,
      contentType: 'text/csv; charset=utf-8',
      finalUrl: `${base()}/events.csv?token=s3cret`,
    })
    expect(await readFile(target, 'utf8')).toBe(CSV)
    await rm(target)
    expect(await download('/events.csv', { etag: '"v1"' })).toEqual({
      kind: 'not-modified',
      etag: '"v1"',
      lastModified: null,
    })
    expect(seen[1]?.headers['if-none-match']).toBe('"v1"')
    expect(existsSync(target)).toBe(false)
  })

  it('sends If-Modified-Since and keeps the validators when the 304 repeats none', async () => {
    const lastModified = 'Fri, 27 Nov 2026 06:00:00 GMT'
    handler = (request, response) => {
      if (request.headers['if-modified-since'] === lastModified) return response.writeHead(304).end()
      response.writeHead(200, { 'Content-Type': 'text/csv', 'Last-Modified': lastModified }).end(CSV)
    }
    expect((await download('/events.csv')).lastModified).toBe(lastModified)
    expect(await download('/events.csv', { lastModified, etag: '"old"' })).toEqual({
      kind: 'not-modified',
      etag: '"old"',
      lastModified,
    })
    expect(seen[1]?.headers['if-none-match']).toBe('"old"')
  })

  it('answers unchanged for the body it imported last time, and removes the file', async () => {
    handler = (_request, response) => response.writeHead(200, { 'Content-Type': 'text/csv' }).end(CSV)
    // The validators sent are not the body's: this server has none.
    expect(await download('/events.csv', { previousHash: sha256(CSV), etag: '"v0"' })).toEqual({
      kind: 'unchanged',
      hash: sha256(CSV),
      bytes: Buffer.byteLength(CSV),
      etag: null,
      lastModified: null,
    })
    expect(existsSync(target)).toBe(false)
    expect((await download('/events.csv', { previousHash: sha256('id\n') })).kind).toBe('downloaded')
  })

  it('follows up to 3 redirects on the allowed host, and refuses the 4th', async () => {
    handler = (request, response) => {
      const hop = /^\/hop\/(\d)(?:\?|$)/.exec(request.url ?? '')
      if (hop !== null && Number(hop[1]) > 0)
        return response.writeHead(302, { Location: `/hop/${Number(hop[1]) - 1}` }).end()
      response.writeHead(200, { 'Content-Type': 'text/csv' }).end(CSV)
    }
    const followed = await download('/hop/3')
    expect(followed.kind === 'downloaded' && followed.finalUrl).toBe(`${base()}/hop/0`)
    const refused = await failure(download('/hop/4?token=s3cret'))
    expect(refused.code).toBe('refused')
    expect(refused.message).toContain('it redirected more than 3 times')
    expect(refused.message).not.toContain('s3cret')
    expect(existsSync(target)).toBe(false)
  })

  it('refuses a redirect to a private address, sending nothing there', async () => {
    handler = (request, response) => {
      if (request.url === '/moved')
        return response.writeHead(301, { Location: `http://127.0.0.1:${port}/admin?key=s3cret` }).end()
      response.writeHead(200).end('internal')
    }
    const refused = await failure(download('/moved'))
    expect(refused.code).toBe('refused')
    expect(refused.message).toBe(
      `Refusing to send a request to http://127.0.0.1:${port}/admin: 127.0.0.1 is a loopback address. ` +
        'Use a public http or https address, or, for a server on your own network, add its host to ' +
        'CHRONOTOPE_GEOCODING_ALLOWED_HOSTS',
    )
    expect(seen.map((request) => request.url)).toEqual(['/moved'])
  })

  it("follows a published Google Sheet's CSV link to googleusercontent.com, as given", async () => {
    const sheet = '2PACX-1vQx_Ab-12'
    handler = (request, response) => {
      const host = request.headers.host?.split(':')[0]
      if (host === 'docs.google.com') {
        const location = `http://doc-08-sheets.googleusercontent.com:${port}/pub/${sheet}?output=csv`
        return response.writeHead(307, { Location: location }).end()
      }
      response.writeHead(200, { 'Content-Type': 'text/csv' }).end(CSV)
    }
    const sheetFetch = createSourceFetch(
      parseAllowedHosts(['docs.google.com', 'doc-08-sheets.googleusercontent.com']),
      { resolve: resolveDataExample },
    )
    const result = await download('', {
      url: `http://docs.google.com:${port}/spreadsheets/d/e/${sheet}/pub?output=csv`,
      fetch: sheetFetch,
    })
    expect(result).toMatchObject({
      kind: 'downloaded',
      hash: sha256(CSV),
      finalUrl: `http://doc-08-sheets.googleusercontent.com:${port}/pub/${sheet}?output=csv`,
    })
    expect(seen.map((request) => request.headers.host)).toEqual([
      `docs.google.com:${port}`,
      `doc-08-sheets.googleusercontent.com:${port}`,
    ])
  })

  it('refuses the loopback address itself, before sending anything', async () => {
    const refused = await failure(download('', { url: `http://127.0.0.1:${port}/events.csv` }))
    expect(refused.code).toBe('refused')
    expect(seen).toHaveLength(0)
  })

  it('names the status of an error answer', async () => {
    handler = (_request, response) => response.writeHead(500, 'Internal Server Error').end('boom')
    const failed = await failure(download('/events.csv?token=s3cret'))
    expect([failed.code, failed.status, failed.message]).toEqual([
      'http-error',
      500,
      `The address answered HTTP 500 Internal Server Error (${base()}/events.csv).`,
    ])
    handler = (_request, response) => response.writeHead(404).end()
    expect((await failure(download('/gone.csv'))).status).toBe(404)
  })

  it('refuses an announced size above the limit before reading, and cuts a growing body at the limit', async () => {
    handler = (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/csv', 'Content-Length': String(10 * 1024 * 1024) })
      response.write('id\n')
      // Never finishes: the refusal must not wait for the body.
    }
    const announced = await failure(download('/huge.csv'))
    expect(announced.code).toBe('too-large')
    expect(announced.message).toBe(
      `The address announced 10,485,760 bytes, more than the limit of 65,536 bytes; nothing was downloaded (${base()}/huge.csv).`,
    )
    handler = (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/csv' })
      const row = `${'x'.repeat(1023)}\n`
      let sent = 0
      const more = () => {
        while (sent < 10 * 1024 && response.write(row)) sent++
        if (sent < 10 * 1024) response.once('drain', more)
        else response.end()
      }
      more()
    }
    const grown = await failure(download('/chunked.csv'))
    expect(grown.code).toBe('too-large')
    expect(grown.message).toContain('grew past the limit of 65,536 bytes')
    expect(grown.bytesRead).toBeLessThanOrEqual(64 * 1024)
    expect(existsSync(target)).toBe(false)
  })

  it('cuts off a server that trickles bytes, saying which limit and after how many bytes', async () => {
    handler = (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/csv' })
      response.write('id,title\n')
      const timer = setInterval(() => response.write('1'), 100)
      response.on('close', () => clearInterval(timer))
    }
    const slow = await failure(download('/trickle.csv', { timeoutMs: 700, stallTimeoutMs: 500 }))
    expect(slow.code).toBe('timeout')
    expect(slow.message).toMatch(
      new RegExp(
        `^The download took longer than the limit of 0\\.7 s and was cut off after \\d+ bytes \\(${base()}/trickle\\.csv\\)\\.$`,
      ),
    )
    expect(slow.bytesRead).toBeGreaterThan(9)
    expect(existsSync(target)).toBe(false)

    handler = (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/csv' })
      response.write('id,title\n1,')
      // …and then nothing.
    }
    const stalled = await failure(download('/stall.csv', { timeoutMs: 5_000, stallTimeoutMs: 300 }))
    expect(stalled.code).toBe('stalled')
    expect(stalled.message).toBe(
      `The server sent nothing for 0.3 s and was cut off after 11 bytes (${base()}/stall.csv).`,
    )

    handler = () => {
      // Accepts the connection and never answers.
    }
    const silent = await failure(download('/silent.csv', { timeoutMs: 5_000, stallTimeoutMs: 300 }))
    expect(silent.code).toBe('stalled')
    expect(silent.message).toContain('before any data arrived')
  })

  it('fails on an HTML page served instead of data, naming its title', async () => {
    const page =
      '<!DOCTYPE html><html><head><title>Sign in &amp; continue – Example</title></head><body>…</body></html>'
    handler = (_request, response) => response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page)
    const byType = await failure(download('/events.csv?token=s3cret'))
    expect(byType.code).toBe('html-page')
    expect(byType.message).toBe(
      `The address answered with a web page, not data: "Sign in & continue – Example" (${base()}/events.csv). ` +
        'Use the address of the file itself, such as a CSV export or a raw file link.',
    )
    // Served as CSV, after a byte-order mark and blank lines: still a web page.
    handler = (_request, response) =>
      response.writeHead(200, { 'Content-Type': 'text/csv' }).end(`\uFEFF\n  \n<html><title>Error 503</title></html>`)
    const sniffed = await failure(download('/events.csv'))
    expect(sniffed.code).toBe('html-page')
    expect(sniffed.message).toContain('"Error 503"')
    expect(existsSync(target)).toBe(false)
  })

  it('fails on an empty body', async () => {
    handler = (_request, response) => response.writeHead(200, { 'Content-Type': 'text/csv' }).end()
    const empty = await failure(download('/empty.csv'))
    expect([empty.code, empty.message]).toEqual([
      'empty',
      `The address answered with an empty body (${base()}/empty.csv).`,
    ])
    handler = (_request, response) => response.writeHead(200, { 'Content-Type': 'text/csv' }).end('\uFEFF \r\n')
    expect((await failure(download('/blank.csv'))).code).toBe('empty')
    expect(existsSync(target)).toBe(false)
  })

  it('reports a host that does not resolve as a network failure, without the query', async () => {
    const failed = await failure(download('', { url: `http://nowhere.example:${port}/data.csv?token=s3cret` }))
    expect(failed.code).toBe('network')
    expect(failed.message).toBe(
      `Could not download http://nowhere.example:${port}/data.csv: getaddrinfo ENOTFOUND nowhere.example.`,
    )
    expect(failed.message).not.toContain('s3cret')
  })

  it('does not leave a previous file in place when a download fails', async () => {
    await writeFile(target, 'stale')
    handler = (_request, response) => response.writeHead(200, { 'Content-Type': 'text/csv' }).end('')
    await failure(download('/empty.csv'))
    expect(existsSync(target)).toBe(false)
  })
})
