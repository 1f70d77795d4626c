import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, get, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { createDocsResponder } from './docs-site'

let root: string
let site: string
let stateFile: string
let server: Server
let origin: string

beforeEach(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'chronotope-docs-site-'))
  site = path.join(root, 'build')
  stateFile = path.join(root, 'docs-build.json')
  const docs = createDocsResponder({
    dir: site,
    stateFile,
    repositoryUrl: 'https://git.example.org/newsroom/chronotope',
    headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }],
  })
  server = createServer((req, res) => {
    void docs(req, res).then((answered) => {
      if (!answered) res.writeHead(418).end('the app')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterEach(async () => {
  await new Promise((resolve) => server.close(resolve))
  rmSync(root, { recursive: true, force: true })
})

// A request with its target as written: fetch would resolve `..` in it first.
function rawStatus(target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(origin)
    get({ hostname, port, path: target }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    }).on('error', reject)
  })
}

function buildSite() {
  mkdirSync(path.join(site, 'users', 'guides'), { recursive: true })
  mkdirSync(path.join(site, 'assets', 'js'), { recursive: true })
  writeFileSync(path.join(site, 'index.html'), '<h1>Home</h1>')
  writeFileSync(path.join(site, 'users', 'guides.html'), '<h1>Guides</h1>')
  writeFileSync(path.join(site, 'users', 'guides', 'importing-data.html'), '<h1>Importing</h1>')
  writeFileSync(path.join(site, 'assets', 'js', 'main.3f2a.js'), 'console.log(1)')
  writeFileSync(path.join(site, '404.html'), '<h1>Page not found</h1>')
}

describe('the documentation site under /docs/', () => {
  it('serves the built pages as docusaurus serve does, and leaves every other path to the app', async () => {
    buildSite()
    const home = await fetch(`${origin}/docs/`)
    expect([home.status, home.headers.get('content-type'), await home.text()]).toEqual([
      200,
      'text/html; charset=utf-8',
      '<h1>Home</h1>',
    ])
    expect(home.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await (await fetch(`${origin}/docs/users/guides`)).text()).toBe('<h1>Guides</h1>')
    expect(await (await fetch(`${origin}/docs/users/guides/importing-data`)).text()).toBe('<h1>Importing</h1>')
    const script = await fetch(`${origin}/docs/assets/js/main.3f2a.js`)
    expect(script.headers.get('cache-control')).toContain('immutable')
    const missing = await fetch(`${origin}/docs/no/such/page`)
    expect([missing.status, await missing.text()]).toEqual([404, '<h1>Page not found</h1>'])
    const bare = await fetch(`${origin}/docs?q=x`, { redirect: 'manual' })
    expect([bare.status, bare.headers.get('location')]).toEqual([308, '/docs/?q=x'])
    // Out of the site: dot segments leave /docs/ (the app answers), encoded slashes are refused.
    expect(await rawStatus('/docs/%2e%2e/docs-build.json')).toBe(418)
    expect(await rawStatus('/docs/../docs-build.json')).toBe(418)
    expect(await rawStatus('/docs/users%2f..%2f..%2fdocs-build.json')).toBe(404)
    expect((await fetch(`${origin}/explore`)).status).toBe(418)
    expect((await fetch(`${origin}/docs/`, { method: 'POST' })).status).toBe(405)
  })

  it('says, until the site is built, that it is being built (and reloads), failed, or was never built', async () => {
    const never = await fetch(`${origin}/docs/users/guides`)
    const neverText = await never.text()
    expect(never.status).toBe(503)
    expect(neverText).toContain('npm run docs:build')
    expect(neverText).toContain('https://git.example.org/newsroom/chronotope/tree/main/apps/docs/docs')
    expect(neverText).not.toContain('http-equiv="refresh"')

    writeFileSync(stateFile, JSON.stringify({ state: 'building', startedAt: '2026-11-27T10:00:00.000Z' }))
    const building = await fetch(`${origin}/docs/`)
    expect(building.headers.get('retry-after')).toBe('15')
    expect(await building.text()).toMatch(
      /being built[\s\S]*http-equiv="refresh"|http-equiv="refresh"[\s\S]*being built/,
    )

    writeFileSync(
      stateFile,
      JSON.stringify({ state: 'failed', startedAt: '2026-11-27T10:00:00.000Z', detail: 'Error: <broken> link' }),
    )
    const failed = await (await fetch(`${origin}/docs/`)).text()
    expect(failed).toContain('failed')
    expect(failed).toContain('Error: &lt;broken&gt; link')

    buildSite()
    expect((await fetch(`${origin}/docs/`)).status).toBe(200)
  })
})
