import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { undecidedDatesCsv } from '@chronotope/test-fixtures'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEMO_USERS } from '../../src/seed/demo-content'
import { signInPage } from '../helpers/browser-session'
import { startChronotope, type RunningChronotope } from '../helpers/chronotope-process'
import {
  BAD_ROWS_FILE_ROWS,
  BROKEN_ROWS,
  TRUMP_CSV,
  writeTrumpWithBadRows,
  writeTrumpWithoutCoordinates,
} from '../helpers/fixture-variants'
import { launchOfflineBrowser, newOfflineContext, type OfflineBrowser } from '../helpers/offline-browser'
import { createTestDatabase, externalServerUrl, type TestDatabase } from '../setup/test-database'

// A journalist's import in the browser, against Chronotope started as `npm start` starts it, with
// the worker it starts running the import jobs.
let dataDir: string
let database: TestDatabase | undefined
let app: RunningChronotope
let browser: OfflineBrowser
let page: Page

const demoUser = DEMO_USERS.find((user) => user.role === 'user')!
const demoEditor = DEMO_USERS.find((user) => user.role === 'editor')!
const CATALOG = 'Campaign trail (UI test)'
// Generous: a shared two-core machine may be busy with other tests' servers.
const COMPILE_MS = 180_000
const IMPORT_MS = 180_000

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'chronotope-import-ui-'))
  if (externalServerUrl()) database = await createTestDatabase('chronotope_import_ui')
  app = await startChronotope({ dataDir, databaseUrl: database?.url })
  browser = await launchOfflineBrowser()
  page = await browser.context.newPage()
})

afterAll(async () => {
  await browser?.close()
  await app?.interrupt()
  await database?.drop()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Uploads a file from step 1 and waits for the preview (step 2). */
async function uploadAndPreview(
  file: string,
  options: { newCatalog?: string; catalog?: string; existingDataset?: string } = {},
) {
  await page.goto(`${app.baseUrl}/import`, { timeout: COMPILE_MS })
  await page.getByRole('heading', { name: 'Choose a file' }).waitFor({ timeout: COMPILE_MS })
  await page.locator('input[type="file"]').setInputFiles(file)
  await expect(page.locator('.import-dropzone').textContent()).resolves.toContain(path.basename(file))
  if (options.newCatalog) {
    await page.getByLabel('New catalog name').fill(options.newCatalog)
  } else if (options.catalog) {
    // The user's catalogs load after the page, and the picker then chooses one of them.
    await page.getByLabel('Existing catalog').selectOption({ label: options.catalog }, { timeout: 30_000 })
  }
  if (options.existingDataset) {
    await page.getByLabel('Add to an existing dataset').check({ timeout: 30_000 })
    await page.getByLabel('Existing dataset', { exact: true }).selectOption({ label: options.existingDataset })
  }
  await page.getByRole('button', { name: 'Upload and preview' }).click()
  await page.getByRole('heading', { name: /^Check the columns: / }).waitFor({ timeout: COMPILE_MS })
  await page.locator('table.import-fields tbody tr').first().waitFor({ timeout: COMPILE_MS })
}

/** Starts the import from the preview and waits until it is final or waits for an approval. */
async function startAndWait(final: RegExp) {
  await page.getByRole('button', { name: 'Start import' }).click()
  await page.locator('.import-stages').first().waitFor({ timeout: 60_000 })
  await page.locator('.import-summary .import-badge', { hasText: final }).waitFor({ timeout: IMPORT_MS })
}

async function countText(label: string): Promise<string> {
  return (await page.locator('.import-counts > div', { hasText: label }).locator('dd').textContent()) ?? ''
}

describe('the import page', () => {
  it('asks signed-out visitors to sign in and come back', async () => {
    const response = await page.goto(`${app.baseUrl}/import`, { timeout: COMPILE_MS })
    expect(response?.status()).toBe(200)
    const link = page.getByRole('link', { name: 'Sign in to import' })
    await expect(link.getAttribute('href')).resolves.toBe('/admin/login?redirect=%2Fimport')
  })

  it('previews the campaign file with its detected columns, imports its 106 events and links to them', async () => {
    await signInPage(page, demoUser)
    await uploadAndPreview(TRUMP_CSV, { newCatalog: CATALOG })

    const facts = await page.locator('.import-facts').textContent()
    expect(facts).toContain('CSV')
    expect(facts).toContain('UTF-8')
    expect(facts).toContain('comma')
    // Each detected column with its type and the role Chronotope chose for it.
    const expected: Array<[string, string, string]> = [
      ['date', 'Date', 'start-time'],
      // A place's name is never guessed as the title (it would come back on every re-import).
      ['location', 'Text', 'place'],
      ['city', 'Text', 'city'],
      ['lat', 'Coordinate', 'latitude'],
      ['lng', 'Coordinate', 'longitude'],
    ]
    for (const [column, type, role] of expected) {
      const row = page.locator('table.import-fields tbody tr', {
        has: page.locator('th', { hasText: new RegExp(`^${column}$`) }),
      })
      await expect(row.locator('td').first().textContent(), column).resolves.toContain(type)
      await expect(row.getByRole('combobox', { name: `Role of column ${column}` }).inputValue(), column).resolves.toBe(
        role,
      )
    }
    await expect(page.locator('table.import-fields tbody tr').first().textContent()).resolves.toContain('read as M/D/Y')
    expect(await page.locator('table.import-rows tbody tr').count()).toBe(10)
    await expect(page.locator('table.import-rows tbody tr').first().textContent()).resolves.toContain('Wilmington, OH')

    // The preview's page is reload-safe: its URL names the import.
    expect(page.url()).toMatch(/\/import\?importId=\d+$/)
    await startAndWait(/^Completed$/)

    expect(await countText('Events created')).toBe('106')
    expect(await countText('Row errors')).toBe('0')
    await expect(page.locator('.import-balance').textContent()).resolves.toContain('Every row is accounted for')
    const explore = page.getByRole('link', { name: 'Explore the dataset' })
    await expect(explore.getAttribute('href')).resolves.toMatch(/^\/explore\?datasets=\d+$/)
    for (const stage of ['Schema detection', 'Analyze duplicates', 'Create events']) {
      const bar = page.getByRole('progressbar', { name: stage })
      await expect(bar.getAttribute('aria-valuenow'), stage).resolves.toBe('100')
    }

    await page.reload()
    await page
      .getByRole('heading', { name: /^Imported presidential-campaign-trail_trump/ })
      .waitFor({ timeout: 60_000 })
    expect(await countText('Events created')).toBe('106')
  })

  it('asks the order of a date column no value decides, and starts only once it is answered', async () => {
    const file = path.join(dataDir, 'undecided-dates.csv')
    const { csv, rows } = undecidedDatesCsv()
    writeFileSync(file, csv)
    await uploadAndPreview(file, { catalog: CATALOG })

    const dates = page.getByRole('region', { name: 'How dates are read' })
    const column = dates.getByRole('group', { name: 'Date', exact: true })
    await expect(column.locator('.import-date-question').textContent()).resolves.toContain(
      'Choose the order: all 30 values written with numbers and the year last, such as 03/01/2024',
    )
    await expect(column.getByRole('row').nth(1).textContent()).resolves.toBe(
      '03/01/20243 January 2024 (day first) or 1 March 2024 (month first)',
    )
    await page.getByRole('button', { name: 'Start import' }).click()
    const problems = page.getByRole('alert').filter({ hasText: 'Fix before starting' })
    await expect(problems.textContent()).resolves.toContain('Choose the date order of “Date”')
    await expect(problems.textContent()).resolves.toContain('Choose the date order of “End date”')
    // Still the preview: nothing started.
    await page.getByRole('heading', { name: /^Check the columns: / }).waitFor()
    expect(await page.locator('.import-stages').count()).toBe(0)

    await column.getByLabel(/^Day first/).check()
    await expect(column.getByRole('row').nth(1).textContent()).resolves.toBe('03/01/20243 January 2024')
    await dates
      .getByRole('group', { name: 'End date' })
      .getByLabel(/^Day first/)
      .check()
    if (process.env.SCREENSHOT_DIR)
      await dates.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, 'preview-date-orders.png') })
    await startAndWait(/^Completed$/)
    expect(await countText('Events created')).toBe(String(rows.length))
    expect(await countText('Row errors')).toBe('0')

    // The event page shows the cell as the file wrote it beside what Chronotope read.
    const explore = await page.getByRole('link', { name: 'Explore the dataset' }).getAttribute('href')
    const datasetId = Number(/datasets=(\d+)/.exec(explore ?? '')?.[1])
    const eventId = await page.evaluate(async (dataset) => {
      const response = await fetch(`/api/events?where[dataset][equals]=${dataset}&where[sourceRow][equals]=1&depth=0`, {
        credentials: 'include',
      })
      return ((await response.json()) as { docs: Array<{ id: number }> }).docs[0]?.id
    }, datasetId)
    await page.goto(`${app.baseUrl}/events/${eventId}`, { timeout: COMPILE_MS })
    const dateRow = page.getByRole('region', { name: 'Columns and values of the original row' }).getByRole('row', {
      name: /^Date /,
    })
    await expect(dateRow.locator('td').textContent()).resolves.toBe('written 03/01/2024 →  read as 3 January 2024')
    if (process.env.SCREENSHOT_DIR)
      await page
        .locator('section[aria-labelledby="event-row"]')
        .screenshot({ path: path.join(process.env.SCREENSHOT_DIR, 'event-original-row.png') })
  })

  it('asks the order of a "lat, lon" column no value decides, with its values as read', async () => {
    // Signed in by the campaign test when the whole file runs; on its own, sign in here.
    const isSignedIn = (await page.context().cookies()).some((cookie) => cookie.name.endsWith('-token'))
    if (!isSignedIn) {
      await page.goto(`${app.baseUrl}/import`, { timeout: COMPILE_MS })
      await signInPage(page, demoUser)
    }
    const file = path.join(dataDir, 'pairs.csv')
    writeFileSync(
      file,
      [
        'Title,Date,Location',
        'Paris,2024-04-01,"48.8566, 2.3522"',
        'Berlin,2024-04-02,"52.5200, 13.4050"',
        'Madrid,2024-04-03,"40.4168, -3.7038"',
      ].join('\n'),
    )
    await uploadAndPreview(file, isSignedIn ? { catalog: CATALOG } : { newCatalog: 'Pairs (UI test)' })

    const coordinates = page.getByRole('region', { name: 'How coordinates are read' })
    const column = coordinates.getByRole('group', { name: 'Location', exact: true })
    await expect(column.locator('.import-date-question').textContent()).resolves.toContain(
      'Choose the order: every value, such as 48.8566, 2.3522, has both numbers within ±90',
    )
    await expect(column.getByRole('row').nth(1).textContent()).resolves.toBe(
      '48.8566, 2.352248.8566° N, 2.3522° E (latitude first) or 2.3522° N, 48.8566° E (longitude first)',
    )
    await page.getByRole('button', { name: 'Start import' }).click()
    const problems = page.getByRole('alert').filter({ hasText: 'Fix before starting' })
    await expect(problems.textContent()).resolves.toContain('Choose the coordinate order of “Location”')
    expect(await page.locator('.import-stages').count()).toBe(0)

    await column.getByLabel(/^Latitude first/).check()
    await expect(column.getByRole('row').nth(1).textContent()).resolves.toBe('48.8566, 2.352248.8566° N, 2.3522° E')
    if (process.env.SCREENSHOT_DIR) {
      const shot = (name: string) =>
        coordinates.screenshot({ path: path.join(process.env.SCREENSHOT_DIR!, `preview-pair-order-${name}.png`) })
      await shot('light')
      await page.emulateMedia({ colorScheme: 'dark' })
      await shot('dark')
      await page.emulateMedia({ colorScheme: 'light' })
      const size = page.viewportSize()
      await page.setViewportSize({ width: 390, height: 844 })
      await shot('390')
      if (size) await page.setViewportSize(size)
    }
    await startAndWait(/^Completed$/)
    expect(await countText('Events created')).toBe('3')
  })

  it('lists the rows that could not be imported and offers all of them as CSV', async () => {
    const file = writeTrumpWithBadRows(dataDir)
    await uploadAndPreview(file, { catalog: CATALOG })
    await expect(page.locator('.import-warnings').textContent()).resolves.toContain('31/31/2016')
    await startAndWait(/^Completed$/)

    expect(await countText('Row errors')).toBe(String(BROKEN_ROWS.length))
    expect(await countText('Events created')).toBe(String(BAD_ROWS_FILE_ROWS - BROKEN_ROWS.length))
    const table = page.getByRole('region', { name: 'Row errors' })
    for (const broken of BROKEN_ROWS) {
      const row = table
        .locator('tbody tr', { has: page.locator('td:first-child', { hasText: new RegExp(`^${broken.row}$`) }) })
        .first()
      await expect(row.textContent(), `row ${broken.row}`).resolves.toContain(broken.column)
      if (broken.value) await expect(row.textContent(), `row ${broken.row}`).resolves.toContain(broken.value)
    }

    const download = page.getByRole('link', { name: 'Download all row errors (CSV)' })
    const href = await download.getAttribute('href')
    expect(href).toMatch(/^\/api\/import\/\d+\/errors\.csv\?job=\d+$/)
    const csv = await page.evaluate(async (url) => {
      const response = await fetch(url, { credentials: 'include' })
      return { status: response.status, type: response.headers.get('content-type'), text: await response.text() }
    }, href!)
    expect(csv.status).toBe(200)
    expect(csv.type).toContain('text/csv')
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/)
    expect(lines[0]).toBe('sheet,row,column,value,code,message')
    for (const broken of BROKEN_ROWS) {
      expect(
        lines.some((line) => line.includes(`,${broken.row},`) && line.includes(broken.code)),
        broken.code,
      ).toBe(true)
    }
  })

  it('lists the places it could not find and lets the uploader put one on the map', async () => {
    const file = path.join(dataDir, 'fairs.csv')
    writeFileSync(file, 'title,date,city,state\nFair,2021-05-01,Dayton,Ohio\nMarket,2021-05-03,Xqzzyville,\n')
    await uploadAndPreview(file, { catalog: CATALOG })
    await startAndWait(/^Completed$/)
    // The summary goes on to say how many are still without a point once one is corrected.
    const notFound = page.locator('details', { hasText: 'Places not placed by the geocoder (1' })
    await notFound.locator('li', { hasText: 'xqzzyville' }).getByRole('button', { name: 'Correct' }).click()
    await notFound.getByLabel('Latitude, longitude').fill('95, 10')
    await notFound.getByRole('button', { name: 'Save' }).click()
    await notFound.getByRole('alert').getByText('Enter latitude and longitude').waitFor()
    await notFound.getByLabel('Latitude, longitude').fill('39.96, -82.99')
    await notFound.getByRole('button', { name: 'Save' }).click()
    await expect
      .poll(() => notFound.locator('li', { hasText: 'xqzzyville' }).textContent(), { timeout: 30_000 })
      .toMatch(/placed by hand at 39\.96, -82\.99 by its owner.* \(1 event moved\)/)
    await expect(notFound.locator('summary').textContent()).resolves.toBe(
      'Places not placed by the geocoder (1, 0 still without a point)',
    )
    if (process.env.SCREENSHOT_DIR)
      await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, 'place-correction.png'), fullPage: true })
  })

  it('re-imports a corrected file into its dataset, remembering its options and keeping a hand edit', async () => {
    const first = path.join(dataDir, 'protests.csv')
    writeFileSync(
      first,
      'id,title,date,city,crowd\np1,March in Paris,2024-01-21,Paris,1200\np2,Rally in Lyon,2024-04-03,Lyon,300\n' +
        'p3,Sit-in in Lille,2024-04-05,Lille,50\np4,Strike in Nantes,2024-04-07,Nantes,80\n',
    )
    await uploadAndPreview(first, { catalog: CATALOG })
    await page.getByLabel('Recognise events on re-import').selectOption('external')
    await page.getByLabel('Id column').selectOption('id')
    await page.getByLabel('Update the event').check()
    await startAndWait(/^Completed$/)
    expect(await countText('Events created')).toBe('4')

    // The owner corrects p1's crowd and p4's title by hand, through the REST API as the admin would.
    const explore = await page.getByRole('link', { name: 'Explore the dataset' }).getAttribute('href')
    const datasetId = Number(/datasets=(\d+)/.exec(explore ?? '')?.[1])
    const edited = await page.evaluate(async (dataset) => {
      const find = async (title: string) => {
        const query = `where[dataset][equals]=${dataset}&where[title][equals]=${encodeURIComponent(title)}&depth=0`
        const response = await fetch(`/api/events?${query}`, { credentials: 'include' })
        return ((await response.json()) as { docs: Array<{ id: number; data: Record<string, unknown> }> }).docs[0]!
      }
      const patch = async (id: number, body: object) =>
        (
          await fetch(`/api/events/${id}`, {
            method: 'PATCH',
            credentials: 'include',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).status
      const paris = await find('March in Paris')
      const nantes = await find('Strike in Nantes')
      return [
        await patch(paris.id, { data: { ...paris.data, crowd: 1300 } }),
        await patch(nantes.id, { title: 'Strike of the Nantes dock workers' }),
      ]
    }, datasetId)
    expect(edited).toEqual([200, 200])

    // A week later the source revises p1's crowd and p3's date and adds two rows.
    const second = path.join(dataDir, 'protests-corrected.csv')
    writeFileSync(
      second,
      'id,title,date,city,crowd\np1,March in Paris,2024-01-21,Paris,1500\np2,Rally in Lyon,2024-04-03,Lyon,300\n' +
        'p3,Sit-in in Lille,2024-04-06,Lille,50\np4,Strike in Nantes,2024-04-07,Nantes,80\n' +
        'p5,Vigil in Rennes,2024-04-09,Rennes,10\np6,New march,2024-04-10,Paris,20\n',
    )
    await uploadAndPreview(second, { catalog: CATALOG, existingDataset: 'protests' })
    const note = page.getByRole('note').filter({ hasText: 'Into protests' })
    await expect(note.textContent()).resolves.toContain('the columns and options start as its last import set them')
    await expect(page.getByLabel('Recognise events on re-import').inputValue()).resolves.toBe('external')
    await expect(page.getByLabel('Update the event').isChecked()).resolves.toBe(true)
    await expect(page.getByLabel('Keep what people corrected by hand').isChecked()).resolves.toBe(true)
    if (process.env.SCREENSHOT_DIR)
      await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, 'reimport-preview.png'), fullPage: true })
    await startAndWait(/^Completed$/)

    expect(await countText('Rows read')).toBe('6 of 6')
    expect(await countText('Events created')).toBe('2')
    expect(await countText('Events updated')).toBe('1')
    expect(await countText('Unchanged')).toBe('2')
    expect(await countText('Left alone (hand edits)')).toBe('1')
    await expect(page.locator('.import-balance').textContent()).resolves.toContain('Every row is accounted for')
    const leftAlone = page.getByRole('region', { name: 'Events left alone' }).locator('tbody tr')
    expect(await leftAlone.count()).toBe(1)
    await expect(leftAlone.first().textContent()).resolves.toMatch(/March in Paris.*crowd.*1,?300.*1,?500/)
    if (process.env.SCREENSHOT_DIR) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme })
        await page
          .locator('.import-reimport')
          .screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `reimport-summary-${colorScheme}.png`) })
      }
      await page.emulateMedia({ colorScheme: 'light' })
      const size = page.viewportSize()
      await page.setViewportSize({ width: 390, height: 844 })
      await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, 'reimport-summary-390.png'), fullPage: true })
      if (size) await page.setViewportSize(size)
    }
  })

  it('holds a breaking change for an editor, who approves it from the pending approvals', async () => {
    const file = writeTrumpWithoutCoordinates(dataDir)
    await uploadAndPreview(file, { catalog: CATALOG, existingDataset: 'presidential-campaign-trail_trump' })
    await startAndWait(/^Waiting for an editor$/)
    await expect(page.locator('.import-approval').textContent()).resolves.toContain(
      'An editor has to approve the change',
    )
    const importUrl = page.url()

    const editorContext = await newOfflineContext(browser)
    try {
      const editorPage = await editorContext.newPage()
      await editorPage.goto(`${app.baseUrl}/import`, { timeout: COMPILE_MS })
      await signInPage(editorPage, demoEditor)
      await editorPage.goto(`${app.baseUrl}/import`, { timeout: COMPILE_MS })
      const pending = editorPage.getByRole('region', { name: 'Pending approvals' })
      const item = pending.locator('li', { hasText: 'campaign-without-coordinates' })
      await item.getByRole('button', { name: 'Review changes' }).click({ timeout: 60_000 })
      const changes = item.getByRole('region', { name: 'Schema changes' })
      await changes.waitFor({ timeout: 60_000 })
      for (const column of ['lat', 'lng']) {
        const row = changes.locator('tbody tr', {
          has: editorPage.locator('th', { hasText: new RegExp(`^${column}$`) }),
        })
        await expect(row.textContent(), column).resolves.toContain('field removed')
        await expect(row.getAttribute('class'), column).resolves.toContain('is-breaking')
      }
      await item.getByRole('button', { name: 'Approve' }).click()
      await pending.getByText('No import waits for an approval').waitFor({ timeout: 60_000 })
    } finally {
      await editorContext.close()
    }

    // The uploader's page polls on its own and shows the import finished.
    expect(page.url()).toBe(importUrl)
    await page.locator('.import-summary .import-badge', { hasText: /^Completed$/ }).waitFor({ timeout: IMPORT_MS })
    expect(await countText('Rows read')).toBe('40 of 40')
    await expect(page.locator('.import-balance').textContent()).resolves.toContain('Every row is accounted for')
    expect(browser.blockedRequests).toEqual([])
  })
})
