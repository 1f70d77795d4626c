import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'

import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEMO_USERS } from '../../src/seed/demo-content'
import { startChronotope, type RunningChronotope } from '../helpers/chronotope-process'
import { launchOfflineBrowser, newOfflineContext, type OfflineBrowser } from '../helpers/offline-browser'
import { requestRaw } from '../helpers/raw-http'
import { runScript } from '../helpers/run-script'
import { createTestDatabase, externalServerUrl, type TestDatabase } from '../setup/test-database'

// The production server as people put it online (`npm run build`, then `npm run serve`, demo data
// seeded on the first start), tried as issue 17 tried it: its headers on every page, its admin
// and home page under the Content-Security-Policy in Chromium, and its answers under load.
let dataDir: string
let database: TestDatabase | undefined
let app: RunningChronotope
let browser: OfflineBrowser

const admin = DEMO_USERS.find((user) => user.role === 'admin')!

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'chronotope-e2e-hardened-'))
  if (externalServerUrl()) database = await createTestDatabase('chronotope_e2e_hardened')
  const env: NodeJS.ProcessEnv = { ...process.env, CHRONOTOPE_DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: '1' }
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'VITEST', 'NODE_ENV']) delete env[name]
  // Built once for every end-to-end file by setup/production-build.ts.
  app = await startChronotope({ dataDir, databaseUrl: database?.url, production: true })
  // The demo data (6,000 events and the demo accounts) in the database the app runs on.
  await runScript('seed', ['--environment', 'demo'], database ? { ...env, DATABASE_URL: database.url } : env)
  browser = await launchOfflineBrowser()
})

afterAll(async () => {
  await browser?.close()
  await app?.interrupt()
  await database?.drop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

/** Records Content-Security-Policy violations and console errors of a page from its first script on. */
async function watchedPage(
  context: BrowserContext = browser.context,
): Promise<{ page: Page; violations: () => Promise<string[]>; consoleErrors: string[] }> {
  const page = await context.newPage()
  const consoleErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { cspViolations: string[] }).cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    )
  })
  return {
    page,
    consoleErrors,
    violations: () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
  }
}

describe('every answer carries the security headers', () => {
  it.each([
    ['GET', '/'],
    ['GET', '/admin'],
    ['GET', '/admin/login'],
    ['GET', '/import'],
    ['GET', '/explore'],
    ['GET', '/pages/about'],
    ['GET', '/no-such-page'],
    ['GET', '/docs/'],
    ['GET', '/api/health'],
    ['GET', '/api/events?limit=1'],
    ['POST', '/api/graphql'],
  ])('%s %s', async (method, pathname) => {
    const response = await fetch(new URL(pathname, app.baseUrl), {
      method,
      redirect: 'manual',
      headers: { 'content-type': 'application/json' },
      body: method === 'POST' ? JSON.stringify({ query: '{ Events(limit: 1) { totalDocs } }' }) : undefined,
    })
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'")
    expect(response.headers.get('content-security-policy')).not.toContain('unsafe-eval')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  })
})

describe('in Chromium, under the Content-Security-Policy', () => {
  it('hydrates the home page with no violation', async () => {
    const { page, violations, consoleErrors } = await watchedPage()
    expect((await page.goto(`${app.baseUrl}/`))?.status()).toBe(200)
    // React marks the document it hydrated; blocked inline scripts would leave it unmarked.
    await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith('__reactContainer$')))
    expect(await violations()).toEqual([])
    expect(consoleErrors).toEqual([])
    await page.close()
  })

  it('signs in to the admin with no violation', async () => {
    const { page, violations, consoleErrors } = await watchedPage()
    await page.goto(`${app.baseUrl}/admin`)
    await page.locator('#field-email').fill(admin.email)
    await page.locator('#field-password').fill(admin.password)
    await page.locator('button[type="submit"]').click()
    await page.waitForURL(/\/admin\/?$/, { timeout: 120_000 })
    await expect(page.locator('text=Catalogs').first().isVisible()).resolves.toBe(true)
    expect(await violations()).toEqual([])
    expect(consoleErrors).toEqual([])
    await page.close()
    expect(browser.blockedRequests).toEqual([])
  })

  it('refuses to show the admin in a frame of another site, but not of its own', async () => {
    const loginUrl = `${app.baseUrl}/admin/login`
    // Signed out (the admin test signed the shared context in), so the frame shows the login form.
    const signedOut = await newOfflineContext(browser)
    // A refused frame is proven by waiting a while and finding no form; an allowed one is awaited
    // until its form shows, as the admin's first render can take longer on a busy machine.
    const framed = async (parentUrl: string, { expectsLogin }: { expectsLogin: boolean }) => {
      const { page, consoleErrors } = await watchedPage(signedOut)
      await page.goto(parentUrl)
      await page.evaluate((src) => {
        const frame = document.createElement('iframe')
        frame.src = src
        document.body.append(frame)
      }, loginUrl)
      if (expectsLogin) {
        await page
          .frameLocator('iframe >> nth=-1')
          .locator('#field-email')
          .waitFor({ timeout: 60_000 })
          .catch(() => undefined)
      } else {
        await page.waitForTimeout(3_000)
      }
      const frame = page.frames().find((candidate) => candidate !== page.mainFrame())
      const showsLogin = frame ? (await frame.locator('#field-email').count()) > 0 : false
      await page.close()
      return { showsLogin, consoleErrors }
    }
    // Another site: a page of another origin (another port) with no policy of its own.
    const otherSite: Server = createServer((_, response) => response.end('<!doctype html><title>Other site</title>'))
    await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = otherSite.address() as { port: number }
      const framedElsewhere = await framed(`http://127.0.0.1:${port}/`, { expectsLogin: false })
      expect(framedElsewhere.showsLogin).toBe(false)
      expect(framedElsewhere.consoleErrors.join('\n')).toContain("frame-ancestors 'self'")
    } finally {
      otherSite.close()
    }
    const framedAtHome = await framed(`${app.baseUrl}/explore`, { expectsLogin: true })
    expect(framedAtHome.showsLogin).toBe(true)
    await signedOut.close()
  })
})

describe("the header's Docs link", () => {
  it('opens the documentation site the app serves, whose pages, links and search work under /docs/', async () => {
    const { page, violations, consoleErrors } = await watchedPage()
    await page.goto(`${app.baseUrl}/`)
    const link = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Docs' })
    expect(await link.getAttribute('href')).toBe('/docs/')
    const [docs] = await Promise.all([page.waitForResponse(`${app.baseUrl}/docs/`), link.click()])
    expect(docs.status()).toBe(200)
    await page.waitForURL(`${app.baseUrl}/docs/`)
    // Docusaurus sets the page's own title once it has hydrated, a moment after `load`.
    await expect.poll(() => page.title(), { timeout: 15_000 }).toMatch(/ – Chronotope$/)
    // A link of the site, then its search, both under /docs/.
    await page.locator('a[href="/docs/developers/using-the-api"]').first().click()
    await page.locator('h1', { hasText: 'Using the API' }).waitFor()
    await page.goto(`${app.baseUrl}/docs/search?q=histogram`)
    await page.locator('a[href^="/docs/developers/api/api/events/histogram"]').first().waitFor({ timeout: 20_000 })
    expect(await violations()).toEqual([])
    expect(consoleErrors).toEqual([])
    await page.close()
    expect(browser.blockedRequests).toEqual([])
  })
})

describe('the offline basemap', () => {
  it('is served from the build, each file its styles name, gzipped', async () => {
    for (const theme of ['light', 'dark']) {
      const style = await fetch(`${app.baseUrl}/basemap/style-${theme}.json`)
      expect(style.status).toBe(200)
      const { sources } = (await style.json()) as { sources: Record<string, { data: string }> }
      for (const { data } of Object.values(sources)) {
        const file = await requestRaw(new URL(data, app.baseUrl).href, { 'accept-encoding': 'gzip' })
        expect(file.status, data).toBe(200)
        expect(file.headers['content-encoding'], data).toBe('gzip')
        expect(file.headers['content-security-policy'], data).toContain("default-src 'self'")
      }
    }
  })
})

describe('uploads served inert and answers cached privately (issue 27)', () => {
  /** Signs the admin in and returns the headers a browser sends on the site's own requests. */
  async function signedIn(): Promise<Record<string, string>> {
    const login = await fetch(`${app.baseUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    })
    expect(login.headers.get('cache-control')).toBe('private, no-store')
    const token = /payload-token=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1]!
    return { cookie: `payload-token=${token}`, 'sec-fetch-site': 'same-origin' }
  }

  it('serves an uploaded SVG under a policy that runs nothing, as a download', async () => {
    const browser = await signedIn()
    const form = new FormData()
    form.append('_payload', JSON.stringify({ alt: 'Inert key' }))
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>'
    form.append('file', new Blob([svg], { type: 'image/svg+xml' }), 'inert-key.svg')
    const created = await fetch(`${app.baseUrl}/api/media`, {
      method: 'POST',
      headers: { ...browser, origin: app.baseUrl },
      body: form,
    })
    expect(created.status).toBe(201)
    const { doc } = (await created.json()) as { doc: { url: string } }
    for (const headers of [{}, browser]) {
      const file = await fetch(new URL(new URL(doc.url, app.baseUrl).pathname, app.baseUrl), { headers })
      expect(file.status).toBe(200)
      expect(await file.text()).toContain('<svg')
      expect(file.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox")
      expect(file.headers.get('x-content-type-options')).toBe('nosniff')
      expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="inert-key(-\d+)?\.svg"/)
    }
  })

  it('makes every page and API answer vary on the credentials, and private when signed in', async () => {
    const browser = await signedIn()
    const datasets = (await (await fetch(`${app.baseUrl}/api/datasets?limit=1&depth=0`)).json()) as {
      docs: Array<{ slug: string }>
    }
    const pages = ['/', '/explore', '/import', '/pages/about', `/datasets/${datasets.docs[0]!.slug}`, '/admin/login']
    const api = ['/api/users/me', '/api/datasets?limit=1', '/api/events/list?limit=1']
    for (const pathname of [...pages, ...api]) {
      for (const headers of [{}, browser]) {
        const response = await fetch(new URL(pathname, app.baseUrl), { headers, redirect: 'manual' })
        await response.arrayBuffer()
        const what = `${pathname} ${headers === browser ? 'signed in' : 'anonymous'} (${response.status})`
        const vary = (response.headers.get('vary') ?? '').toLowerCase()
        expect(vary, what).toContain('authorization')
        expect(vary, what).toContain('cookie')
        if (headers === browser) expect(response.headers.get('cache-control'), what).toMatch(/private/)
      }
    }
    const anonymousList = await fetch(`${app.baseUrl}/api/events/list?limit=1`)
    expect(anonymousList.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300')
  })
})

describe('request bodies', () => {
  it('refuses an anonymous body over 10 MB, or of unknown length, before reading it', async () => {
    // Only the headers are sent: the server must answer from them alone.
    const huge = await requestRaw(
      `${app.baseUrl}/api/users/login`,
      { 'content-type': 'application/json', 'content-length': String(50 * 1024 * 1024) },
      'POST',
    )
    expect(huge.status).toBe(413)
    expect(JSON.parse(huge.body.toString()).error).toBe('The request body is larger than 10 MB')
    const unknownLength = await requestRaw(
      `${app.baseUrl}/api/graphql`,
      { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      'POST',
    )
    expect(unknownLength.status).toBe(411)
    const login = await fetch(`${app.baseUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    })
    expect(login.status).toBe(200)
  })
})

describe('under load', () => {
  const graphqlAliases = Array.from(
    { length: 15 },
    (_, index) =>
      `a${index}: Events(limit: 40) { docs { id title eventTime locationName dataset { name catalog { name } } } }`,
  ).join(' ')
  const worstCases: Array<[string, string, RequestInit?]> = [
    ['the REST list at its largest limit and depth', '/api/events?limit=1000&depth=3'],
    [
      'GraphQL with the most aliases its cost allows',
      '/api/graphql',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: `{ ${graphqlAliases} }` }),
      },
    ],
    ["the read API's largest page", '/api/events/list?limit=1000'],
    ["the read API's CSV export", '/api/events/export.csv'],
  ]

  it('keeps nine in ten probes of /api/health and /api/events/list?limit=1 under a second while 20 worst-case requests of each kind run', async () => {
    const probes = ['/api/health', '/api/events/list?limit=1']
    // Once each first: the first GraphQL request builds the schema, the first read loads the index.
    for (const [, pathname, init] of worstCases) await (await fetch(new URL(pathname, app.baseUrl), init)).arrayBuffer()
    const figures: Array<{
      kind: string
      slowest: number
      p90: number
      probes: number
      ok: boolean
      bytes: number
    }> = []
    for (const [kind, pathname, init] of worstCases) {
      let running = true
      const load = Promise.all(
        Array.from({ length: 20 }, async (_, index) => {
          // Twenty clients, each from its own address: one client streams one export at a time
          // and has two more wait, so a fourth export of one client at once is a 429.
          if (pathname.includes('/export.')) {
            const raw = await requestRaw(new URL(pathname, app.baseUrl).href, {}, 'GET', `127.0.0.${index + 2}`)
            return { status: raw.status, bytes: raw.body.length, errors: false }
          }
          const response = await fetch(new URL(pathname, app.baseUrl), {
            ...init,
            signal: AbortSignal.timeout(180_000),
          })
          const body = await response.text()
          return { status: response.status, bytes: body.length, errors: body.startsWith('{"errors"') }
        }),
      ).finally(() => (running = false))
      const latencies: number[] = []
      // At most 300 probes per kind, one after another, while the load runs.
      for (let probe = 0; running && probe < 300; probe++) {
        const pathname = probes[probe % probes.length]!
        const started = performance.now()
        const response = await fetch(new URL(pathname, app.baseUrl), { signal: AbortSignal.timeout(30_000) })
        await response.arrayBuffer()
        latencies.push(performance.now() - started)
        expect(response.status, pathname).toBe(200)
      }
      const results = await load
      const sorted = [...latencies].sort((a, b) => a - b)
      const figure = {
        kind,
        slowest: Math.round(sorted.at(-1)!),
        p90: Math.round(sorted[Math.ceil(sorted.length * 0.9) - 1]!),
        probes: latencies.length,
        ok: results.every((result) => result.status === 200 && !result.errors),
        bytes: results[0]!.bytes,
      }
      console.log(
        `${kind}: 20 × ${figure.bytes} bytes; ${figure.probes} probes, 90% within ${figure.p90} ms, slowest ${figure.slowest} ms`,
      )
      figures.push(figure)
    }
    for (const figure of figures) {
      expect(figure.ok, figure.kind).toBe(true)
      expect(figure.bytes, figure.kind).toBeGreaterThan(100_000)
      expect(figure.probes, figure.kind).toBeGreaterThan(0)
      // A server that blocks while it works slows most probes; one probe late on a busy shared
      // machine (a collector pause, another process) says little, so the bound is on 90% of them,
      // with the slowest still held to a few seconds.
      expect(figure.p90, figure.kind).toBeLessThan(1_000)
      expect(figure.slowest, figure.kind).toBeLessThan(3_000)
    }
  })
})
