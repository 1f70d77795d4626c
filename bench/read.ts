/**
 * `npm run bench:read [-- --events N] [-- --embedded] [-- --skip-build] [-- --exports-only]
 * [-- --growth 100000,1000000,10000000] [-- --outside-memory]`: seeds
 * N events (default 1,000,000; 100,000 with `--embedded`) in five public datasets of two catalogs,
 * spread over the world and 1975–2024, into a fresh PostgreSQL database (BENCH_DATABASE_URL,
 * TEST_DATABASE_URL or DATABASE_URL, else the local server), or with `--embedded` into the embedded
 * database of the app started without DATABASE_URL. It builds and serves the app, loads the event
 * index, sends every request of the mix once to warm the server, then sends each events read
 * endpoint a fixed mix of map views and filters from 8 concurrent clients, and prints p50/p95
 * per endpoint, view and filter beside a plain `select count(*)` over the same rows, then the export
 * rows/s, against the targets of issue 5. `--exports-only` skips the mix and measures just the
 * exports. `--growth` instead grows one table through the sizes it names and prints the growth
 * curve (see read-growth.ts). `--outside-memory` then runs the mix again with the index off and
 * prints each scenario beside the index's (see read-outside-memory.ts). The database and the
 * server are always removed at the end.
 * @module
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { findRunningEmbeddedDatabase } from '../apps/web/src/lib/runtime/database-attachment'
import { cleanUpOnSignals } from './cleanup'
import { describeLoadAverage } from './machine-load'
import { megabytes, webProcessesOf } from './process-memory'
import { measureExport, measureRequests, percentile, type FailedRequest } from './read-load'
import { lastIndexLoad, primeEventIndex } from './read-prime'
import {
  countQuery,
  FILTER_CASES,
  MAP_VIEWS,
  READ_ENDPOINTS,
  requestPath,
  type FilterCase,
  type MapView,
} from './read-scenarios'
import { DEFAULT_GROWTH_SIZES, runGrowthCurve } from './read-growth'
import {
  compareRuns,
  describeCellStorage,
  TARGET_RATIO,
  waitForEventCells,
  waitForSearchCells,
} from './read-outside-memory'
import { createBenchDatasets, createEventSeeder, migrateDatabase, seedEvents } from './read-seed'
import { buildApp, freePort, startApp, type RunningApp } from './read-server'

const TARGET_P95_MS = 100
const TARGET_EXPORT_ROWS_PER_SECOND = 100_000
// A scenario stops sending after 15 s, so a slow endpoint cannot stretch a 1M run past ~10 minutes.
const LOAD = { warmups: 3, requests: 40, concurrency: 8, timeoutMs: 60_000, budgetMs: 15_000 }
const BASELINE_RUNS = 10
const EXPORT_TIMEOUT_MS = 600_000
const PRIME_TIMEOUT_MS = 300_000

const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED')
const fmt = (n: number) => Math.round(n).toLocaleString('en')
const ms = (n: number) => (Number.isNaN(n) ? '-' : n < 10 ? n.toFixed(1) : n.toFixed(0))

interface Options {
  events: number
  embedded: boolean
  build: boolean
  /** Skip the latency mix and measure only the exports. */
  exportsOnly: boolean
  /** The sizes of the growth curve, when `--growth` asks for one. */
  growth?: readonly number[]
  /** Run the mix again with the index off, every dataset outside memory, and compare. */
  outsideMemory: boolean
}

function readSizes(raw: string | undefined): readonly number[] {
  if (raw === undefined || raw.startsWith('--')) return DEFAULT_GROWTH_SIZES
  const sizes = raw.split(',').map(Number)
  if (
    sizes.some((size) => !Number.isInteger(size) || size < 1) ||
    sizes.some((size, i) => i > 0 && size <= sizes[i - 1]!)
  )
    throw new Error(`--growth takes ascending positive event counts such as 100000,1000000; got "${raw}"`)
  return sizes
}

function readOptions(argv: readonly string[]): Options {
  const embedded = argv.includes('--embedded')
  const index = argv.indexOf('--events')
  const raw = index >= 0 ? argv[index + 1] : embedded ? '100000' : '1000000'
  const events = Number(raw)
  if (!Number.isInteger(events) || events < 1) throw new Error(`--events must be a positive integer; got "${raw}"`)
  const growthIndex = argv.indexOf('--growth')
  const growth = growthIndex >= 0 ? readSizes(argv[growthIndex + 1]) : undefined
  if (growth && embedded) throw new Error('--growth runs on a PostgreSQL server, not with --embedded')
  if (argv.includes('--outside-memory') && embedded)
    throw new Error('--outside-memory runs on a PostgreSQL server, not with --embedded')
  return {
    events,
    embedded,
    build: !argv.includes('--skip-build'),
    exportsOnly: argv.includes('--exports-only'),
    outsideMemory: argv.includes('--outside-memory'),
    growth,
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

const { cleanups, cleanUp, isCleaning } = cleanUpOnSignals('stopping the server and dropping the benchmark database')

/** The environment the app runs with in the benchmark: no jobs, no demo data, info logs. */
function benchEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CHRONOTOPE_DATA_DIR: dataDir,
    CHRONOTOPE_RUN_JOBS_IN_WEB: 'false',
    // No jobs are queued; an idle worker polling the queue would only add noise to the figures.
    CHRONOTOPE_WORKERS: '0',
    CHRONOTOPE_SEED_ON_FIRST_START: 'false',
    // Info: the event index logs its big loads and its memory there, which the report reads back.
    LOG_LEVEL: 'info',
    NEXT_TELEMETRY_DISABLED: '1',
  }
  for (const name of ['DATABASE_URL', 'CHRONOTOPE_DATABASE_KIND', 'TEST_DATABASE_URL', 'NODE_ENV', 'VITEST'])
    delete env[name]
  return env
}

/** A fresh, migrated database on the PostgreSQL server, dropped at the end. */
async function createServerDatabase(
  env: NodeJS.ProcessEnv,
): Promise<{ databaseUrl: string; pool: pg.Pool; label: string }> {
  const serverUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    process.env.DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres'
  const database = `chronotope_bench_read_${process.pid}_${Date.now()}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  cleanups.push(() => admin.end())
  await admin.query(`create database ${database}`)
  const databaseUrl = withDatabase(serverUrl, database)
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 })
  // The drop below ends the pool's connections, mid-COPY too after Ctrl-C: expected, not an error.
  pool.on('error', () => {})
  cleanups.push(() => pool.end())
  cleanups.push(() => admin.query(`drop database if exists ${database} with (force)`))
  console.log(`Migrating ${database} on ${new URL(serverUrl).host} (npm run migrate)…`)
  await migrateDatabase(databaseUrl, env)
  return { databaseUrl, pool, label: `PostgreSQL on ${new URL(serverUrl).host}` }
}

/** Builds the app unless `--skip-build` said it is built. */
async function buildUnlessSkipped(options: Options, env: NodeJS.ProcessEnv): Promise<void> {
  if (!options.build) return
  console.log('Building the app (npm run build)…')
  console.log(`  built in ${(await buildApp(env)).toFixed(0)} s`)
}

/** Gives the database to the app and the seeding: a fresh PostgreSQL database, or the app's embedded one. */
async function prepare(
  options: Options,
  dataDir: string,
): Promise<{ app: RunningApp; pool: pg.Pool; datasetIds: readonly number[]; label: string; databaseUrl?: string }> {
  const env = benchEnv(dataDir)
  await buildUnlessSkipped(options, env)
  const port = await freePort()
  if (options.embedded) {
    console.log('Starting the app on the embedded database (npm run serve, no DATABASE_URL)…')
    const app = await startApp(env, port, (launched) => cleanups.push(() => launched.stop()))
    console.log(`  answered /api/health after ${app.startSeconds.toFixed(1)} s`)
    const embedded = findRunningEmbeddedDatabase(dataDir)
    if (!embedded) throw new Error(`The app runs but recorded no embedded database in ${dataDir}`)
    const pool = new pg.Pool({ connectionString: embedded.url, max: 2 })
    cleanups.push(() => pool.end())
    return { app, pool, datasetIds: await seed(pool, options), label: 'embedded PostgreSQL + PostGIS' }
  }
  const { databaseUrl, pool, label } = await createServerDatabase(env)
  const datasetIds = await seed(pool, options)
  console.log('Starting the app (npm run serve)…')
  // Registered after the drop, so the server stops before its database is dropped.
  const app = await startApp({ ...env, DATABASE_URL: databaseUrl }, port, (launched) =>
    cleanups.push(() => launched.stop()),
  )
  console.log(`  answered /api/health after ${app.startSeconds.toFixed(1)} s`)
  return { app, pool, datasetIds, label, databaseUrl }
}

/** `--growth`: one database grown through the sizes, the app restarted at each. */
async function growthCurve(options: Options & { growth: readonly number[] }, dataDir: string): Promise<void> {
  const env = benchEnv(dataDir)
  await buildUnlessSkipped(options, env)
  const { databaseUrl, pool, label } = await createServerDatabase(env)
  const { datasetIds } = await createBenchDatasets(pool)
  console.log(
    `\nRead benchmark growth curve on ${label}: ${options.growth.map(fmt).join(', ')} events; ` +
      `${os.availableParallelism()} cores, load average ${describeLoadAverage()}`,
  )
  await runGrowthCurve(
    {
      pool,
      datasetIds,
      seeder: createEventSeeder(pool, datasetIds, { copy: true }),
      startApp: async () =>
        startApp({ ...env, DATABASE_URL: databaseUrl }, await freePort(), (launched) =>
          cleanups.push(() => launched.stop()),
        ),
      interrupted: isCleaning,
    },
    options.growth,
  )
  console.log(`Load average at the end: ${describeLoadAverage()}`)
}

/** Creates the catalogs and datasets and seeds the events; returns the dataset ids. */
async function seed(pool: pg.Pool, options: Options): Promise<readonly number[]> {
  const { datasetIds } = await createBenchDatasets(pool)
  console.log(`Seeding ${fmt(options.events)} events with ${options.embedded ? 'INSERT … unnest' : 'COPY'}…`)
  const seconds = await seedEvents(pool, options.events, datasetIds, { copy: !options.embedded })
  console.log(`  seeded and analyzed in ${seconds.toFixed(1)} s (${fmt(options.events / seconds)} events/s)`)
  return datasetIds
}

async function countBaseline(
  pool: pg.Pool,
  datasetIds: readonly number[],
  view: MapView,
  filter: FilterCase,
): Promise<{ count: number; p50Ms: number }> {
  const query = countQuery(view, filter, datasetIds)
  const timings: number[] = []
  let count = 0
  for (let run = 0; run < BASELINE_RUNS; run++) {
    const started = performance.now()
    count = (await pool.query<{ count: number }>(query.text, query.values)).rows[0]!.count
    timings.push(performance.now() - started)
  }
  return { count, p50Ms: percentile(timings, 0.5) }
}

interface Row {
  endpoint: string
  view: string
  filter: string
  rows: string
  requests: string
  'p50 ms': string
  'p95 ms': string
  'count(*) p50 ms': string
  failed: string
  target: string
  answer: string
}

/** Prints rows of text as a table; columns `firstRight` to `lastRight` (figures) are right-aligned. */
function printTable<T extends object>(rows: readonly T[], firstRight = 3, lastRight = 8): void {
  const columns = Object.keys(rows[0]!) as Array<keyof T & string>
  const text = (row: T, column: keyof T & string) => String(row[column])
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => text(row, column).length)))
  const line = (cells: string[]) =>
    cells
      .map((cell, index) =>
        index >= firstRight && index <= lastRight ? cell.padStart(widths[index]!) : cell.padEnd(widths[index]!),
      )
      .join('  ')
  console.log(line(columns))
  console.log(line(widths.map((width) => '-'.repeat(width))))
  for (const row of rows) console.log(line(columns.map((column) => text(row, column))))
}

/** What the index holds, from the last load the server logged: its events, memory and bytes an event. */
function describeIndexMemory(output: string): string {
  const load = lastIndexLoad(output)
  if (!load) return 'In-memory event index: no load big enough to be logged'
  return `In-memory event index: ${fmt(load.events)} events in ${(load.bytes / 1024 / 1024).toFixed(1)} MB, ${(load.bytes / load.events).toFixed(1)} bytes an event (fields and search words included)`
}

// Prints why an endpoint fails, once per endpoint and status.
const reported = new Set<string>()
function reportFailure(endpoint: string, failure: FailedRequest | undefined): void {
  if (!failure || reported.has(`${endpoint} ${failure.status}`)) return
  reported.add(`${endpoint} ${failure.status}`)
  console.log(`  ${endpoint} answered ${failure.status}: ${failure.body.replace(/\s+/g, ' ').slice(0, 300)}`)
}

async function runMix(app: RunningApp, pool: pg.Pool, datasetIds: readonly number[], withIndex = true): Promise<Row[]> {
  if (withIndex) {
    const primePaths = FILTER_CASES.map((filter) => requestPath(READ_ENDPOINTS[0]!, MAP_VIEWS[0]!, filter))
    const primeSeconds = await primeEventIndex(app.baseUrl, primePaths, PRIME_TIMEOUT_MS, webProcessesOf(app.pid).count)
    console.log(
      `In-memory event index loaded (datasets and the fields the filters name) in ${primeSeconds.toFixed(1)} s; SQL answered meanwhile`,
    )
    console.log(describeIndexMemory(app.output()))
  }
  // Each request of the mix once, so the scenarios measured first do not alone pay for the server's
  // first run of each code path (compilation, summaries a segment computes once and keeps); on as
  // many connections as there are web processes, which the server hands out in turn, so each
  // process is warmed.
  const warmStarted = performance.now()
  const webProcesses = webProcessesOf(app.pid)
  const warm = async () => {
    for (const endpoint of READ_ENDPOINTS)
      for (const view of MAP_VIEWS)
        for (const filter of FILTER_CASES)
          await (await fetch(`${app.baseUrl}${requestPath(endpoint, view, filter)}`)).arrayBuffer()
  }
  await Promise.all(Array.from({ length: webProcesses.count }, warm))
  console.log(
    `Sent each request of the mix once on each of ${webProcesses.count} connections, before measuring, in ${((performance.now() - warmStarted) / 1000).toFixed(1)} s`,
  )
  console.log(
    `Web processes: ${webProcesses.count}, the largest holding ${megabytes(webProcesses.largestRssBytes)} (RSS); load average ${describeLoadAverage()}`,
  )
  const baselines = new Map<string, { count: number; p50Ms: number }>()
  for (const view of MAP_VIEWS)
    for (const filter of FILTER_CASES)
      baselines.set(`${view.name}|${filter.name}`, await countBaseline(pool, datasetIds, view, filter))
  const rows: Row[] = []
  for (const endpoint of READ_ENDPOINTS) {
    for (const view of MAP_VIEWS) {
      for (const filter of FILTER_CASES) {
        if (isCleaning()) throw new Error('Interrupted')
        const timings = await measureRequests(`${app.baseUrl}${requestPath(endpoint, view, filter)}`, LOAD)
        reportFailure(endpoint.name, timings.firstFailure)
        const baseline = baselines.get(`${view.name}|${filter.name}`)!
        const p95 = percentile(timings.latenciesMs, 0.95)
        let answer = ''
        if (timings.sampleBody !== undefined) {
          try {
            answer = endpoint.checkAnswer(JSON.parse(timings.sampleBody), baseline.count)
          } catch {
            answer = 'not JSON'
          }
        }
        rows.push({
          endpoint: endpoint.name,
          view: view.name,
          filter: filter.name,
          rows: fmt(baseline.count),
          requests: String(timings.latenciesMs.length + timings.failures),
          'p50 ms': ms(percentile(timings.latenciesMs, 0.5)),
          'p95 ms': ms(p95),
          'count(*) p50 ms': ms(baseline.p50Ms),
          failed: timings.failures === 0 ? '' : String(timings.failures),
          target: endpoint.hasLatencyTarget
            ? `≤ ${TARGET_P95_MS}: ${mark(timings.failures === 0 && p95 <= TARGET_P95_MS)}`
            : '',
          answer,
        })
        process.stdout.write('.')
      }
    }
  }
  process.stdout.write('\n')
  const after = webProcessesOf(app.pid)
  console.log(
    `After the mix: the largest web process holding ${megabytes(after.largestRssBytes)} (RSS), ` +
      `at most ${megabytes(after.largestPeakRssBytes)} since it started (peak RSS); load average ${describeLoadAverage()}`,
  )
  return rows
}

async function runExports(app: RunningApp, pool: pg.Pool, datasetIds: readonly number[]): Promise<void> {
  const decade = FILTER_CASES.find((filter) => filter.name.startsWith('time'))!
  const world = MAP_VIEWS[0]!
  console.log('\nExports (one client, whole answer streamed):')
  for (const filter of [FILTER_CASES[0]!, decade]) {
    const { count } = await countBaseline(pool, datasetIds, world, filter)
    for (const format of ['csv', 'geojson'] as const) {
      if (isCleaning()) throw new Error('Interrupted')
      const query = new URLSearchParams(filter.params).toString()
      const result = await measureExport(
        `${app.baseUrl}/api/events/export.${format}${query ? `?${query}` : ''}`,
        format,
        EXPORT_TIMEOUT_MS,
      )
      reportFailure(`export.${format}`, result.failure)
      const rate = result.seconds > 0 ? result.rows / result.seconds : 0
      const rowsNote = result.rows === count ? '' : ` (count(*) ${fmt(count)})`
      console.log(
        `  export.${format.padEnd(7)} ${filter.name.padEnd(10)} ${fmt(result.rows).padStart(10)} rows${rowsNote} in ${result.seconds.toFixed(1)} s: ` +
          `${fmt(rate)} rows/s, target ≥ ${fmt(TARGET_EXPORT_ROWS_PER_SECOND)}: ${mark(!result.failure && result.rows === count && rate >= TARGET_EXPORT_ROWS_PER_SECOND)}`,
      )
    }
  }
}

const CELLS_TIMEOUT_MS = 1_800_000

/**
 * `--outside-memory`: the app again with the index off, the mix once more (answered from the
 * event cells where they can, else from the events), and each scenario beside the first run's.
 */
async function outsideMemory(
  options: Options,
  dataDir: string,
  databaseUrl: string,
  pool: pg.Pool,
  datasetIds: readonly number[],
  inMemory: readonly Row[],
): Promise<void> {
  console.log('\nStarting the app again with the in-memory event index off (CHRONOTOPE_EVENT_INDEX_MAX_EVENTS=0)…')
  const app = await startApp(
    { ...benchEnv(dataDir), DATABASE_URL: databaseUrl, CHRONOTOPE_EVENT_INDEX_MAX_EVENTS: '0' },
    await freePort(),
    (launched) => cleanups.push(() => launched.stop()),
  )
  // The first read outside memory starts the cells' builds, in the background.
  await (await fetch(`${app.baseUrl}${requestPath(READ_ENDPOINTS[0]!, MAP_VIEWS[0]!, FILTER_CASES[0]!)}`)).arrayBuffer()
  const built = await waitForEventCells(pool, datasetIds, CELLS_TIMEOUT_MS)
  console.log(
    `Event cells built for ${datasetIds.length} datasets in ${built.buildSeconds.toFixed(1)} s of build ` +
      `(${built.waitedSeconds.toFixed(1)} s waited); reads counted events meanwhile`,
  )
  console.log(await describeCellStorage(pool, options.events))
  // A search's first read starts its cells' builds, in the background; later reads use them.
  const searched = FILTER_CASES.find((filter) => filter.params.q !== undefined)!
  await (await fetch(`${app.baseUrl}${requestPath(READ_ENDPOINTS[0]!, MAP_VIEWS[0]!, searched)}`)).arrayBuffer()
  const search = await waitForSearchCells(pool, datasetIds, searched.params.q!, CELLS_TIMEOUT_MS)
  console.log(
    `Search cells of "${searched.params.q}" (${search.matches.toLocaleString('en')} matches) built for ` +
      `${datasetIds.length} datasets in ${search.buildSeconds.toFixed(1)} s of build ` +
      `(${search.waitedSeconds.toFixed(1)} s waited), ${(search.bytes / 1024).toFixed(0)} kB`,
  )
  console.log(`\nOutside memory: the same mix, every dataset outside the index; load average ${describeLoadAverage()}`)
  const outside = await runMix(app, pool, datasetIds, false)
  printTable(outside)
  console.log(`\nOutside memory against the index, p95 of each scenario (target ≤ ${TARGET_RATIO}× the index's):`)
  const comparison = compareRuns(inMemory, outside)
  printTable(comparison, 3, 5)
  const met = comparison.filter((row) => row.target.endsWith('ok')).length
  console.log(`${met} of ${comparison.length} scenarios within ${TARGET_RATIO}×; load average ${describeLoadAverage()}`)
}

async function main(): Promise<void> {
  const started = performance.now()
  const options = readOptions(process.argv)
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'chronotope-bench-read-'))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  if (options.growth) {
    await growthCurve({ ...options, growth: options.growth }, dataDir)
    console.log(`\nBenchmark run time: ${((performance.now() - started) / 1000).toFixed(0)} s`)
    return
  }
  const { app, pool, datasetIds, label, databaseUrl } = await prepare(options, dataDir)
  if (options.exportsOnly) {
    console.log(`\nRead benchmark: ${fmt(options.events)} events on ${label}; exports only`)
  } else {
    console.log(
      `\nRead benchmark: ${fmt(options.events)} events on ${label}; per scenario ${LOAD.warmups} warm-up + ${LOAD.requests} requests ` +
        `(fewer if ${LOAD.budgetMs / 1000} s run out) from ${LOAD.concurrency} clients; count(*) p50 of ${BASELINE_RUNS} runs alone; ` +
        `${os.availableParallelism()} cores, load average ${describeLoadAverage()}`,
    )
    const inMemory = await runMix(app, pool, datasetIds)
    printTable(inMemory)
    // readOptions refuses --outside-memory with --embedded, so there is a server database here.
    if (options.outsideMemory && databaseUrl) {
      await app.stop()
      await outsideMemory(options, dataDir, databaseUrl, pool, datasetIds, inMemory)
      console.log(`\nBenchmark run time: ${((performance.now() - started) / 1000).toFixed(0)} s`)
      return
    }
  }
  await runExports(app, pool, datasetIds)
  console.log(`\nBenchmark run time: ${((performance.now() - started) / 1000).toFixed(0)} s`)
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  })
  .finally(() => cleanUp())
