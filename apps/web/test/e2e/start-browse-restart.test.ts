import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEMO_USERS } from '../../src/seed/demo-content'
import { startChronotope, type RunningChronotope } from '../helpers/chronotope-process'
import { launchOfflineBrowser, type OfflineBrowser } from '../helpers/offline-browser'
import { createTestDatabase, externalServerUrl, type TestDatabase } from '../setup/test-database'

// Chronotope started as `npm start` starts it: the embedded database (or, when the test run is
// given a PostgreSQL server, a fresh database there), migrations, demo seed, then the web app's
// production build, which the test run's `npm run build` left current.
let dataDir: string
let database: TestDatabase | undefined
let app: RunningChronotope
let browser: OfflineBrowser

const admin = DEMO_USERS.find((user) => user.role === 'admin')!
const ADMIN_FIRST_COMPILE_MS = 180_000
// Stopping (at most a minute) and a second start (at most five) on a slow machine.
const RESTART_TIMEOUT_MS = 420_000

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'chronotope-e2e-'))
  if (externalServerUrl()) database = await createTestDatabase('chronotope_e2e')
  app = await startChronotope({ dataDir, databaseUrl: database?.url })
  browser = await launchOfflineBrowser()
})

afterAll(async () => {
  await browser?.close()
  await app?.interrupt()
  await database?.drop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function countEvents(baseUrl: string): Promise<number> {
  // A minute at most, and then what the app printed, which says why it did not answer.
  const response = await fetch(`${baseUrl}/api/events?limit=1&depth=0`, { signal: AbortSignal.timeout(60_000) }).catch(
    (error: unknown) => {
      throw new Error(`GET /api/events did not answer: ${String(error)}\n${app.output().slice(-10_000)}`)
    },
  )
  expect(response.status).toBe(200)
  return ((await response.json()) as { totalDocs: number }).totalDocs
}

describe('npm start on a fresh machine', () => {
  it('serves the build npm run build made, instead of building again or compiling pages on request', () => {
    expect(app.output()).toContain('The app is built from the sources as they are: serving that build.')
    expect(app.output()).not.toContain('Building the app for production')
  })

  it('serves a home page that says what Chronotope is and links onwards', async () => {
    const page = await browser.context.newPage()
    const response = await page.goto(`${app.baseUrl}/`)
    expect(response?.status()).toBe(200)
    await expect(page.locator('h1').textContent()).resolves.toContain('Events in time and space')
    await expect(page.locator('body').textContent()).resolves.toContain('spatial data management platform')
    for (const href of ['/explore', '/import', '/admin']) {
      expect(await page.locator(`main a[href="${href}"]`).count(), href).toBeGreaterThan(0)
    }
    const explore = await page.goto(`${app.baseUrl}/explore`)
    expect(explore?.status()).toBe(200)
    // The explore view counts the public demo events (the browser draws no map here: no WebGL).
    await expect
      .poll(() => page.getByTestId('explore-summary').textContent(), { timeout: 120_000 })
      .toMatch(/^5,700 events · 4 datasets · 2010–2024/)
    // The header's Docs link opens the documentation the app serves (built with the app).
    expect(await page.locator('header a', { hasText: 'Docs' }).getAttribute('href')).toBe('/docs/')
    expect((await page.goto(`${app.baseUrl}/docs/`))?.status()).toBe(200)
    // Docusaurus sets the page's own title once it has hydrated, a moment after `load`.
    await expect.poll(() => page.title(), { timeout: 15_000 }).toMatch(/ – Chronotope$/)
    // Signed out, the import page asks the visitor to sign in.
    const importPage = await page.goto(`${app.baseUrl}/import`)
    expect(importPage?.status()).toBe(200)
    expect(await page.locator('a[href="/admin/login?redirect=%2Fimport"]').count()).toBeGreaterThan(0)
    await page.close()
    expect(browser.blockedRequests).toEqual([])
  })

  it('seeds the demo data on the first start, public events visible to anyone', async () => {
    expect(await countEvents(app.baseUrl)).toBeGreaterThan(1000)
    const health = await fetch(`${app.baseUrl}/api/health`)
    expect(health.status).toBe(200)
    const body = (await health.json()) as { database: { kind: string; status: string } }
    expect(body.database).toMatchObject({ status: 'ok', kind: database ? 'external' : 'embedded' })
  })

  it('serves the admin with nothing loaded from the internet', async () => {
    const page = await browser.context.newPage()
    const consoleErrors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text())
    })
    // The first visit makes `next dev` compile the whole admin, which took over Playwright's
    // default 30 s once on a loaded two-core machine: slow, not stuck, so wait longer, but bounded.
    await page.goto(`${app.baseUrl}/admin`, { timeout: ADMIN_FIRST_COMPILE_MS })
    await page.locator('#field-email').waitFor({ timeout: ADMIN_FIRST_COMPILE_MS })
    await page.locator('#field-email').fill(admin.email)
    await page.locator('#field-password').fill(admin.password)
    await page.locator('button[type="submit"]').click()
    await page.waitForURL(/\/admin\/?$/, { timeout: 180_000 })
    await expect(page.locator('text=Catalogs').first().isVisible()).resolves.toBe(true)

    // An event's page has JSON fields, whose default editor would come from a CDN.
    await page.goto(`${app.baseUrl}/admin/collections/events?limit=5`)
    await page.locator('table tbody tr a').first().click()
    await page.locator('textarea[name="data"]').waitFor({ timeout: 120_000 })
    const rowData = JSON.parse(await page.locator('textarea[name="data"]').inputValue()) as Record<string, unknown>
    expect(rowData).toHaveProperty('id')
    await page.close()

    expect(browser.blockedRequests).toEqual([])
    expect(consoleErrors.filter((text) => !text.includes('Download the React DevTools'))).toEqual([])
  })

  it(
    'stops cleanly on Ctrl-C and finds its data as it was on the next start',
    async () => {
      const before = await countEvents(app.baseUrl)
      const created = await fetch(`${app.baseUrl}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: admin.email, password: admin.password }),
      })
      const { token } = (await created.json()) as { token: string }
      const catalog = await fetch(`${app.baseUrl}/api/catalogs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
        body: JSON.stringify({ name: 'Survives restarts', isPublic: true }),
      })
      expect(catalog.status).toBe(201)

      expect(await app.interrupt()).toBe(0)
      expect(existsSync(path.join(dataDir, 'embedded-database.json'))).toBe(false)
      expect(app.output()).toContain('Stopped.')

      app = await startChronotope({ dataDir, databaseUrl: database?.url })
      expect(await countEvents(app.baseUrl)).toBe(before)
      const catalogs = await fetch(`${app.baseUrl}/api/catalogs?where[slug][equals]=survives-restarts`)
      expect(((await catalogs.json()) as { totalDocs: number }).totalDocs).toBe(1)
      expect(app.output()).not.toContain('seeding the demo data')
    },
    RESTART_TIMEOUT_MS,
  )

  it('counts sign-in attempts by the connection, whatever address headers a client sends', async () => {
    const statuses: number[] = []
    for (let i = 1; i <= 6; i++) {
      const response = await fetch(`${app.baseUrl}/api/users/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `198.51.100.${i}`,
          'x-chronotope-socket-address': `192.0.2.${i}`,
        },
        body: JSON.stringify({ email: admin.email, password: `wrong-${i}` }),
      })
      statuses.push(response.status)
      if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
  })
})

// On the embedded database only, as `npm run dev` runs for most who work on the code: the
// development server compiles the same pages whichever database it reads, and that compile is
// most of a minute of CI's time in each pass.
describe.skipIf(externalServerUrl() !== undefined)('npm run dev, for working on the code', () => {
  let devDataDir: string
  let dev: RunningChronotope | undefined

  afterAll(async () => {
    await dev?.interrupt()
    if (devDataDir) rmSync(devDataDir, { recursive: true, force: true })
  })

  it(
    'serves the pages and the admin from the development server, with nothing loaded from the internet',
    async () => {
      devDataDir = mkdtempSync(path.join(tmpdir(), 'chronotope-e2e-dev-'))
      dev = await startChronotope({ dataDir: devDataDir, dev: true })
      expect(dev.output()).not.toContain('Building the app')
      const page = await browser.context.newPage()
      const home = await page.goto(`${dev.baseUrl}/`, { timeout: ADMIN_FIRST_COMPILE_MS })
      expect(home?.status()).toBe(200)
      await expect(page.locator('h1').textContent()).resolves.toContain('Events in time and space')
      await page.goto(`${dev.baseUrl}/admin`, { timeout: ADMIN_FIRST_COMPILE_MS })
      await page.locator('#field-email').waitFor({ timeout: ADMIN_FIRST_COMPILE_MS })
      await page.close()
      expect(browser.blockedRequests).toEqual([])
    },
    RESTART_TIMEOUT_MS,
  )
})
