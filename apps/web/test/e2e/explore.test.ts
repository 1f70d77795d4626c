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
// honestly; fifteen events at one place found and listed from their mark; the embed in an article
// column; the event page's map named; private data shown to nobody signed out; axe-core clean; no
// request leaves the machine.
let dataDir: string
let database: TestDatabase | undefined
let app: RunningChronotope
let browser: OfflineBrowser
let userContext: BrowserContext
let page: Page
let userToken: string
let gopDatasetId: number
let parisDatasetId: number

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

/**
 * What scrolls on the page besides nothing: the page itself when wider or taller than the window,
 * and every shown element with scrollable overflow that overflows.
 */
async function scrollingBoxes(target: Page): Promise<string[]> {
  return target.evaluate(() => {
    const found: string[] = []
    const root = document.scrollingElement!
    if (root.scrollWidth > root.clientWidth)
      found.push(`the page is ${root.scrollWidth} px wide in ${root.clientWidth}`)
    if (root.scrollHeight > root.clientHeight)
      found.push(`the page is ${root.scrollHeight} px tall in ${root.clientHeight}`)
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(element)
      if (!/auto|scroll/.test(`${style.overflowX} ${style.overflowY}`) || element.getClientRects().length === 0)
        continue
      if (element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1)
        found.push(`${element.tagName.toLowerCase()}.${element.className} scrolls`)
    }
    return found
  })
}

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

  it('shows fifteen events at one place as one mark at every zoom and lists them all from it', async () => {
    // A journalist's file: fifteen rallies in Paris at the same coordinates, a few elsewhere.
    const kinds = ['strike', 'strike', 'strike', 'strike', 'strike', 'strike', 'march', 'march', 'march']
    const csv = [
      'date,title,kind,latitude,longitude',
      ...Array.from(
        { length: 15 },
        (_, index) =>
          `2024-01-${String(index + 1).padStart(2, '0')},Rally in Paris ${index + 1},${kinds[index] ?? ''},48.8566,2.3522`,
      ),
      '2024-02-01,Vigil in Lyon,vigil,45.764,4.8357',
      '2024-02-02,Vigil in Berlin,vigil,52.52,13.405',
      '2024-02-03,March in Madrid,march,40.4168,-3.7038',
    ].join('\n')
    const progress = await importOverHttp(
      app.baseUrl,
      userToken,
      { name: 'paris-rallies.csv', bytes: csv },
      { catalogName: 'Paris rallies (explore test)' },
    )
    expect(progress.status).toBe('completed')
    parisDatasetId = progress.jobs[0].datasetId as number

    // The read API: one mark with count 15 and the mix of kinds, from a continent to the closest zoom.
    for (const zoom of [3, 6, 12, 22]) {
      const marks = await api(
        `/api/events/map-clusters?datasets=${parisDatasetId}&bbox=-20,30,30,60&zoom=${zoom}&color=kind`,
        userToken,
      )
      const paris = marks.features.filter((feature: Json) => feature.properties.samePlace)
      expect(paris, `zoom ${zoom}`).toHaveLength(1)
      expect(paris[0].properties).toMatchObject({
        count: 15,
        values: [
          { value: 'strike', count: 6 },
          { value: null, count: 6 },
          { value: 'march', count: 3 },
        ],
      })
    }

    await page.goto(`${app.baseUrl}/explore?datasets=${parisDatasetId}&color=kind`)
    await readyPanel(page, 'explore-map')
    const mark = page.getByRole('button', { name: /^15 events at one place \(6 strike, 6 No value, 3 march\)/ })
    await mark.click()
    const listed = page.getByTestId('map-place-list')
    await expect(listed.getByRole('heading').textContent()).resolves.toBe('15 events at one place')
    const rows = listed.getByRole('list', { name: /^Events/ }).getByRole('listitem')
    await expect.poll(() => rows.count(), { timeout: READY_MS }).toBe(15)
    const titles = await rows.getByRole('button').allTextContents()
    for (let index = 1; index <= 15; index += 1) {
      expect(titles.some((title) => title.startsWith(`Rally in Paris ${index}`))).toBe(true)
    }
    await expect(rows.first().textContent()).resolves.toMatch(/January 2024/)
    await expect(rows.getByRole('link', { name: /^Open the page of Rally in Paris/ }).count()).resolves.toBe(15)
    expect(await seriousViolations(page), 'the list of a place').toEqual([])
    await screenshot(page, 'place-list-light')

    // Selecting one selects it in the list panel too, and keeps the place's list open.
    await listed.getByRole('button', { name: /^Rally in Paris 12 / }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('event')).not.toBeNull()
    const selectedId = new URL(page.url()).searchParams.get('event')
    await expect
      .poll(() => page.getByTestId('explore-list').locator('[aria-current="true"]').getAttribute('data-event-id'))
      .toBe(selectedId)
    await expect(
      listed.getByRole('button', { name: /^Rally in Paris 12 / }).getAttribute('aria-pressed'),
    ).resolves.toBe('true')

    // By keyboard: Escape closes the list; the mark's button opens it again with Enter.
    await page.keyboard.press('Escape')
    await expect(listed.count()).resolves.toBe(0)
    await mark.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => rows.count(), { timeout: READY_MS }).toBe(15)
  })

  it('fits an article column: at 700 px the embed is the map over a compact timeline, without scrolling', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const column = await newOfflineContext(browser, {
        viewport: { width: 700, height: 500 },
        colorScheme,
        storageState: await userContext.storageState(),
      })
      const embed = await column.newPage()
      await embed.goto(`${app.baseUrl}/embed?datasets=${parisDatasetId}&color=kind`)
      await readyPanel(embed, 'explore-map')
      await readyPanel(embed, 'explore-timeline')
      const map = (await embed.locator('#explore-map').boundingBox())!
      const timeline = (await embed.locator('#explore-timeline').boundingBox())!
      expect(map.width).toBeGreaterThan(650)
      expect(timeline.width).toBeCloseTo(map.width, 0)
      expect(timeline.y).toBeGreaterThanOrEqual(map.y + map.height)
      expect(map.height).toBeGreaterThan(timeline.height)
      expect(timeline.y + timeline.height).toBeLessThanOrEqual(500)
      await expect(embed.locator('#explore-list').isVisible()).resolves.toBe(false)
      expect(await scrollingBoxes(embed)).toEqual([])
      // The legend starts folded on a map this small.
      const legend = embed.locator('#explore-map details', { has: embed.locator('summary', { hasText: 'Legend' }) })
      await expect(legend.getAttribute('open')).resolves.toBeNull()
      expect(await seriousViolations(embed), `embed at 700 px in ${colorScheme}`).toEqual([])
      await screenshot(embed, `embed-700-${colorScheme}`)
      // The list is the other tab, and takes the map's place.
      await embed.getByRole('button', { name: 'List', exact: true }).click()
      await readyPanel(embed, 'explore-list')
      await expect(embed.locator('#explore-map').isVisible()).resolves.toBe(false)
      expect(await seriousViolations(embed), `embed's list at 700 px in ${colorScheme}`).toEqual([])
      await column.close()
    }
  })

  it('names the places around the event page’s map, with a locator of its country', async () => {
    const { events } = await api(`/api/events/list?datasets=${parisDatasetId}&limit=1`, userToken)
    for (const [name, options] of [
      ['light', { colorScheme: 'light' }],
      ['dark', { colorScheme: 'dark' }],
      ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
    ] as const) {
      const context = await newOfflineContext(browser, { ...options, storageState: await userContext.storageState() })
      const eventPage = await context.newPage()
      await eventPage.goto(`${app.baseUrl}/events/${events[0].id}`)
      await eventPage.getByRole('img', { name: 'Locator map: the event is in France' }).waitFor({ timeout: READY_MS })
      const labels = eventPage.locator('.event-map [aria-hidden="true"]', {
        hasText: /^(Paris|Versailles|Argenteuil)$/,
      })
      await expect.poll(() => labels.count(), { timeout: READY_MS }).toBeGreaterThan(1)
      expect(await seriousViolations(eventPage), `event page (${name})`).toEqual([])
      await eventPage.locator('.event-map').scrollIntoViewIfNeeded()
      await screenshot(eventPage, `event-map-${name}`)
      await context.close()
    }
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

  it('prefetches from the home page only the main actions, and a listed dataset when reached for', async () => {
    const context = await newOfflineContext(browser)
    const visitor = await context.newPage()
    const prefetched: string[] = []
    visitor.on('request', (request) => {
      const url = new URL(request.url())
      if (url.origin === app.baseUrl && request.headers()['next-router-prefetch'] === '1') {
        url.searchParams.delete('_rsc')
        prefetched.push(`${url.pathname}${url.search}`)
      }
    })
    await visitor.goto(`${app.baseUrl}/`)
    const datasetLinks = visitor.locator('.home-dataset > a')
    expect(await datasetLinks.count()).toBeGreaterThan(2)
    // Every link is in view at this height: before, each catalog and dataset link was prefetched.
    await visitor.setViewportSize({ width: 1280, height: 4000 })
    await visitor.waitForTimeout(3_000)
    expect(prefetched.filter((url) => url.startsWith('/explore?'))).toEqual([])
    expect(prefetched.filter((url) => url.startsWith('/admin'))).toEqual([])

    const first = await datasetLinks.first().getAttribute('href')
    await datasetLinks.first().hover()
    await expect.poll(() => prefetched.includes(first!), { timeout: 10_000 }).toBe(true)
    await context.close()
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
    await small.getByRole('button', { name: 'List', exact: true }).click()
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
