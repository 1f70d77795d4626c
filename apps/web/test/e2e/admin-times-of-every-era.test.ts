import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEMO_USERS } from '../../src/seed/demo-content'
import { signInPage } from '../helpers/browser-session'
import { startChronotope, type RunningChronotope } from '../helpers/chronotope-process'
import { launchOfflineBrowser, newOfflineContext, type OfflineBrowser } from '../helpers/offline-browser'
import { createTestDatabase, externalServerUrl, type TestDatabase } from '../setup/test-database'
import type { Json } from '../helpers/json'
import { importOverHttp } from '../helpers/http-import'

// The admin's events list and edit form with events before the common era and in its first
// millennium, against Chronotope started as `npm start` starts it. The browser runs in São Paulo,
// so what must not depend on the reader's zone is seen not to.
let dataDir: string
let database: TestDatabase | undefined
let app: RunningChronotope
let browser: OfflineBrowser
let context: BrowserContext
let token: string
let datasetId: number

const admin = DEMO_USERS.find((user) => user.role === 'admin')!
// Generous: a shared two-core machine may be busy with other tests' servers.
const COMPILE_MS = 180_000

/** The events, in time order, as a file gives them, with what the admin must show for them. */
const EVENTS = [
  {
    title: 'Battle of Marathon',
    date: '-0489-09-12',
    eventTime: '-000489-09-12T00:00:00.000Z',
    cell: '12 September 490 BC',
    picker: /490 BC/,
    stored: 'Stored as 12 September 490 BC, 00:00 UTC',
  },
  {
    title: 'Eruption of Vesuvius',
    date: '0079-08-24T13:00',
    eventTime: '0079-08-24T13:00:00.000Z',
    cell: '24 August AD 79, 13:00 UTC',
    picker: /24 Aug 79 AD/,
    stored: 'Stored as 24 August AD 79, 13:00 UTC',
  },
  {
    title: 'Battle of Hastings',
    date: '1066-10-14',
    eventTime: '1066-10-14T00:00:00.000Z',
    cell: '14 October 1066',
    picker: /1066 AD/,
    stored: 'Stored as 14 October 1066, 00:00 UTC',
  },
] as const
const CSV = `title,date,latitude,longitude
${EVENTS.map((event, index) => `${event.title},${event.date},${38 + index},${23 - index}`).join('\n')}
`
const ids: number[] = []

async function api(method: string, route: string, body?: unknown): Promise<Json> {
  const response = await fetch(`${app.baseUrl}/api${route}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  expect(response.status, `${method} ${route}`).toBeLessThan(300)
  return response.json()
}

/** Imports the events as a user would, through the upload API; the web process runs the jobs. */
async function importEvents(): Promise<number> {
  const progress = await importOverHttp(
    app.baseUrl,
    token,
    { name: 'battles.csv', bytes: CSV },
    { catalogName: 'Antiquity', datasetName: 'Battles' },
  )
  expect(progress.status).toBe('completed')
  expect(progress.jobs[0].counts).toMatchObject({ eventsCreated: EVENTS.length, rowErrors: 0 })
  return Number(progress.jobs[0].datasetId)
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'chronotope-admin-eras-'))
  if (externalServerUrl()) database = await createTestDatabase('chronotope_admin_eras')
  app = await startChronotope({ dataDir, databaseUrl: database?.url })
  browser = await launchOfflineBrowser()
  context = await newOfflineContext(browser, { timezoneId: 'America/Sao_Paulo' })
  const login = await fetch(`${app.baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  })
  token = ((await login.json()) as { token: string }).token
  datasetId = await importEvents()
  const { events } = await api('GET', `/events/list?datasets=${datasetId}&sort=time-asc`)
  expect(events.map((event: { eventTime: string }) => event.eventTime)).toEqual(EVENTS.map((event) => event.eventTime))
  ids.push(...events.map((event: { id: number }) => event.id))
})

afterAll(async () => {
  await browser?.close()
  await app?.interrupt()
  await database?.drop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function signedInPage(): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.goto(`${app.baseUrl}/`, { timeout: COMPILE_MS })
  await signInPage(page, admin)
  return { page, errors }
}

describe('the admin with events of every era', () => {
  it('lists them with their years as people write them, in time order', async () => {
    const { page, errors } = await signedInPage()
    await page.goto(
      `${app.baseUrl}/admin/collections/events?where[dataset][equals]=${datasetId}&sort=eventTime&limit=10`,
      { timeout: COMPILE_MS },
    )
    await page
      .locator('table tbody tr')
      .nth(EVENTS.length - 1)
      .waitFor({ timeout: COMPILE_MS })
    const cells = await page.locator('table tbody .event-time-cell').allTextContents()
    expect(cells).toEqual(EVENTS.map((event) => event.cell))
    await page.close()
    expect(errors).toEqual([])
  })

  it('opens and saves each in the edit form without moving its time', async () => {
    const { page, errors } = await signedInPage()
    for (const [index, event] of EVENTS.entries()) {
      const id = ids[index]!
      await page.goto(`${app.baseUrl}/admin/collections/events/${id}`, { timeout: COMPILE_MS })
      await page.locator('#field-title').waitFor({ timeout: COMPILE_MS })
      await expect(page.locator('#field-eventTime input').inputValue()).resolves.toMatch(event.picker)
      await expect(page.locator('.event-time-description').first().textContent()).resolves.toBe(event.stored)

      await page.locator('#field-title').fill(`${event.title} (checked)`)
      await page.locator('#action-save').click()
      await expect
        .poll(async () => (await api('GET', `/events/${id}?depth=0`)).title, { timeout: 60_000 })
        .toBe(`${event.title} (checked)`)
      const saved = await api('GET', `/events/${id}?depth=0`)
      expect(saved.eventTime, event.title).toBe(event.eventTime)
    }
    await page.close()
    expect(errors.filter((text) => !text.includes('Download the React DevTools'))).toEqual([])
    expect(browser.blockedRequests).toEqual([])
  })
})
