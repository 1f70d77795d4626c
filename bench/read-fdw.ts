/**
 * `npm run bench:fdw [-- --events N] [-- --fetch-size N] [-- --no-remote-estimate] [-- --plans-only]`:
 * the read API over events partitioned by dataset across PostgreSQL servers with `postgres_fdw`,
 * beside the same events on one server (issue 29; docs: developers/architecture/beyond-one-database.md).
 * It starts three PostgreSQL 15 servers of its own (a coordinator and two shards), seeds N events
 * (default 200,000) of the read benchmark's five datasets, and builds two layouts on the
 * coordinator (read-fdw-layout.ts): one ordinary database, and one whose `events` is partitioned
 * by dataset with each partition a foreign table on a shard. It serves the app on each with the
 * in-memory event index off (`CHRONOTOPE_EVENT_INDEX_MAX_EVENTS=0`), so every read runs the read
 * API's SQL unchanged, and sends both the read benchmark's mix, plus the same requests narrowed to
 * one dataset, from one client, each scenario to one layout then the other. It prints each
 * scenario's p95 in both and their ratio, whether both answered the same, and then, for a few
 * representative requests, the plans the coordinator ran (auto_explain): what each shard was sent
 * and what the coordinator did with the rows; then a few of the same reads written so that they
 * push down (read-fdw-explain.ts). `--plans-only` prints just the plans. Every server, app and
 * folder is removed at the end, also after an error or Ctrl-C.
 * @module
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { cleanUpOnSignals } from './cleanup'
import { describeLoadAverage } from './machine-load'
import { FDW_DATABASE, SINGLE_DATABASE, buildLayouts, type FdwLayouts } from './read-fdw-layout'
import { printRequestPlans, printWhatIfPlans } from './read-fdw-explain'
import { measureRequests, percentile, type RequestTimings } from './read-load'
import {
  countQuery,
  FILTER_CASES,
  MAP_VIEWS,
  READ_ENDPOINTS,
  requestPath,
  type FilterCase,
  type MapView,
  type ReadEndpoint,
} from './read-scenarios'
import { freePort, startApp, type RunningApp } from './read-server'

// One client: the latency of one read, not the throughput of the servers. A slow scenario stops
// after 4 s, so the whole mix stays within a few minutes.
const LOAD = { warmups: 2, requests: 15, concurrency: 1, timeoutMs: 120_000, budgetMs: 4_000 }
// `npm start` builds the app first when its sources changed, which can take minutes on two cores.
const START_TIMEOUT_MS = 1_200_000

const fmt = (n: number) => Math.round(n).toLocaleString('en')
const ms = (n: number) => (Number.isNaN(n) ? '-' : n < 10 ? n.toFixed(1) : n.toFixed(0))

interface Options {
  readonly events: number
  readonly fetchSize: number
  readonly useRemoteEstimate: boolean
  /** Only the plans, without the latency mix. */
  readonly plansOnly: boolean
}

function readWholeNumber(argv: readonly string[], name: string, fallback: number): number {
  const index = argv.indexOf(name)
  if (index < 0) return fallback
  const raw = argv[index + 1]
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer; got "${raw ?? ''}"`)
  return value
}

function readOptions(argv: readonly string[]): Options {
  return {
    events: readWholeNumber(argv, '--events', 200_000),
    fetchSize: readWholeNumber(argv, '--fetch-size', 1_000),
    useRemoteEstimate: !argv.includes('--no-remote-estimate'),
    plansOnly: argv.includes('--plans-only'),
  }
}

const { cleanups, cleanUp, isCleaning } = cleanUpOnSignals('stopping the apps and the PostgreSQL servers')

/** The app's environment: no jobs, no demo data, no docs build, and the in-memory index off. */
function appEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CHRONOTOPE_DATA_DIR: dataDir,
    CHRONOTOPE_RUN_JOBS_IN_WEB: 'false',
    CHRONOTOPE_WORKERS: '0',
    CHRONOTOPE_SEED_ON_FIRST_START: 'false',
    // The first start would build the documentation site in the background, on the CPUs measured.
    CHRONOTOPE_DOCS_URL: 'off',
    // Every read then runs the read API's SQL, which is what is compared.
    CHRONOTOPE_EVENT_INDEX_MAX_EVENTS: '0',
    LOG_LEVEL: 'warn',
    NEXT_TELEMETRY_DISABLED: '1',
  }
  for (const name of [
    'DATABASE_URL',
    'DATABASE_READ_URL',
    'CHRONOTOPE_DATABASE_KIND',
    'TEST_DATABASE_URL',
    'NODE_ENV',
    'VITEST',
  ])
    delete env[name]
  return env
}

/** Serves the app on `databaseUrl` with `npm start` (which builds it first if its sources changed). */
async function serve(databaseUrl: string, name: string): Promise<RunningApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `chronotope-bench-fdw-${name}-`))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  const app = await startApp(
    { ...appEnv(dataDir), DATABASE_URL: databaseUrl },
    await freePort(),
    (launched) => cleanups.push(() => launched.stop()),
    START_TIMEOUT_MS,
    'start',
  )
  console.log(`  ${name}: answered /api/health after ${app.startSeconds.toFixed(1)} s`)
  return app
}

/** The read benchmark's filters, and the same request narrowed to the largest dataset (one shard). */
function filterCases(datasetId: number): FilterCase[] {
  return [
    ...FILTER_CASES,
    {
      name: `dataset ${datasetId}`,
      params: { datasets: String(datasetId) },
      sql: (first) => ({ condition: `dataset_id = $${first}`, values: [datasetId] }),
    },
  ]
}

interface Scenario {
  readonly endpoint: ReadEndpoint
  readonly view: MapView
  readonly filter: FilterCase
}

interface Row {
  endpoint: string
  view: string
  filter: string
  rows: string
  'single p95 ms': string
  'fdw p95 ms': string
  'fdw/single': string
  requests: string
  answers: string
}

function compareAnswers(scenario: Scenario, count: number, single: RequestTimings, fdw: RequestTimings): string {
  if (single.sampleBody === undefined || fdw.sampleBody === undefined)
    return `FAILED (${single.firstFailure?.status ?? 'ok'} / ${fdw.firstFailure?.status ?? 'ok'})`
  if (single.sampleBody === fdw.sampleBody) return 'same'
  const check = (body: string) => scenario.endpoint.checkAnswer(JSON.parse(body), count)
  const [a, b] = [check(single.sampleBody), check(fdw.sampleBody)]
  // Map centroids are averages summed in another order over two partitions: the last digits differ.
  return a === b && !a.includes('MISMATCH') ? 'same counts' : `DIFFERENT: ${a} | ${b}`
}

async function countRows(pool: pg.Pool, query: { text: string; values: unknown[] }): Promise<number> {
  return (await pool.query<{ count: number }>(query.text, query.values)).rows[0]!.count
}

async function measureMix(
  apps: { single: RunningApp; fdw: RunningApp },
  pools: { single: pg.Pool; fdw: pg.Pool },
  layouts: FdwLayouts,
  filters: readonly FilterCase[],
): Promise<{ rows: Row[]; ratios: Map<string, number[]> }> {
  const rows: Row[] = []
  const ratios = new Map<string, number[]>()
  for (const endpoint of READ_ENDPOINTS) {
    for (const view of MAP_VIEWS) {
      for (const filter of filters) {
        if (isCleaning()) throw new Error('Interrupted')
        const query = countQuery(view, filter, layouts.datasetIds)
        const [count, fdwCount] = [await countRows(pools.single, query), await countRows(pools.fdw, query)]
        const path = requestPath(endpoint, view, filter)
        const single = await measureRequests(`${apps.single.baseUrl}${path}`, LOAD)
        const fdw = await measureRequests(`${apps.fdw.baseUrl}${path}`, LOAD)
        const [singleP95, fdwP95] = [percentile(single.latenciesMs, 0.95), percentile(fdw.latenciesMs, 0.95)]
        const group = filter.name.startsWith('dataset') ? 'one dataset' : 'all datasets'
        ratios.set(group, [...(ratios.get(group) ?? []), fdwP95 / singleP95])
        rows.push({
          endpoint: endpoint.name,
          view: view.name,
          filter: filter.name,
          rows: count === fdwCount ? fmt(count) : `${fmt(count)} ≠ ${fmt(fdwCount)}`,
          'single p95 ms': ms(singleP95),
          'fdw p95 ms': ms(fdwP95),
          'fdw/single': `${(fdwP95 / singleP95).toFixed(1)}×`,
          requests: `${single.latenciesMs.length}/${fdw.latenciesMs.length}`,
          answers: compareAnswers({ endpoint, view, filter }, count, single, fdw),
        })
        process.stdout.write('.')
      }
    }
  }
  process.stdout.write('\n')
  return { rows, ratios }
}

function printTable(rows: readonly Row[]): void {
  const columns = Object.keys(rows[0]!) as Array<keyof Row>
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => row[column].length)))
  const line = (cells: string[]) =>
    cells
      .map((cell, index) => (index >= 3 && index <= 7 ? cell.padStart(widths[index]!) : cell.padEnd(widths[index]!)))
      .join('  ')
      .trimEnd()
  console.log(line(columns))
  console.log(line(widths.map((width) => '-'.repeat(width))))
  for (const row of rows) console.log(line(columns.map((column) => row[column])))
}

const geometricMean = (values: readonly number[]) =>
  Math.exp(values.reduce((sum, value) => sum + Math.log(value), 0) / values.length)

async function main(): Promise<void> {
  const started = performance.now()
  const options = readOptions(process.argv)
  const setupDir = await mkdtemp(path.join(os.tmpdir(), 'chronotope-bench-fdw-'))
  cleanups.push(() => rm(setupDir, { recursive: true, force: true }))
  const layouts = await buildLayouts(
    options.events,
    options,
    appEnv(setupDir),
    (step) => cleanups.push(step),
    (line) => console.log(line),
  )
  const pools = {
    single: new pg.Pool({ connectionString: layouts.coordinator.url(SINGLE_DATABASE), max: 1 }),
    fdw: new pg.Pool({ connectionString: layouts.coordinator.url(FDW_DATABASE), max: 1 }),
  }
  cleanups.push(() => Promise.all([pools.single.end(), pools.fdw.end()]))
  const filters = filterCases(layouts.datasetIds[0]!)
  if (options.plansOnly) {
    console.log('Starting the app on the partitioned layout (npm start, in-memory event index off)…')
    const fdw = await serve(layouts.coordinator.url(FDW_DATABASE), 'fdw')
    await printRequestPlans(fdw.baseUrl, layouts.coordinator, filters.at(-1)!)
  } else {
    console.log('Starting the app on each layout (npm start, in-memory event index off)…')
    const apps = {
      single: await serve(layouts.coordinator.url(SINGLE_DATABASE), 'single'),
      fdw: await serve(layouts.coordinator.url(FDW_DATABASE), 'fdw'),
    }
    const placement = layouts.placement.map((ids, index) => `shard ${index + 1}: datasets ${ids.join(', ')}`)
    console.log(
      `\nRead API over postgres_fdw: ${fmt(options.events)} events in ${layouts.datasetIds.length} datasets ` +
        `(${placement.join('; ')}); fetch_size ${options.fetchSize}, use_remote_estimate ${options.useRemoteEstimate}; ` +
        `per scenario and layout ${LOAD.warmups} warm-up + ${LOAD.requests} requests ` +
        `(fewer if ${LOAD.budgetMs / 1000} s run out) from one client; ${os.availableParallelism()} cores, ` +
        `load average ${describeLoadAverage()}`,
    )
    const { rows, ratios } = await measureMix(apps, pools, layouts, filters)
    printTable(rows)
    for (const [group, values] of ratios)
      console.log(`Geometric mean of fdw/single, ${group}: ${geometricMean(values).toFixed(1)}×`)
    await printRequestPlans(apps.fdw.baseUrl, layouts.coordinator, filters.at(-1)!)
  }
  await printWhatIfPlans(pools.fdw, layouts.datasetIds)
  console.log(`\nLoad average at the end: ${describeLoadAverage()}`)
  console.log(`Benchmark run time: ${((performance.now() - started) / 1000).toFixed(0)} s`)
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exitCode = 1
  })
  .finally(() => cleanUp())
