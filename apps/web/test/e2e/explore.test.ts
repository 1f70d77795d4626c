import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { FIVETHIRTYEIGHT_DIR } from '@chronotope/test-fixtures'
import type { BrowserContext, Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEMO_USERS } from '../../src/seed/demo-content'
import { signInPage } from '../helpers/browser-session'
import { startChronotope, type RunningChronotope } from '../helpers/chronotope-process'
import { importOverHttp } from '../helpers/http-import'
import type { Json } from '../helpers/json'
import { launchOfflineBrowser, newOfflineContext, type OfflineBrowser } from '../helpers/offline-browser'
import { runScript } from '../helpers/run-script'
import { createTestDatabase, externalServerUrl, type TestDatabase } from '../setup/test-database'

// The explore view as a journalist uses it, on the production build with the demo data: an import
// through /import opened in the explore view, narrowed by brush, value and text with the counts
// checked against the read API, shared, embedded, exported; approximate places and BCE years shown
// honestly; private data shown to nobody signed out; axe-core clean; no request leaves the machine.
let dataDir: string
let database: TestDatabase | undefined
let app: RunningChronotope
let browser: OfflineBrowser
let userContext: BrowserContext
let page: Page
let userToken: string
let gopDatasetId: number

const demoUser = DEMO_USERS.find((user) => user.role === 'user')!
const demoAdmin = DEMO_USERS.find((user) => user.role === 'admin')!
const GOP_CSV = path.join(FIVETHIRTYEIGHT_DIR, 'gop-candidate-visits-2024_candidate_visits.csv')
const SCREENSHOTS = path.join(tmpdir(), 'chronotope-screenshots', 'explore')
const READY_MS = 60_000
const IMPORT_MS = 240_000

async function signIn(email: string, password: string): Promise<string> {
  const response = await fetch(`${app.baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { token: string }).token
}

async function api(pathAndQuery: string, token?: string): Promise<Json> {
  const response = await fetch(`${app.baseUrl}${pathAndQuery}`, {
    headers: token ? { authorization: `JWT ${token}` } : {},
  })
  expect(response.status, `${pathAndQuery}: ${response.status}`).toBe(200)
  return response.json()
}

/** The read API's filter parameters of the page's URL: the explore URL uses the API's own names. */
function filterQuery(url: string): string {
  const params = new URL(url).searchParams
  const kept = new URLSearchParams()
  for (const name of ['catalogs', 'datasets', 'start', 'end', 'filters', 'q']) {
    const value = params.get(name)
    if (value !== null) kept.set(name, value)
  }
  return kept.toString()
}

/** Waits until a panel says it is ready and returns its data attributes. */
async function readyPanel(target: Page, testId: string): Promise<Record<string, string | undefined>> {
  const panel = target.getByTestId(testId)
  await panel.and(target.locator('[data-state="ready"], [data-state="empty"]')).waitFor({ timeout: READY_MS })
  return panel.evaluate((element) => ({ ...(element as HTMLElement).dataset }))
}

/** The summary line's event count, once it is counted. */
async function summaryCount(target: Page): Promise<number> {
  const summary = target.getByTestId('explore-summary')
  await expect
    .poll(
      async () =>
        (await summary.getAttribute('aria-busy')) === 'false' && /events?/.test((await summary.textContent()) ?? ''),
      {
        timeout: READY_MS,
      },
    )
    .toBe(true)
  const text = (await summary.textContent()) ?? ''
  return Number(/^([\d,]+) events?/.exec(text)?.[1]?.replaceAll(',', '') ?? Number.NaN)
}

/** Waits until the summary agrees with the read API for the page's URL, and returns the count. */
async function countMatchesApi(target: Page, token?: string): Promise<number> {
  let expected = Number.NaN
  await expect
    .poll(
      async () => {
        expected = (await api(`/api/events/dataset-counts?${filterQuery(target.url())}`, token)).total
        return (await summaryCount(target)) === expected
      },
      { timeout: READY_MS },
    )
    .toBe(true)
  return expected
}

async function screenshot(target: Page, name: string): Promise<void> {
  await target.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: false })
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Serious and critical axe-core violations of the page as it is now. */
async function seriousViolations(target: Page): Promise<string[]> {
  await target.addScriptTag({ content: axeSource })
  const results = await target.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
          ) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }>
        }
      }
    ).axe
    return (await axe.run(document)).violations
  })
  return results
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    )
}

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true })
  dataDir = mkdtempSync(path.join(tmpdir(), 'chronotope-e2e-explore-'))
  if (externalServerUrl()) database = await createTestDatabase('chronotope_e2e_explore')
  const env: NodeJS.ProcessEnv = { ...process.env, CHRONOTOPE_DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: '1' }
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'VITEST', 'NODE_ENV']) delete env[name]
  // The production build, made once for every end-to-end file by setup/production-build.ts.
  app = await startChronotope({ dataDir, databaseUrl: database?.url, production: true })
  await runScript('seed', ['--environment', 'demo'], database ? { ...env, DATABASE_URL: database.url } : env)
  browser = await launchOfflineBrowser({ webgl: true })
  userContext = await newOfflineContext(browser)
  page = await userContext.newPage()
  userToken = await signIn(demoUser.email, demoUser.password)
})

afterAll(async () => {
  await browser?.close()
  await app?.interrupt()
  await database?.drop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('the explore view', () => {
  it('opens an import from /import and shows its events on the map, the timeline and the list', async () => {
    await page.goto(`${app.baseUrl}/import`)
    await signInPage(page, demoUser)
    await page.goto(`${app.baseUrl}/import`)
    await page.getByRole('heading', { name: 'Choose a file' }).waitFor()
    await page.locator('input[type="file"]').setInputFiles(GOP_CSV)
    await page.getByLabel('New catalog name').fill('GOP visits (explore test)')
    await page.getByRole('button', { name: 'Upload and preview' }).click()
    await page.getByRole('button', { name: 'Start import' }).click({ timeout: READY_MS })
    const explore = page.getByRole('link', { name: /Explore the dataset/ })
    await explore.waitFor({ timeout: IMPORT_MS })
    const reads: string[] = []
    const recordRead = (request: Request) => {
      if (request.url().includes('/api/events/')) reads.push(new URL(request.url()).pathname)
    }
    page.on('request', recordRead)
    await explore.click()
    await page.waitForURL(/\/explore\?datasets=\d+/)
    gopDatasetId = Number(new URL(page.url()).searchParams.get('datasets'))

    const map = await readyPanel(page, 'explore-map')
    page.off('request', recordRead)
    expect(Number(map.marks)).toBeGreaterThan(0)
    // The page came with the events' extent: the map opened fitted, with no `bounds` round trip.
    expect(reads).toContain('/api/events/map-clusters')
    expect(reads).not.toContain('/api/events/bounds')
    const timeline = await readyPanel(page, 'explore-timeline')
    const histogram = await api(`/api/events/histogram?datasets=${gopDatasetId}`, userToken)
    expect(Number(timeline.total)).toBe(histogram.total)
    const list = await readyPanel(page, 'explore-list')
    expect(Number(list.count)).toBeGreaterThan(0)
    // Every event the import made, counted by the CMS, is in the view.
    const made = (await api(`/api/events?where[dataset][equals]=${gopDatasetId}&limit=1&depth=0`, userToken)).totalDocs
    expect(made).toBeGreaterThan(1700)
    expect(await countMatchesApi(page, userToken)).toBe(made)
    await expect(page.getByTestId('explore-summary').textContent()).resolves.toMatch(
      new RegExp(`^${made.toLocaleString('en')} events · 1 dataset · 2023`),
    )
    await screenshot(page, 'import-opened-light')
  })

  it('narrows by a brushed time range, a value and a search, with counts matching the read API', async () => {
    const all = await countMatchesApi(page, userToken)
    const startHandle = page.getByRole('slider').first()
    await startHandle.focus()
    for (let step = 0; step < 4; step += 1) await page.keyboard.press('ArrowRight')
    await expect.poll(() => new URL(page.url()).searchParams.get('start')).not.toBeNull()
    const brushed = await countMatchesApi(page, userToken)
    expect(brushed).toBeLessThan(all)

    await page
      .getByTestId('explore-filters')
      .getByRole('checkbox', { name: /Nikki Haley/ })
      .check()
    await expect.poll(() => new URL(page.url()).searchParams.get('filters')).toContain('Nikki Haley')
    const picked = await countMatchesApi(page, userToken)
    expect(picked).toBeLessThan(brushed)
    expect(picked).toBeGreaterThan(0)

    await page.getByRole('searchbox', { name: 'Search events' }).fill('Iowa')
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('Iowa')
    const searched = await countMatchesApi(page, userToken)
    expect(searched).toBeLessThanOrEqual(picked)
    expect(searched).toBeGreaterThan(0)
    const listed = await readyPanel(page, 'explore-list')
    expect(Number(listed.count)).toBe(Math.min(searched, Number(listed.count)))
  })

  it('restores exactly the same view from a shared link', async () => {
    await userContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl })
    const camera = (url: string) => ['lng', 'lat', 'zoom'].map((name) => new URL(url).searchParams.get(name))
    const before = camera(page.url())
    // "Share" copies the view's link, camera included; the address bar, written once a pan has
    // rested, ends at the same camera.
    await page.locator('[data-testid="explore-map"] .maplibregl-canvas').focus()
    await page.keyboard.press('ArrowLeft')
    let shared = ''
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Share' }).click()
        shared = await page.evaluate(() => navigator.clipboard.readText())
        const link = camera(shared)
        return !link.includes(null) && link.join() !== before.join()
      })
      .toBe(true)
    await expect.poll(() => camera(page.url())).toEqual(camera(shared))
    const summary = await page.getByTestId('explore-summary').textContent()
    const other = await userContext.newPage()
    await other.goto(shared)
    await readyPanel(other, 'explore-map')
    expect(camera(other.url())).toEqual(camera(shared))
    await expect.poll(() => other.getByTestId('explore-summary').textContent()).toBe(summary)
    await expect(other.getByRole('searchbox', { name: 'Search events' }).inputValue()).resolves.toBe('Iowa')
    await expect(
      other
        .getByTestId('explore-filters')
        .getByRole('checkbox', { name: /Nikki Haley/ })
        .isChecked(),
    ).resolves.toBe(true)
    expect(new URL(other.url()).searchParams.get('start')).toBe(new URL(shared).searchParams.get('start'))
    await other.goBack().catch(() => undefined)
    await other.close()
  })

  it('downloads exactly the filtered rows as CSV', async () => {
    const expected = await countMatchesApi(page, userToken)
    const link = page.getByRole('link', { name: /^CSV/ })
    await expect(link.textContent()).resolves.toContain(`${expected.toLocaleString('en')} row`)
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
    const text = readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
    expect(text.split('\r\n')).toHaveLength(expected + 1)
  })

  it('says where an approximate, geocoded event was placed', async () => {
    const { events } = await api(`/api/events/list?datasets=${gopDatasetId}&q=Iowa&limit=1`, userToken)
    const event = events[0]
    await page.goto(`${app.baseUrl}/events/${event.id}`)
    await expect(page.locator('main').textContent()).resolves.toMatch(
      /Placed at the centre of .+ \((city|region|postal)/,
    )
    await page.goto(
      `${app.baseUrl}/explore?datasets=${gopDatasetId}&event=${event.id}&lng=${event.longitude}&lat=${event.latitude}&zoom=9`,
    )
    await readyPanel(page, 'explore-map')
    await expect(page.locator('.maplibregl-popup').textContent({ timeout: READY_MS })).resolves.toMatch(
      /Placed at the centre of .+ \((city|region|postal)/,
    )
    await screenshot(page, 'approximate-event-popup')
  })

  it('labels years before the common era as people write them', async () => {
    const csv = [
      'date,title,latitude,longitude',
      '490 BC,Battle of Marathon,38.118,23.978',
      '480 BC,Battle of Salamis,37.95,23.566',
      '431 BC,Peloponnesian War begins,37.97,23.72',
      '44 BC,Death of Caesar,41.895,12.477',
    ].join('\n')
    const progress = await importOverHttp(
      app.baseUrl,
      userToken,
      { name: 'antiquity.csv', bytes: csv },
      { catalogName: 'Antiquity (explore test)' },
    )
    expect(progress.status).toBe('completed')
    const datasetId = progress.jobs[0].datasetId as number
    await page.goto(`${app.baseUrl}/explore?datasets=${datasetId}`)
    await readyPanel(page, 'explore-timeline')
    // The axis is drawn once the chart knows its width.
    await expect.poll(() => page.getByTestId('explore-timeline').textContent()).toMatch(/\d+ BC/)
    await readyPanel(page, 'explore-list')
    await expect(page.getByTestId('explore-list').textContent()).resolves.toContain('490 BC')
    await expect(page.getByTestId('explore-summary').textContent()).resolves.toContain('490 BC – 44 BC')
    await screenshot(page, 'bce-dataset')
  })

  it('shows the private demo dataset nowhere to a visitor who is signed out', async () => {
    const adminToken = await signIn(demoAdmin.email, demoAdmin.password)
    const { docs } = await api('/api/datasets?where[name][equals]=Source%20meetings&depth=0', adminToken)
    const privateId = docs[0].id as number
    const privateEvent = (await api(`/api/events/list?datasets=${privateId}&limit=1`, adminToken)).events[0]
    const anonymous = await newOfflineContext(browser)
    const visitor = await anonymous.newPage()
    await visitor.goto(`${app.baseUrl}/explore`)
    await readyPanel(visitor, 'explore-map')
    await expect(visitor.getByTestId('explore-filters').textContent()).resolves.not.toContain('Source meetings')
    expect(await countMatchesApi(visitor)).toBe((await api('/api/events/dataset-counts')).total)
    for (const route of ['/explore', '/embed']) {
      await visitor.goto(`${app.baseUrl}${route}?datasets=${privateId}`)
      await expect(visitor.locator('body').textContent()).resolves.toContain('Nothing to show')
      await expect(visitor.locator('body').textContent()).resolves.not.toMatch(/Source meetings|\d+ events/)
    }
    const missing = await visitor.goto(`${app.baseUrl}/events/2147483000`)
    const hidden = await visitor.goto(`${app.baseUrl}/events/${privateEvent.id}`)
    expect(hidden?.status()).toBe(404)
    expect(missing?.status()).toBe(404)
    await expect(visitor.locator('main').textContent()).resolves.not.toContain(privateEvent.title)
    await anonymous.close()
  })

  it('may be embedded by other sites while every other page refuses framing', async () => {
    const framedBy = async (parent: string, src: string): Promise<boolean> => {
      const host = await userContext.newPage()
      await host.goto(parent)
      await host.evaluate((url) => {
        const frame = document.createElement('iframe')
        frame.src = url
        frame.width = '1000'
        frame.height = '700'
        document.body.append(frame)
      }, src)
      await host.waitForTimeout(5_000)
      const frame = host.frames().find((candidate) => candidate !== host.mainFrame())
      const shows = frame ? (await frame.getByTestId('explore-map').count()) > 0 : false
      await host.close()
      return shows
    }
    const otherSite: Server = createServer((_, response) => response.end('<!doctype html><title>A newsroom</title>'))
    await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve))
    try {
      const parent = `http://127.0.0.1:${(otherSite.address() as { port: number }).port}/`
      expect(await framedBy(parent, `${app.baseUrl}/embed`)).toBe(true)
      expect(await framedBy(parent, `${app.baseUrl}/explore`)).toBe(false)
    } finally {
      otherSite.close()
    }
  })

  it('passes axe-core on /explore, /embed and an event page, in light and dark, and at phone width', async () => {
    const { events } = await api(`/api/events/list?datasets=${gopDatasetId}&limit=1`, userToken)
    const pages = [`/explore?datasets=${gopDatasetId}`, `/embed?datasets=${gopDatasetId}`, `/events/${events[0].id}`]
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await newOfflineContext(browser, { colorScheme, storageState: await userContext.storageState() })
      const themed = await context.newPage()
      for (const route of pages) {
        await themed.goto(`${app.baseUrl}${route}`)
        if (!route.startsWith('/events')) await readyPanel(themed, 'explore-map')
        expect(await seriousViolations(themed), `${route} in ${colorScheme}`).toEqual([])
        await screenshot(themed, `${route.split('?')[0]!.replaceAll('/', '-').slice(1)}-${colorScheme}`)
      }
      await context.close()
    }
    const phone = await newOfflineContext(browser, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      storageState: await userContext.storageState(),
    })
    const small = await phone.newPage()
    await small.goto(`${app.baseUrl}/explore?datasets=${gopDatasetId}`)
    await readyPanel(small, 'explore-map')
    expect(await seriousViolations(small), 'explore at 390 px').toEqual([])
    await screenshot(small, 'explore-phone-map')
    await small.getByRole('button', { name: 'List' }).click()
    await readyPanel(small, 'explore-list')
    await screenshot(small, 'explore-phone-list')
    await small.getByRole('button', { name: 'Filters' }).click()
    await small
      .getByRole('complementary', { name: 'Filters' })
      .getByRole('searchbox', { name: 'Search events' })
      .waitFor()
    await small.waitForTimeout(400)
    await screenshot(small, 'explore-phone-filters')
    await phone.close()
    console.info(`Explore screenshots: ${SCREENSHOTS}`)
  })

  it('never asked anything of the internet', () => {
    expect(browser.blockedRequests).toEqual([])
  })
})
