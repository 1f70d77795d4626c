/**
 * `npm run docs:screenshots [-- --url http://localhost:3000]`: photographs the running app (start
 * it with `npm start`, which seeds the demo data) in Chromium for the user guides, so they show
 * what users really see. Writes PNGs to `apps/docs/static/img/screenshots/`; run it again when the
 * screens change. Every request that leaves the machine is blocked.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'

import { chromium, type BrowserContext, type Page } from 'playwright-core'

import { DEMO_USERS } from '../../web/src/seed/demo-content'

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const OUT_DIR = path.resolve(import.meta.dirname, '../static/img/screenshots')
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

function baseUrl(argv: readonly string[]): string {
  const index = argv.indexOf('--url')
  return (index >= 0 ? argv[index + 1] : undefined) ?? process.env.CHRONOTOPE_URL ?? 'http://localhost:3000'
}

async function offlineContext(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  options: { scheme: 'light' | 'dark'; width: number; height: number },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: options.width, height: options.height },
    colorScheme: options.scheme,
    deviceScaleFactor: 1,
  })
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url())
    if (LOCAL_HOSTS.has(url.hostname) || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue()
    return route.abort('internetdisconnected')
  })
  return context
}

// The explore view once its map, timeline and list have drawn what they asked for.
async function exploreReady(page: Page): Promise<void> {
  for (const panel of ['explore-map', 'explore-timeline', 'explore-list'])
    await page.locator(`[data-testid="${panel}"]:not([data-state="loading"])`).first().waitFor({ timeout: 60_000 })
  // The map's last tiles and the fonts settle a moment after the panels say ready.
  await page.waitForTimeout(1_500)
}

async function shoot(page: Page, name: string): Promise<void> {
  const file = path.join(OUT_DIR, `${name}.png`)
  await page.screenshot({ path: file })
  console.log(`  ${path.relative(process.cwd(), file)}`)
}

async function datasetId(context: BrowserContext, base: string, slug: string): Promise<number> {
  const response = await context.request.get(`${base}/api/datasets?where[slug][equals]=${slug}&limit=1&depth=0`)
  const body = (await response.json()) as { docs: Array<{ id: number }> }
  if (!body.docs[0]) throw new Error(`No dataset "${slug}": start the app with its demo data (npm start).`)
  return body.docs[0].id
}

async function main(): Promise<void> {
  const base = baseUrl(process.argv)
  const health = await fetch(`${base}/api/health`).catch(() => null)
  if (!health?.ok) throw new Error(`Chronotope does not answer at ${base}: start it with npm start, or pass --url.`)
  mkdirSync(OUT_DIR, { recursive: true })
  console.log(`Photographing ${base} into ${path.relative(process.cwd(), OUT_DIR)}…`)
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--enable-unsafe-swiftshader',
      '--use-angle=swiftshader',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  try {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await offlineContext(browser, { scheme, width: 1280, height: 800 })
      const page = await context.newPage()
      await page.goto(`${base}/explore`)
      await exploreReady(page)
      await shoot(page, `explore-${scheme}`)
      await context.close()
    }

    const context = await offlineContext(browser, { scheme: 'light', width: 1280, height: 800 })
    const page = await context.newPage()
    const earthquakes = await datasetId(context, base, 'earthquakes')
    await page.goto(`${base}/explore?datasets=${earthquakes}&start=1990&end=2010`)
    await exploreReady(page)
    await shoot(page, 'explore-filtered')

    await page.getByRole('button', { name: 'Embed' }).click()
    await page.getByRole('dialog').waitFor()
    await shoot(page, 'embed-dialog')

    const list = await context.request.get(`${base}/api/events/list?datasets=${earthquakes}&limit=1`)
    const [event] = ((await list.json()) as { events: Array<{ id: number }> }).events
    await page.goto(`${base}/events/${event!.id}`)
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(1_500)
    await shoot(page, 'event-page')

    const user = DEMO_USERS.find((account) => account.role === 'user')!
    const login = await context.request.post(`${base}/api/users/login`, {
      data: { email: user.email, password: user.password },
    })
    if (!login.ok()) throw new Error(`Could not sign in as ${user.email} (${login.status()}): is the demo data seeded?`)
    await page.goto(`${base}/import`)
    await page.waitForLoadState('networkidle')
    await shoot(page, 'import')
    await context.close()

    const phone = await offlineContext(browser, { scheme: 'light', width: 390, height: 844 })
    const phonePage = await phone.newPage()
    await phonePage.goto(`${base}/explore`)
    await phonePage.locator('[data-testid="explore-map"]:not([data-state="loading"])').waitFor({ timeout: 60_000 })
    await phonePage.waitForTimeout(1_500)
    await shoot(phonePage, 'explore-phone')
    await phone.close()
  } finally {
    await browser.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
