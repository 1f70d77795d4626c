import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'

import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEMO_USERS } from '../../src/seed/demo-content'
import { signInPage } from '../helpers/browser-session'
import { startChronotope, type RunningChronotope } from '../helpers/chronotope-process'
import { importOverHttp } from '../helpers/http-import'
import type { Json } from '../helpers/json'
import { launchOfflineBrowser, newOfflineContext, type OfflineBrowser } from '../helpers/offline-browser'
import { runScript } from '../helpers/run-script'
import { createTestDatabase, externalServerUrl, type TestDatabase } from '../setup/test-database'

// Acceptance point 7 of issue 26 in the browser: a dataset's owner edits an event's title, time,
// place and a field from its page, sees Share warn about a private view, publishes the dataset
// with its switch, and deletes an import, each delete saying first what goes with it; in light,
// dark and at 390 px, axe-core clean, with no request leaving the machine.
let dataDir: string
let database: TestDatabase | undefined
let app: RunningChronotope
let browser: OfflineBrowser
let context: BrowserContext
let page: Page
let token: string
let datasetId: number
let eventId: number

const owner = DEMO_USERS.find((user) => user.role === 'user')!
const SCREENSHOTS = path.join(tmpdir(), 'chronotope-screenshots', 'owners')
const READY_MS = 60_000
const FILE = `id,title,date,lat,lon,crowd,city
p1,March in Lyon,2024-03-01,45.76,4.84,1200,Lyon
p2,Rally in Nantes,2024-03-02,47.22,-1.55,300,Nantes
p3,Sit-in,2024-04-05,,,40,
`

async function api(pathAndQuery: string, init: RequestInit = {}): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${app.baseUrl}${pathAndQuery}`, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `JWT ${token}`, ...init.headers },
  })
  return { status: response.status, body: await response.json() }
}

async function screenshot(target: Page, name: string, fullPage = true): Promise<void> {
  await target.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage })
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Serious and critical axe-core violations of the page as it is now. */
async function seriousViolations(target: Page): Promise<string[]> {
  await target.addScriptTag({ content: axeSource })
  const violations = await target.evaluate(async () => {
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
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true })
  dataDir = mkdtempSync(path.join(tmpdir(), 'chronotope-e2e-owners-'))
  if (externalServerUrl()) database = await createTestDatabase('chronotope_e2e_owners')
  const env: NodeJS.ProcessEnv = { ...process.env, CHRONOTOPE_DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: '1' }
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'VITEST', 'NODE_ENV']) delete env[name]
  // The production build, made once for every end-to-end file by setup/production-build.ts.
  app = await startChronotope({ dataDir, databaseUrl: database?.url, production: true })
  await runScript('seed', ['--environment', 'demo'], database ? { ...env, DATABASE_URL: database.url } : env)
  browser = await launchOfflineBrowser({ webgl: true })
  context = await newOfflineContext(browser)
  page = await context.newPage()
  const login = await fetch(`${app.baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: owner.email, password: owner.password }),
  })
  expect(login.status).toBe(200)
  token = ((await login.json()) as { token: string }).token
  const progress = await importOverHttp(
    app.baseUrl,
    token,
    { name: 'owners.csv', bytes: FILE },
    { catalogName: 'Owners (browser test)', datasetName: 'Protests' },
  )
  expect(progress.status).toBe('completed')
  datasetId = Number(progress.jobs[0].datasetId)
  const events = await api(`/api/events?where[dataset][equals]=${datasetId}&where[uniqueId][equals]=id:p1&depth=0`)
  eventId = Number(events.body.docs[0].id)
  await page.goto(`${app.baseUrl}/`)
  await signInPage(page, owner)
})

afterAll(async () => {
  await browser?.close()
  await app?.interrupt()
  await database?.drop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('an owner acting without the admin', () => {
  it('edits the title, time, place and a field from the event page', async () => {
    const before = (await api(`/api/events/${eventId}?depth=0`)).body
    await page.goto(`${app.baseUrl}/events/${eventId}`)
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    const form = page.getByRole('form', { name: 'Edit this event' })
    await expect(
      form.getByLabel('Title', { exact: true }).evaluate((input) => input === document.activeElement),
    ).resolves.toBe(true)
    await form.getByLabel('Title', { exact: true }).fill('March in Lyon (corrected)')
    await form.getByLabel('Start').fill('2024-03-02 14:30')
    await form.getByText('Read as 2 March 2024, 14:30 UTC (minute)').waitFor()
    await form.getByLabel('Search a place').fill('Nantes')
    await form.getByLabel('Search a place').press('Enter')
    await form.getByRole('list', { name: 'Places found' }).getByRole('button').first().click({ timeout: READY_MS })
    await form.getByText(/^Now: Nantes/).waitFor()
    await form.getByLabel('crowd').fill('1,500')
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'event-edit-light')

    await form.getByRole('button', { name: 'Save changes' }).click()
    await page.getByRole('heading', { level: 1, name: 'March in Lyon (corrected)' }).waitFor({ timeout: READY_MS })
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
    await expect(page.locator('.event-when').textContent()).resolves.toMatch(/2 March 2024, 14:30.*Nantes/)

    const after = (await api(`/api/events/${eventId}?depth=0`)).body
    expect(after.location[1]).toBeCloseTo(47.22, 1)
    expect(after.data.crowd).toBe(1500)
    expect(after.timePrecision).toBe('minute')
    expect(Object.keys(after.handEdits).sort()).toEqual(['data.crowd', 'eventTime', 'location', 'title'])
    expect(after.original).toEqual(before.original)

    // A point picked on the small map: a click moves the place there.
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    const map = page.locator('.event-pick-map .event-map-canvas canvas')
    await map.waitFor({ timeout: READY_MS })
    const now = page.getByText(/^Now: /)
    const placed = await now.textContent()
    const box = (await map.boundingBox())!
    // Clicked until the map, still loading its style at first, takes the click.
    await expect
      .poll(async () => {
        await map.click({ position: { x: box.width / 2 - 60, y: box.height / 2 + 40 } })
        return now.textContent()
      })
      .not.toBe(placed)
    await expect(now.textContent()).resolves.toMatch(/^Now: Nantes.*\(4\d\.\d+° N, \d\.\d+° W\)/)
    await page.getByRole('button', { name: 'Cancel' }).click()
  })

  it('is not offered to someone who may not edit the event', async () => {
    const stranger = await newOfflineContext(browser)
    const strangerPage = await stranger.newPage()
    // Signed out, the private event is not there at all.
    const response = await strangerPage.goto(`${app.baseUrl}/events/${eventId}`)
    expect(response?.status()).toBe(404)
    await stranger.close()
  })

  it('warns on Share when the view shows private data nobody else can see', async () => {
    await page.goto(`${app.baseUrl}/explore?datasets=${datasetId}`)
    await page.getByRole('button', { name: 'Share' }).click({ timeout: READY_MS })
    const warning = page.locator('.explore-share > .share-warning')
    await warning.waitFor()
    await expect(warning.textContent()).resolves.toMatch(/^Only you can see this view: dataset "Protests" is private/)
    await screenshot(page, 'share-warning-light', false)
  })

  it('publishes the dataset with one switch that says what it makes visible', async () => {
    await page.goto(`${app.baseUrl}/datasets/${datasetId}`)
    const state = page.getByRole('status').filter({ hasText: /^Private: / })
    await state.waitFor({ timeout: READY_MS })
    const toggle = page.getByRole('switch', { name: 'Public' })
    await expect(toggle.getAttribute('aria-checked')).resolves.toBe('false')
    await toggle.click()
    const dialog = page.getByRole('dialog', { name: 'Publish this dataset?' })
    await expect(dialog.textContent()).resolves.toMatch(/will see its 3 events: titles, times, the 2 places on the map/)
    await expect(dialog.textContent()).resolves.toMatch(/catalog "Owners \(browser test\)" becomes public too/)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'publish-dialog-light', false)
    await dialog.getByRole('button', { name: 'Publish' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: /^Public: anyone/ })
      .waitFor({ timeout: READY_MS })
    await expect(toggle.getAttribute('aria-checked')).resolves.toBe('true')
    const anonymous = await fetch(`${app.baseUrl}/api/events/${eventId}`)
    expect(anonymous.status).toBe(200)
    // Public now, the event page opens for everyone, but offers Edit only to those who may edit.
    const visitor = await newOfflineContext(browser)
    const visitorPage = await visitor.newPage()
    expect((await visitorPage.goto(`${app.baseUrl}/events/${eventId}`))?.status()).toBe(200)
    await visitorPage.getByRole('heading', { level: 1, name: /^March in Lyon/ }).waitFor()
    expect(await visitorPage.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0)
    expect(await visitorPage.getByRole('link', { name: 'Manage the dataset' }).count()).toBe(0)
    await visitor.close()

    // Public now: Share no longer warns.
    await page.goto(`${app.baseUrl}/explore?datasets=${datasetId}`)
    await page.getByRole('button', { name: 'Share' }).click({ timeout: READY_MS })
    await page
      .locator('.explore-share-status')
      .filter({ hasText: /Link copied|Copy this link/ })
      .waitFor()
    expect(await page.locator('.explore-share > .share-warning').count()).toBe(0)
  })

  it('deletes an import after saying what goes with it and what stays', async () => {
    await page.goto(`${app.baseUrl}/datasets/${datasetId}`)
    await page.getByRole('list').filter({ hasText: 'owners.csv' }).getByRole('button', { name: 'Delete…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete the import of "owners.csv"?' })
    await dialog
      .getByText(/^Deletes the uploaded file "owners.csv" and its 1 import job/)
      .waitFor({ timeout: READY_MS })
    await dialog
      .getByText('The 3 events it imported stay in dataset "Protests"; delete the dataset to remove them.')
      .waitFor()
    await screenshot(page, 'delete-import-light', false)
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
    await page.getByText('No import of a file is recorded for this dataset.').waitFor({ timeout: READY_MS })
    expect((await api(`/api/events?where[dataset][equals]=${datasetId}&limit=1`)).body.totalDocs).toBe(3)
  })

  it('reads in dark and at 390 px wide', async () => {
    for (const [name, options] of [
      ['dark', { colorScheme: 'dark' as const }],
      ['390', { viewport: { width: 390, height: 844 } }],
    ] as const) {
      const other = await newOfflineContext(browser, options)
      const view = await other.newPage()
      await view.goto(`${app.baseUrl}/`)
      await signInPage(view, owner)
      await view.goto(`${app.baseUrl}/events/${eventId}`)
      await view.getByRole('button', { name: 'Edit', exact: true }).click()
      await view.locator('.event-pick-map canvas').waitFor({ timeout: READY_MS })
      expect(await seriousViolations(view), `event page ${name}`).toEqual([])
      const width = await view.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)
      expect(width, `event page ${name} scrolls sideways`).toBeLessThanOrEqual(0)
      await screenshot(view, `event-edit-${name}`)
      await view.goto(`${app.baseUrl}/datasets/${datasetId}`)
      await view.getByRole('switch', { name: 'Public' }).waitFor({ timeout: READY_MS })
      expect(await seriousViolations(view), `dataset page ${name}`).toEqual([])
      await screenshot(view, `dataset-${name}`)
      await other.close()
    }
    expect(browser.blockedRequests).toEqual([])
  })
})
