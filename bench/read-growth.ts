/**
 * The growth curve of `npm run bench:read -- --growth 100000,1000000,10000000`: one table grows
 * to each size in turn, and at each the app is started afresh and measured the way a user meets
 * it after a restart: how long until the event index is loaded, what an event costs in memory,
 * what the web process holds, and the read mix's p95 from one client and from eight, each
 * answer checked against a plain `count(*)`. One row per size, so anyone sees how the cost grows.
 * @module
 */
import type pg from 'pg'

import { megabytes, treeMemory, webProcessesOf } from './process-memory'
import { measureRequests, percentile, type LoadOptions } from './read-load'
import { lastIndexLoad, primeEventIndex } from './read-prime'
import { countQuery, FILTER_CASES, MAP_VIEWS, READ_ENDPOINTS, requestPath } from './read-scenarios'
import type { EventSeeder } from './read-seed'
import type { RunningApp } from './read-server'

/** The sizes measured when `--growth` names none. */
export const DEFAULT_GROWTH_SIZES = [100_000, 1_000_000, 10_000_000] as const

/** Issue 29's targets: every scenario's p95 from one client, and from eight. */
const TARGET_ONE_CLIENT_MS = 100
const TARGET_EIGHT_CLIENTS_MS = 250
// Small budgets: the curve measures 48 scenarios twice at each size, 10M included.
const ONE_CLIENT: LoadOptions = { warmups: 1, requests: 12, concurrency: 1, timeoutMs: 60_000, budgetMs: 5_000 }
const EIGHT_CLIENTS: LoadOptions = { warmups: 1, requests: 40, concurrency: 8, timeoutMs: 60_000, budgetMs: 8_000 }
const PRIME_TIMEOUT_MS = 900_000

/** What the curve needs from the benchmark that runs it. */
export interface GrowthContext {
  readonly pool: pg.Pool
  readonly datasetIds: readonly number[]
  readonly seeder: EventSeeder
  /** Starts the app afresh on the benchmark's database. */
  startApp(): Promise<RunningApp>
  /** True once Ctrl-C asked the benchmark to stop. */
  interrupted(): boolean
}

/** The p95 of every targeted scenario at one concurrency. */
interface Spread {
  readonly medianMs: number
  readonly worstMs: number
  readonly worstScenario: string
  readonly withinTarget: number
  readonly scenarios: number
  /** Every scenario past its target (or failed), slowest first, with its p95. */
  readonly missed: ReadonlyArray<{ readonly scenario: string; readonly p95: number }>
}

/** One row of the curve. */
interface GrowthRow {
  readonly events: number
  readonly seedSeconds: number
  readonly healthySeconds: number
  readonly loadSeconds: number
  /** Seconds until the index is ready again after a second start (from its snapshots). */
  readonly restartSeconds: number
  readonly indexBytes?: number
  readonly indexEvents?: number
  /** The largest web process's resident memory. */
  readonly webRssBytes?: number
  /** The largest peak RSS (`VmHWM`) of a web process since it started, the mix included. */
  readonly webPeakRssBytes?: number
  /** Web processes serving the app (CHRONOTOPE_WEB_PROCESSES). */
  readonly webProcesses: number
  readonly treePssBytes: number
  readonly one: Spread
  readonly eight: Spread
  readonly answersChecked: number
  readonly answersWrong: number
  readonly failures: number
}

const fmt = (n: number) => Math.round(n).toLocaleString('en')
const ms = (n: number) => (n < 10 ? n.toFixed(1) : n.toFixed(0))

function spread(p95s: ReadonlyArray<{ scenario: string; p95: number; failed: boolean }>, targetMs: number): Spread {
  const sorted = [...p95s].sort((a, b) => a.p95 - b.p95)
  const worst = sorted.at(-1)!
  return {
    medianMs: percentile(
      sorted.map((entry) => entry.p95),
      0.5,
    ),
    worstMs: worst.p95,
    worstScenario: worst.scenario,
    withinTarget: p95s.filter((entry) => !entry.failed && entry.p95 <= targetMs).length,
    scenarios: p95s.length,
    missed: sorted
      .filter((entry) => entry.failed || entry.p95 > targetMs)
      .reverse()
      .map(({ scenario, p95 }) => ({ scenario, p95 })),
  }
}

async function measureSize(context: GrowthContext, events: number): Promise<GrowthRow> {
  console.log(`\n— ${fmt(events)} events —`)
  const seedSeconds = await context.seeder.growTo(events)
  console.log(`  seeded up to ${fmt(events)} and analyzed in ${seedSeconds.toFixed(1)} s`)
  const primePaths = FILTER_CASES.map((filter) => requestPath(READ_ENDPOINTS[0]!, MAP_VIEWS[0]!, filter))
  const row = await measureStarted(context, events, seedSeconds, primePaths)
  // Started again, as after a deploy: the index is read from the snapshots the first start wrote.
  const again = await context.startApp()
  try {
    const restartSeconds = await primeEventIndex(
      again.baseUrl,
      primePaths,
      PRIME_TIMEOUT_MS,
      webProcessesOf(again.pid).count,
    )
    console.log(`  started again: event index ready in ${restartSeconds.toFixed(1)} s`)
    return { ...row, restartSeconds }
  } finally {
    await again.stop()
  }
}

async function measureStarted(
  context: GrowthContext,
  events: number,
  seedSeconds: number,
  primePaths: readonly string[],
): Promise<Omit<GrowthRow, 'restartSeconds'>> {
  const app = await context.startApp()
  try {
    console.log(`  the app answered /api/health ${app.startSeconds.toFixed(1)} s after it was started`)
    const loadSeconds = await primeEventIndex(app.baseUrl, primePaths, PRIME_TIMEOUT_MS, webProcessesOf(app.pid).count)
    const load = lastIndexLoad(app.output())
    console.log(`  event index loaded in ${loadSeconds.toFixed(1)} s`)
    const counts = new Map<string, number>()
    for (const view of MAP_VIEWS)
      for (const filter of FILTER_CASES) {
        const query = countQuery(view, filter, context.datasetIds)
        counts.set(
          `${view.name}|${filter.name}`,
          (await context.pool.query<{ count: number }>(query.text, query.values)).rows[0]!.count,
        )
      }
    const one: Array<{ scenario: string; p95: number; failed: boolean }> = []
    const eight: typeof one = []
    let answersChecked = 0
    let answersWrong = 0
    let failures = 0
    for (const endpoint of READ_ENDPOINTS)
      for (const view of MAP_VIEWS)
        for (const filter of FILTER_CASES) {
          if (context.interrupted()) throw new Error('Interrupted')
          const url = `${app.baseUrl}${requestPath(endpoint, view, filter)}`
          const scenario = `${endpoint.name} ${view.name} ${filter.name}`
          for (const [load, into] of [
            [ONE_CLIENT, one],
            [EIGHT_CLIENTS, eight],
          ] as const) {
            const timings = await measureRequests(url, load)
            failures += timings.failures
            if (endpoint.hasLatencyTarget)
              into.push({ scenario, p95: percentile(timings.latenciesMs, 0.95), failed: timings.failures > 0 })
            if (load === ONE_CLIENT && timings.sampleBody !== undefined) {
              answersChecked++
              let answer: string
              try {
                answer = endpoint.checkAnswer(
                  JSON.parse(timings.sampleBody),
                  counts.get(`${view.name}|${filter.name}`)!,
                )
              } catch {
                answer = 'not JSON'
              }
              if (/MISMATCH|not JSON/.test(answer)) {
                answersWrong++
                console.log(`  ${scenario}: ${answer}`)
              }
            }
          }
          process.stdout.write('.')
        }
    process.stdout.write('\n')
    const memory = treeMemory(app.pid)
    const web = webProcessesOf(app.pid)
    return {
      events,
      seedSeconds,
      healthySeconds: app.startSeconds,
      loadSeconds,
      indexBytes: load?.bytes,
      indexEvents: load?.events,
      webRssBytes: web.largestRssBytes || undefined,
      webPeakRssBytes: web.largestPeakRssBytes || undefined,
      webProcesses: web.count,
      treePssBytes: memory.pssBytes,
      one: spread(one, TARGET_ONE_CLIENT_MS),
      eight: spread(eight, TARGET_EIGHT_CLIENTS_MS),
      answersChecked,
      answersWrong,
      failures,
    }
  } finally {
    await app.stop()
  }
}

function printCurve(rows: readonly GrowthRow[]): void {
  const table = rows.map((row) => ({
    events: fmt(row.events),
    'healthy s': row.healthySeconds.toFixed(1),
    'index ready s': row.loadSeconds.toFixed(1),
    'after restart s': row.restartSeconds.toFixed(1),
    'index MB': row.indexBytes === undefined ? '-' : (row.indexBytes / 1024 / 1024).toFixed(1),
    'bytes/event':
      row.indexBytes === undefined || !row.indexEvents ? '-' : (row.indexBytes / row.indexEvents).toFixed(1),
    'web RSS (largest of n)':
      row.webRssBytes === undefined ? '-' : `${megabytes(row.webRssBytes)} (${row.webProcesses})`,
    'web peak RSS': row.webPeakRssBytes === undefined ? '-' : megabytes(row.webPeakRssBytes),
    'tree PSS': megabytes(row.treePssBytes),
    '1 client p95 median / worst ms': `${ms(row.one.medianMs)} / ${ms(row.one.worstMs)}`,
    [`≤ ${TARGET_ONE_CLIENT_MS} ms`]: `${row.one.withinTarget}/${row.one.scenarios}`,
    '8 clients p95 median / worst ms': `${ms(row.eight.medianMs)} / ${ms(row.eight.worstMs)}`,
    [`≤ ${TARGET_EIGHT_CLIENTS_MS} ms`]: `${row.eight.withinTarget}/${row.eight.scenarios}`,
    answers: row.answersWrong === 0 ? `${row.answersChecked} ok` : `${row.answersWrong} WRONG`,
    failed: row.failures === 0 ? '' : String(row.failures),
  }))
  const columns = Object.keys(table[0]!) as Array<keyof (typeof table)[number]>
  const widths = columns.map((column) => Math.max(column.length, ...table.map((row) => row[column].length)))
  const line = (cells: string[]) => cells.map((cell, index) => cell.padStart(widths[index]!)).join('  ')
  console.log(line(columns))
  console.log(line(widths.map((width) => '-'.repeat(width))))
  for (const row of table) console.log(line(columns.map((column) => row[column])))
  for (const row of rows)
    console.log(
      `  at ${fmt(row.events)}: slowest from one client ${row.one.worstScenario} (${ms(row.one.worstMs)} ms), ` +
        `from eight ${row.eight.worstScenario} (${ms(row.eight.worstMs)} ms)`,
    )
  for (const row of rows)
    for (const [clients, reads] of [
      ['one client', row.one],
      ['eight clients', row.eight],
    ] as const)
      if (reads.missed.length > 0)
        console.log(
          `  at ${fmt(row.events)}, past the target from ${clients}: ` +
            reads.missed.map((entry) => `${entry.scenario} (${ms(entry.p95)} ms)`).join(', '),
        )
}

/**
 * Grows the table through `sizes` (ascending) and prints the curve.
 * @throws when a size is smaller than the table already holds
 */
export async function runGrowthCurve(context: GrowthContext, sizes: readonly number[]): Promise<void> {
  const rows: GrowthRow[] = []
  for (const size of sizes) {
    rows.push(await measureSize(context, size))
  }
  console.log(
    `\nGrowth curve: the app started afresh at each size; "index ready" from the first read to the loads' end ` +
      `(from the database), "after restart" the same at a second start (from the snapshots); ` +
      `p95 per scenario (${ONE_CLIENT.requests} requests from 1 client, ${EIGHT_CLIENTS.requests} from 8), ` +
      `median and worst over the ${rows[0]?.one.scenarios ?? 0} scenarios with a target; memory after the mix`,
  )
  printCurve(rows)
}
