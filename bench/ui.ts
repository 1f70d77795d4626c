/**
 * `npm run bench:ui [-- --events N] [-- --runs N] [-- --skip-build]`: seeds N events (default
 * 1,000,000) in five public datasets into a fresh PostgreSQL database (BENCH_DATABASE_URL,
 * TEST_DATABASE_URL or DATABASE_URL, else the local server), builds and serves the app, loads the
 * event index, and opens `/explore` in headless Chromium (1280×800, WebGL in SwiftShader, every
 * request off this machine blocked and counted). After one warm-up load it loads the page `--runs`
 * times (default 5), each time timing, by the page's own clock, the first map marks and the first
 * histogram, a drag of the map until its clusters are new, a dataset ticked and a word searched
 * until map and histogram are new, and reading the JavaScript transferred (gzip) and the JS heap.
 * Before each load it times a bare MapLibre page drawing as many points (`ui-baseline.ts`), the
 * floor WebGL in this browser sets for the first marks. It prints median and worst against the targets of issue 14, beside the read API request alone,
 * the core count and the load average. It exits 0 when targets are missed (a benchmark, not a test)
 * and non-zero when something failed to run. The database and the server are always removed.
 * @module
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { RARE_TITLE_WORD } from './read-events'
import { primeEventIndex } from './read-prime'
import { FILTER_CASES, MAP_VIEWS, READ_ENDPOINTS, requestPath } from './read-scenarios'
import { type RunningApp } from './read-server'
import { measureBaseline, startBaselineServer } from './ui-baseline'
import { launchBenchBrowser, type BenchBrowser } from './ui-browser'
import {
  dragMap,
  filterControls,
  MAP_TARGET,
  MissingControl,
  openExplore,
  search,
  TIMELINE_TARGET,
  timeUpdate,
  toggleDataset,
  zoomMapIn,
  type ExplorePage,
} from './ui-page'
import { API_ENTRIES, MAP_SELECTOR, TIMELINE_SELECTOR, type ApiEntry, type UpdateResult } from './ui-page-scripts'
import { median, newFigure, printFigures, type Figure } from './ui-report'
import { cleanUp, cleanups, isCleaning, prepareApp } from './ui-setup'
import { describeLoadAverage } from './machine-load'

/** Points the bare MapLibre baseline page draws, about as many marks as the explore view's first load. */
const BASELINE_POINTS = 500

const TARGETS = { firstMarksMs: 1_500, filterMs: 300, panMs: 200, jsBytes: 500_000, heapBytes: 150_000_000 }
const PRIME_TIMEOUT_MS = 300_000
const LOAD_TIMEOUT_MS = 120_000
const INTERACTION = { quietMs: 500, timeoutMs: 60_000 }
/** Times each read API request is sent alone, from Node, for the baseline. */
const API_REPLAYS = 5
/** Nouns of the seeded titles, each in about 5 % of them; a different one per run, so no run reads another's cached matches. */
const SEARCH_WORDS = ['landslide', 'wildfire', 'hailstorm', 'eruption', 'tremor', 'parade', 'outage', 'sighting']
const WARM_UP_WORD = 'blackout'
/**
 * The map is zoomed in to this level (a continent at 1280×800) before the pan: at the fitted world
 * view a pan may need no new clusters.
 */
const PAN_ZOOM = 4
/** Drags in pixels: a different view per run. */
const PAN_OFFSETS: ReadonlyArray<readonly [number, number]> = [
  [-240, 0],
  [240, 0],
  [0, -160],
  [0, 160],
  [-180, -120],
]

const fmt = (n: number) => Math.round(n).toLocaleString('en')

interface Options {
  events: number
  runs: number
  build: boolean
}

function readCount(argv: readonly string[], flag: string, fallback: string): number {
  const index = argv.indexOf(flag)
  const raw = index >= 0 ? argv[index + 1] : fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1) throw new Error(`${flag} must be a positive integer; got "${raw}"`)
  return value
}

function readOptions(argv: readonly string[]): Options {
  return {
    events: readCount(argv, '--events', '1000000'),
    runs: readCount(argv, '--runs', '5'),
    build: !argv.includes('--skip-build'),
  }
}

/** What the explore page exposes, learnt from the warm-up load. */
interface Capabilities {
  /** Why the map's marks cannot be timed; undefined when they can. */
  mapMissing?: string
  timelineMissing?: string
  search: boolean
  datasets: number
}

async function learnCapabilities(explore: ExplorePage): Promise<Capabilities> {
  const map = await explore.panel(MAP_SELECTOR)
  const timeline = await explore.panel(TIMELINE_SELECTOR)
  const controls = await filterControls(explore.page)
  return {
    mapMissing: !map.present
      ? `the page has no map panel ${MAP_SELECTOR}`
      : !('marks' in map.figures)
        ? 'the map panel does not expose data-marks'
        : map.state === null
          ? 'the map panel does not expose data-state'
          : undefined,
    timelineMissing: !timeline.present
      ? `the page has no timeline panel ${TIMELINE_SELECTOR}`
      : timeline.state === null
        ? 'the timeline panel does not expose data-state'
        : undefined,
    search: controls.search,
    datasets: controls.datasets,
  }
}

/** The median ms of sending `url` alone, one request at a time, with gzip like the browser. */
async function timeApiAlone(url: string): Promise<number> {
  const timings: number[] = []
  for (let run = 0; run < API_REPLAYS; run++) {
    const started = performance.now()
    const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } })
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`${url} answered ${response.status} when sent alone`)
    timings.push(performance.now() - started)
  }
  return median(timings)
}

const endpointOf = (url: string) => new URL(url).pathname.replace('/api/events/', '')

/** Adds the API-alone baseline of each endpoint's last request (the one the panel shows) to `figure`. */
async function addApiAlone(figure: Figure, entries: readonly ApiEntry[], endpoints: readonly string[]): Promise<void> {
  for (const endpoint of endpoints) {
    const last = entries.filter((entry) => endpointOf(entry.url) === endpoint).at(-1)
    if (!last) continue
    const timings = figure.apiAloneMs.get(endpoint) ?? []
    timings.push(await timeApiAlone(last.url))
    figure.apiAloneMs.set(endpoint, timings)
  }
}

/** Records an interaction's result in `figure`; returns a short description for the run's line. */
function recordUpdate(figure: Figure, result: UpdateResult): string {
  const pending = Object.entries(result.doneMs).filter(([, done]) => done === null)
  if (result.startMs === null) {
    figure.failed = `the action dispatched no trigger event within ${INTERACTION.timeoutMs / 1000} s`
    return 'no trigger'
  }
  if (pending.length > 0) {
    figure.failed =
      `${pending.map(([name]) => name).join(' and ')} did not come back to data-state="ready" with new figures ` +
      `(or pass through loading / aria-busy) within ${INTERACTION.timeoutMs / 1000} s`
    return 'timed out'
  }
  const done = Object.values(result.doneMs) as number[]
  const elapsed = Math.max(...done) - result.startMs
  figure.values.push(elapsed)
  const parts = Object.entries(result.doneMs).map(([name, doneMs]) => `${name} ${fmt(doneMs! - result.startMs!)}`)
  const requests = result.apiRequests.map((entry) => `${endpointOf(entry.url)} ${fmt(entry.durationMs)}`)
  return `${fmt(elapsed)} ms (${parts.join(', ')}${requests.length ? `; in page: ${requests.join(', ')}` : ''})`
}

/** Runs `step`, turning a missing control into "not measured" and any other error into a failure. */
async function attempt(figure: Figure, step: () => Promise<string>): Promise<string> {
  try {
    return await step()
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (error instanceof MissingControl) figure.notMeasured = message
    else figure.failed = message
    return error instanceof MissingControl ? 'not measured' : 'failed'
  }
}

type Figures = Record<
  | 'firstMarks'
  | 'baselineMarks'
  | 'firstHistogram'
  | 'pan'
  | 'filterDataset'
  | 'filterSearch'
  | 'js'
  | 'heapAfterLoad'
  | 'heapAfterInteractions'
  | 'blocked',
  Figure
>

function newFigures(): Figures {
  return {
    firstMarks: newFigure('time to first map marks', 'ms', TARGETS.firstMarksMs),
    baselineMarks: newFigure(`baseline: bare MapLibre page, ${BASELINE_POINTS} points → drawn`, 'ms'),
    firstHistogram: newFigure('time to first histogram', 'ms'),
    pan: newFigure('pan (mouse drag) → clusters updated', 'ms', TARGETS.panMs),
    filterDataset: newFigure('filter: tick a dataset → map + histogram updated', 'ms', TARGETS.filterMs),
    filterSearch: newFigure('filter: search a word → map + histogram updated', 'ms', TARGETS.filterMs),
    js: newFigure('JS transferred for /explore (gzip)', 'KB', TARGETS.jsBytes),
    heapAfterLoad: newFigure('JS heap after load', 'MB'),
    heapAfterInteractions: newFigure('JS heap after load and interactions', 'MB', TARGETS.heapBytes),
    blocked: newFigure('requests to other machines (blocked)', 'requests', 0),
  }
}

/** Loads `/explore` once unmeasured, warming the server, and learns what the page exposes. */
async function warmUp(
  browser: BenchBrowser,
  app: RunningApp,
): Promise<{ capabilities: Capabilities; paths: string[] }> {
  const explore = await openExplore(await browser.newContext(), app.baseUrl, LOAD_TIMEOUT_MS)
  try {
    await explore.firstTimes(LOAD_TIMEOUT_MS, { marks: true, histogram: true })
    await explore.settle(LOAD_TIMEOUT_MS)
    const capabilities = await learnCapabilities(explore)
    const targets = [
      ...(capabilities.mapMissing ? [] : [MAP_TARGET]),
      ...(capabilities.timelineMissing ? [] : [TIMELINE_TARGET]),
    ]
    // The same interactions as the runs, so the server has run each code path once; their times do
    // not count, and a failure here shows again, reported, in the measured runs.
    const warm = async (what: string, step: () => Promise<unknown>) =>
      step().catch((error: unknown) =>
        console.log(`  warm-up ${what} failed: ${error instanceof Error ? error.message : String(error)}`),
      )
    if (!capabilities.mapMissing)
      await warm('pan', async () => {
        await zoomMapIn(explore.page, PAN_ZOOM, INTERACTION.timeoutMs)
        await timeUpdate(
          explore.page,
          [MAP_TARGET],
          { event: 'mouseup', use: 'first' },
          () => dragMap(explore.page, [120, 60]),
          INTERACTION,
        )
      })
    if (capabilities.datasets > 0 && targets.length > 0)
      await warm('dataset', () =>
        timeUpdate(
          explore.page,
          targets,
          { event: 'click', use: 'first' },
          async () => void (await toggleDataset(explore.page, capabilities.datasets - 1)),
          INTERACTION,
        ),
      )
    if (capabilities.search && targets.length > 0)
      await warm('search', () =>
        timeUpdate(
          explore.page,
          targets,
          { event: 'input', use: 'last' },
          () => search(explore.page, WARM_UP_WORD),
          INTERACTION,
        ),
      )
    const entries = await explore.page.evaluate<ApiEntry[]>(API_ENTRIES)
    const paths = [...new Set(entries.map((entry) => new URL(entry.url)).map((url) => url.pathname + url.search))]
    return { capabilities, paths: paths.filter((path) => !path.includes('/export')) }
  } finally {
    await explore.close()
  }
}

/** One measured load of `/explore` and its interactions; prints a line and adds to `figures`. */
async function measureRun(
  browser: BenchBrowser,
  app: RunningApp,
  capabilities: Capabilities,
  run: number,
  figures: Figures,
  baselineUrl: string,
): Promise<void> {
  const baselineMs = await measureBaseline(await browser.newContext(), baselineUrl, LOAD_TIMEOUT_MS)
  figures.baselineMarks.values.push(baselineMs)
  const explore = await openExplore(await browser.newContext(), app.baseUrl, LOAD_TIMEOUT_MS)
  const parts: string[] = [`baseline ${fmt(baselineMs)} ms`]
  try {
    const wanted = { marks: !capabilities.mapMissing, histogram: !capabilities.timelineMissing }
    const first = await explore.firstTimes(LOAD_TIMEOUT_MS, wanted)
    await explore.settle(LOAD_TIMEOUT_MS)
    const loadEntries = await explore.page.evaluate<ApiEntry[]>(API_ENTRIES)
    const firstOf = (endpoint: string) => loadEntries.filter((entry) => endpointOf(entry.url) === endpoint).slice(0, 1)
    if (wanted.marks) {
      if (first.marksMs === null) figures.firstMarks.failed = `no map marks within ${LOAD_TIMEOUT_MS / 1000} s`
      else {
        figures.firstMarks.values.push(first.marksMs)
        await addApiAlone(figures.firstMarks, firstOf('map-clusters'), ['map-clusters'])
      }
    }
    if (wanted.histogram) {
      if (first.histogramMs === null) figures.firstHistogram.failed = `no histogram within ${LOAD_TIMEOUT_MS / 1000} s`
      else {
        figures.firstHistogram.values.push(first.histogramMs)
        await addApiAlone(figures.firstHistogram, firstOf('histogram'), ['histogram'])
      }
    }
    parts.push(`marks ${first.marksMs === null ? '-' : fmt(first.marksMs)} ms`)
    parts.push(`histogram ${first.histogramMs === null ? '-' : fmt(first.histogramMs)} ms`)
    const scripts = await explore.scripts()
    figures.js.values.push(scripts.encodedBytes)
    if (scripts.notGzipped.length > 0)
      parts.push(`${scripts.notGzipped.length} scripts came without gzip, e.g. ${scripts.notGzipped[0]}`)
    parts.push(`${scripts.files} scripts ${(scripts.encodedBytes / 1000).toFixed(1)} KB`)
    if (run === 0)
      console.log(
        `  largest scripts: ${scripts.largest.map((script) => `${new URL(script.url).pathname} ${(script.encodedBytes / 1000).toFixed(1)} KB`).join(', ')}`,
      )
    figures.heapAfterLoad.values.push(await explore.heapUsedBytes())

    const targets = [
      ...(capabilities.mapMissing ? [] : [MAP_TARGET]),
      ...(capabilities.timelineMissing ? [] : [TIMELINE_TARGET]),
    ]
    if (!capabilities.mapMissing) {
      parts.push(
        `pan ${await attempt(figures.pan, async () => {
          const zoom = await zoomMapIn(explore.page, PAN_ZOOM, INTERACTION.timeoutMs)
          const result = await timeUpdate(
            explore.page,
            [MAP_TARGET],
            { event: 'mouseup', use: 'first' },
            () => dragMap(explore.page, PAN_OFFSETS[run % PAN_OFFSETS.length]!),
            INTERACTION,
          )
          await addApiAlone(figures.pan, result.apiRequests, ['map-clusters'])
          return `at zoom ${zoom} ${recordUpdate(figures.pan, result)}`
        })}`,
      )
    }
    if (targets.length > 0 && capabilities.datasets > 0) {
      parts.push(
        `dataset ${await attempt(figures.filterDataset, async () => {
          let name = ''
          const result = await timeUpdate(
            explore.page,
            targets,
            { event: 'click', use: 'first' },
            async () => void (name = await toggleDataset(explore.page, run)),
            INTERACTION,
          )
          await addApiAlone(figures.filterDataset, result.apiRequests, ['map-clusters', 'histogram'])
          return `"${name}" ${recordUpdate(figures.filterDataset, result)}`
        })}`,
      )
    }
    if (targets.length > 0 && capabilities.search) {
      const word = SEARCH_WORDS[run % SEARCH_WORDS.length]!
      parts.push(
        `search "${word}" ${await attempt(figures.filterSearch, async () => {
          const result = await timeUpdate(
            explore.page,
            targets,
            { event: 'input', use: 'last' },
            () => search(explore.page, word),
            INTERACTION,
          )
          await addApiAlone(figures.filterSearch, result.apiRequests, ['map-clusters', 'histogram'])
          return recordUpdate(figures.filterSearch, result)
        })}`,
      )
    }
    figures.heapAfterInteractions.values.push(await explore.heapUsedBytes())
    console.log(`  run ${run + 1}: ${parts.join(' | ')}`)
  } finally {
    await explore.close()
  }
}

/** Marks what the page does not expose as not measured, saying why. */
function noteMissing(figures: Figures, capabilities: Capabilities): void {
  if (capabilities.mapMissing) {
    figures.firstMarks.notMeasured = capabilities.mapMissing
    figures.pan.notMeasured = capabilities.mapMissing
  }
  if (capabilities.timelineMissing) figures.firstHistogram.notMeasured = capabilities.timelineMissing
  const filterMissing =
    capabilities.mapMissing && capabilities.timelineMissing
      ? 'neither the map nor the timeline exposes its state'
      : capabilities.mapMissing
        ? `only the timeline is timed: ${capabilities.mapMissing}`
        : capabilities.timelineMissing
          ? `only the map is timed: ${capabilities.timelineMissing}`
          : undefined
  if (capabilities.datasets === 0)
    figures.filterDataset.notMeasured = 'the filter panel has no checkbox named "Benchmark dataset …"'
  if (!capabilities.search) figures.filterSearch.notMeasured = 'the filter panel has no search box (input[type=search])'
  for (const figure of [figures.filterDataset, figures.filterSearch]) {
    if (figure.notMeasured || !filterMissing) continue
    // With one panel missing the other is still timed; with both missing nothing is.
    if (capabilities.mapMissing && capabilities.timelineMissing) figure.notMeasured = filterMissing
    else console.log(`  ${figure.name}: ${filterMissing}`)
  }
}

/** The 1-minute load average the runs wait for (per core), so seeding and priming have died down. */
const SETTLED_LOAD_PER_CORE = 0.5
const SETTLE_TIMEOUT_MS = 90_000

/** Waits until the machine's 1-minute load average is down to {@link SETTLED_LOAD_PER_CORE} per core, or the timeout. */
async function waitForQuiet(): Promise<void> {
  const limit = SETTLED_LOAD_PER_CORE * os.cpus().length
  const deadline = performance.now() + SETTLE_TIMEOUT_MS
  if (os.loadavg()[0]! <= limit) return
  console.log(`Waiting for the load average to fall to ${limit.toFixed(1)} (now ${describeLoadAverage()})…`)
  while (os.loadavg()[0]! > limit && performance.now() < deadline) {
    if (isCleaning()) throw new Error('Interrupted')
    await new Promise((resolve) => setTimeout(resolve, 2_000))
  }
}

async function main(): Promise<number> {
  const started = performance.now()
  const options = readOptions(process.argv)
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'chronotope-bench-ui-'))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  const { app, label } = await prepareApp(options, dataDir)

  const primePaths = FILTER_CASES.flatMap((filter) =>
    READ_ENDPOINTS.slice(0, 2).map((endpoint) => requestPath(endpoint, MAP_VIEWS[0]!, filter)),
  )
  console.log(`Loading the in-memory event index (${primePaths.length} requests, round after round)…`)
  console.log(`  loaded in ${(await primeEventIndex(app.baseUrl, primePaths, PRIME_TIMEOUT_MS)).toFixed(1)} s`)

  const browser = await launchBenchBrowser()
  cleanups.push(() => browser.close())
  const baseline = await startBaselineServer(BASELINE_POINTS)
  cleanups.push(() => baseline.close())
  console.log(`Chromium ${browser.browser.version()}, 1280×800, WebGL in SwiftShader, internet blocked`)

  console.log('Warm-up load of /explore (not measured)…')
  const { capabilities, paths } = await warmUp(browser, app)
  // The warm-up's own requests may name fields the index has not loaded yet (a colour field, say).
  await primeEventIndex(app.baseUrl, paths, PRIME_TIMEOUT_MS)
  const figures = newFigures()
  noteMissing(figures, capabilities)

  await waitForQuiet()
  const loadBefore = describeLoadAverage()
  console.log(`Measuring ${options.runs} loads of /explore, each followed by a pan, a dataset ticked and a search…`)
  for (let run = 0; run < options.runs; run++) {
    if (isCleaning()) throw new Error('Interrupted')
    await measureRun(browser, app, capabilities, run, figures, baseline.url)
  }
  figures.blocked.values.push(browser.blockedRequests.length)
  if (browser.blockedRequests.length > 0)
    console.log(`  blocked requests to other machines: ${[...new Set(browser.blockedRequests)].join(', ')}`)

  console.log(
    `\nUI benchmark: ${fmt(options.events)} events on ${label}; production build; ${os.cpus().length} cores, ` +
      `load average ${loadBefore} before the runs, ${describeLoadAverage()} after; ` +
      `search words ${SEARCH_WORDS.slice(0, options.runs).join(', ')} (seeded rare word: "${RARE_TITLE_WORD}")`,
  )
  const all = Object.values(figures)
  printFigures(all)
  const overMs = median(figures.firstMarks.values) - median(figures.baselineMarks.values)
  if (Number.isFinite(overMs))
    console.log(
      `\nFirst map marks came ${fmt(overMs)} ms after a bare MapLibre page drew its points in the same browser ` +
        "(median): the explore view's own share (its scripts, basemap, data and React) of the time to first marks.",
    )
  console.log(
    '\nTimes are taken in the page (performance.now, first frame after the panel says ready); a figure is ' +
      'the median of its runs against its target. "API request alone": the request the panel made, sent ' +
      `again ${API_REPLAYS} times alone from Node after the interaction (median), so the server's part.`,
  )
  console.log(`Benchmark run time: ${((performance.now() - started) / 1000).toFixed(0)} s`)
  return all.some((figure) => figure.failed) ? 1 : 0
}

main()
  .then((code) => (process.exitCode = code))
  .catch((error: unknown) => {
    // After Ctrl-C the browser closing under a step is expected; the signal handler sets the exit code.
    if (!isCleaning()) console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exitCode = 1
  })
  .finally(() => cleanUp())
