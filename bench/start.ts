/**
 * `npm run bench:start [-- --dev]`: what `npm install && npm start` costs a laptop. Starts the app
 * as a newcomer does (`npm start`: the embedded database, the demo data seeded into a fresh data
 * folder, the production build, built first when the sources changed; with `--dev`, `npm run dev`
 * and its development server instead), visits the home page, explore, import, an event's page and the
 * admin (its sign-in page, then its dashboard) in headless Chromium, and prints how long each
 * first visit took and the memory the whole process tree then holds, process by process, against
 * the targets of issue 29 (1.2 GB in all, the admin's first page under 5 s). Prints the core
 * count and load average beside them. The data folder is removed at the end.
 * @module
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { cleanUpOnSignals } from './cleanup'
import { megabytes, treeMemory } from './process-memory'
import { freePort, startApp, type RunningApp } from './read-server'
import { launchBenchBrowser, type BenchBrowser } from './ui-browser'
import { describeLoadAverage } from './machine-load'

const TARGET_TREE_BYTES = 1.2 * 1024 ** 3
const TARGET_ADMIN_SECONDS = 5
// A first visit compiles its route in the development server: slow on two busy cores, so bounded loosely.
const dev = process.argv.includes('--dev')
const VISIT_TIMEOUT_MS = 300_000
// The first start of a fresh checkout builds the app before serving it.
const BUILD_AND_START_TIMEOUT_MS = 900_000
const ADMIN = { email: 'admin@chronotope.local', password: 'chronotope-admin' }

const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED')
const { cleanups, cleanUp } = cleanUpOnSignals('stopping the app and removing its data folder')

/** A first visit: seconds until the page's `ready` element shows. */
interface Visit {
  readonly name: string
  readonly seconds: number
}

async function visit(
  browser: BenchBrowser,
  app: RunningApp,
  name: string,
  pathname: string,
  ready: string,
): Promise<Visit> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    const started = performance.now()
    await page.goto(`${app.baseUrl}${pathname}`, { timeout: VISIT_TIMEOUT_MS })
    await page.locator(ready).first().waitFor({ timeout: VISIT_TIMEOUT_MS })
    return { name, seconds: (performance.now() - started) / 1000 }
  } finally {
    await context.close()
  }
}

/** The admin: its sign-in page, then its dashboard once signed in. */
async function visitAdmin(browser: BenchBrowser, app: RunningApp): Promise<Visit[]> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    let started = performance.now()
    await page.goto(`${app.baseUrl}/admin`, { timeout: VISIT_TIMEOUT_MS })
    await page.locator('#field-email').waitFor({ timeout: VISIT_TIMEOUT_MS })
    const signIn = (performance.now() - started) / 1000
    await page.locator('#field-email').fill(ADMIN.email)
    await page.locator('#field-password').fill(ADMIN.password)
    started = performance.now()
    await page.locator('button[type="submit"]').click()
    await page.waitForURL(/\/admin\/?$/, { timeout: VISIT_TIMEOUT_MS })
    await page.locator('text=Catalogs').first().waitFor({ timeout: VISIT_TIMEOUT_MS })
    return [
      { name: 'admin: sign-in page', seconds: signIn },
      { name: 'admin: dashboard after sign-in', seconds: (performance.now() - started) / 1000 },
    ]
  } finally {
    await context.close()
  }
}

// The demo events are written by background jobs after the first start: wait for one.
async function firstEventId(app: RunningApp): Promise<number> {
  const deadline = Date.now() + VISIT_TIMEOUT_MS
  for (;;) {
    const response = await fetch(`${app.baseUrl}/api/events?limit=1&depth=0`)
    const body = (await response.json()) as { docs?: Array<{ id: number }> }
    const id = body.docs?.[0]?.id
    if (id !== undefined) return id
    if (Date.now() > deadline)
      throw new Error(
        `GET /api/events found no public event in ${VISIT_TIMEOUT_MS / 1000} s (status ${response.status})`,
      )
    await new Promise((resolve) => setTimeout(resolve, 1_000))
  }
}

function label(command: string): string {
  if (command.includes('chronotope.mjs start')) return 'launcher (embedded database, migrations, seeding)'
  if (command.includes('web-server')) return dev ? 'web server (next dev)' : 'web server (the production build)'
  if (command.includes('next build')) return 'next build'
  if (command.includes('worker')) return 'worker'
  return command
}

async function main(): Promise<void> {
  const started = performance.now()
  console.log(`npm start memory benchmark: ${os.availableParallelism()} cores, load average ${describeLoadAverage()}`)
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'chronotope-bench-start-'))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  const env: NodeJS.ProcessEnv = { ...process.env, CHRONOTOPE_DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: '1' }
  for (const name of ['DATABASE_URL', 'CHRONOTOPE_DATABASE_KIND', 'TEST_DATABASE_URL', 'NODE_ENV', 'VITEST'])
    delete env[name]
  console.log(
    dev
      ? 'Starting the app for development (npm run dev: embedded database, demo data, next dev)…'
      : 'Starting the app as a newcomer does (npm start: embedded database, demo data, the production build)…',
  )
  const app = await startApp(
    env,
    await freePort(),
    (launched) => cleanups.push(() => launched.stop()),
    BUILD_AND_START_TIMEOUT_MS,
    dev ? 'dev' : 'start',
  )
  const built = /Built the app in (\d+) s/.exec(app.output())
  console.log(
    `  answered /api/health ${app.startSeconds.toFixed(1)} s after it was started` +
      (built ? ` (it built the app first, in ${built[1]} s)` : dev ? '' : ' (its build was current)'),
  )
  const browser = await launchBenchBrowser()
  cleanups.push(() => browser.close())
  const visits: Visit[] = []
  visits.push(await visit(browser, app, 'home page', '/', 'main'))
  visits.push(await visit(browser, app, 'explore', '/explore', '.maplibregl-canvas'))
  visits.push(await visit(browser, app, 'import', '/import', 'main'))
  visits.push(await visit(browser, app, 'an event page', `/events/${await firstEventId(app)}`, 'main h1'))
  visits.push(...(await visitAdmin(browser, app)))
  // Let the compilers and the collector settle, as a laptop's user would between pages.
  await new Promise((resolve) => setTimeout(resolve, 5_000))
  const memory = treeMemory(app.pid)

  console.log(
    dev
      ? '\nFirst visits (the development server compiles each route on its first request):'
      : '\nFirst visits (a fresh browser context each, so nothing cached):',
  )
  for (const { name, seconds } of visits) {
    const target =
      name === 'admin: sign-in page'
        ? `  target ≤ ${TARGET_ADMIN_SECONDS} s: ${mark(seconds <= TARGET_ADMIN_SECONDS)}`
        : ''
    console.log(`  ${name.padEnd(32)} ${seconds.toFixed(1).padStart(6)} s${target}`)
  }
  console.log(
    '\nMemory of the process tree after the visits (RSS counts shared pages in each process; PSS splits them):',
  )
  for (const process of memory.processes)
    console.log(
      `  ${String(process.pid).padStart(7)}  ${megabytes(process.rssBytes).padStart(8)} RSS  ${(process.pssBytes === undefined ? '-' : megabytes(process.pssBytes)).padStart(8)} PSS  ${label(process.command)}`,
    )
  console.log(
    `  ${'all'.padStart(7)}  ${megabytes(memory.rssBytes).padStart(8)} RSS  ${megabytes(memory.pssBytes).padStart(8)} PSS  ` +
      `target ≤ ${megabytes(TARGET_TREE_BYTES)} RSS: ${mark(memory.rssBytes <= TARGET_TREE_BYTES)}`,
  )
  console.log(`Requests to other machines: ${browser.blockedRequests.length}`)
  console.log(
    `Load average at the end: ${describeLoadAverage()}; run time ${((performance.now() - started) / 1000).toFixed(0)} s`,
  )
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  })
  .finally(() => cleanUp())
