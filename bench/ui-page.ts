/**
 * One explore page of `npm run bench:ui` in the offline Chromium: loads `/explore` and reads the
 * first times, the JavaScript it transferred and its heap, and drives the interactions a user
 * makes (drag the map, tick a dataset, type a search) while the page times their updates.
 * @module
 */
import { request as httpRequest } from 'node:http'

import type { BrowserContext, CDPSession, Page, Response } from 'playwright-core'

import {
  allSettled,
  FIRST_TIMES_SCRIPT,
  MAP_SELECTOR,
  READ_FIRST_TIMES,
  readPanelAttributes,
  TIMELINE_SELECTOR,
  UPDATE_RESULT,
  watchUpdate,
  type FirstTimes,
  type PanelAttributes,
  type UpdateResult,
  type UpdateTarget,
  type UpdateTrigger,
} from './ui-page-scripts'

/** The map and the timeline as targets of an update. */
export const MAP_TARGET: UpdateTarget = { name: 'map', selector: MAP_SELECTOR }
/** See {@link MAP_TARGET}. */
export const TIMELINE_TARGET: UpdateTarget = { name: 'timeline', selector: TIMELINE_SELECTOR }

/** The search box of the filter panel. */
const SEARCH_SELECTOR = 'input[type="search"]'
/** The datasets' checkboxes in the filter panel, named after the benchmark's datasets. */
const DATASET_CHECKBOX_NAME = /Benchmark dataset \d/
/** Longer than MapLibre's 160 ms inertia window, so the drag ends without a glide: moveend is the mouseup. */
const HOLD_BEFORE_RELEASE_MS = 250
const POLL_MS = 100
/** The server leaves smaller answers uncompressed, as Next's own compression does. */
const GZIP_THRESHOLD_BYTES = 1024

/** Scripts the page loaded: bytes on the wire (gzip), the largest, and those over 1 KB not gzip-encoded. */
export interface ScriptTransfer {
  readonly files: number
  readonly encodedBytes: number
  /** The five largest, by bytes on the wire. */
  readonly largest: ReadonlyArray<{ readonly url: string; readonly encodedBytes: number }>
  readonly notGzipped: readonly string[]
}

/** An explore page under measurement. */
export interface ExplorePage {
  readonly page: Page
  /** Resolves when the load's first times are known, or the timeout passed. */
  firstTimes(timeoutMs: number, wanted: { marks: boolean; histogram: boolean }): Promise<FirstTimes>
  /** Waits until the network is quiet (500 ms without requests). */
  settle(timeoutMs: number): Promise<void>
  /** The script responses so far, summed. */
  scripts(): Promise<ScriptTransfer>
  /** `JSHeapUsedSize` from the DevTools protocol, in bytes. */
  heapUsedBytes(): Promise<number>
  panel(selector: string): Promise<PanelAttributes>
  close(): Promise<void>
}

/** Opens `/explore` in a new page of `context`, a context of its own: closing the page closes it. */
export async function openExplore(context: BrowserContext, baseUrl: string, timeoutMs: number): Promise<ExplorePage> {
  const page = await context.newPage()
  await page.addInitScript(FIRST_TIMES_SCRIPT)
  const scriptResponses: Response[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scriptResponses.push(response)
  })
  const cdp: CDPSession = await context.newCDPSession(page)
  await cdp.send('Performance.enable')
  await page.goto(`${baseUrl}/explore`, { waitUntil: 'load', timeout: timeoutMs })
  return {
    page,
    firstTimes: async (waitMs, wanted) => {
      // Polled from here: the app's Content-Security-Policy forbids the eval waitForFunction needs.
      // The times themselves were taken in the page.
      const deadline = Date.now() + waitMs
      for (;;) {
        const times = await page.evaluate<FirstTimes>(READ_FIRST_TIMES)
        const done = (!wanted.marks || times.marksMs !== null) && (!wanted.histogram || times.histogramMs !== null)
        if (done || Date.now() > deadline) return times
        await page.waitForTimeout(POLL_MS)
      }
    },
    settle: (waitMs) => page.waitForLoadState('networkidle', { timeout: waitMs }),
    scripts: async () => {
      const sizes: Array<{ url: string; encodedBytes: number }> = []
      const notGzipped: string[] = []
      for (const response of scriptResponses) {
        // A worker started from a blob: URL runs bytes the page already downloaded; nothing crossed the wire.
        if (!response.url().startsWith('http')) continue
        const reported = (await response.request().sizes()).responseBodySize
        // A worker's script (MapLibre's) is reported with no body: ask for it again as the page did.
        const encodedBytes = reported > 0 ? reported : await gzipBytesOf(response.url())
        sizes.push({ url: response.url(), encodedBytes })
        const encoding = await response.headerValue('content-encoding')
        if (encoding !== 'gzip' && encodedBytes > GZIP_THRESHOLD_BYTES) notGzipped.push(response.url())
      }
      return {
        files: sizes.length,
        encodedBytes: sizes.reduce((sum, size) => sum + size.encodedBytes, 0),
        largest: sizes.sort((a, b) => b.encodedBytes - a.encodedBytes).slice(0, 5),
        notGzipped,
      }
    },
    heapUsedBytes: async () => {
      const { metrics } = await cdp.send('Performance.getMetrics')
      const heap = metrics.find((metric) => metric.name === 'JSHeapUsedSize')
      if (!heap) throw new Error('Performance.getMetrics gave no JSHeapUsedSize')
      return heap.value
    },
    panel: async (selector) => await page.evaluate<PanelAttributes>(readPanelAttributes(selector)),
    close: () => context.close(),
  }
}

/**
 * Times `act` from its trigger event until `targets` updated, by the page's clock. Starts once
 * every target is ready and not busy, so an earlier request finishing is not taken for the update.
 * @throws Error when the targets are not ready within the timeout
 */
export async function timeUpdate(
  page: Page,
  targets: readonly UpdateTarget[],
  trigger: UpdateTrigger,
  act: () => Promise<void>,
  options: { quietMs: number; timeoutMs: number },
): Promise<UpdateResult> {
  const deadline = Date.now() + options.timeoutMs
  const selectors = targets.map((target) => target.selector)
  while (!(await page.evaluate<boolean>(allSettled(selectors)))) {
    if (Date.now() > deadline)
      throw new Error(`${targets.map((target) => target.name).join(' and ')} not ready before the action`)
    await page.waitForTimeout(POLL_MS)
  }
  await page.evaluate(watchUpdate(targets, trigger, options))
  await act()
  return await page.evaluate<UpdateResult>(UPDATE_RESULT)
}

/** Thrown when the page lacks a control an interaction needs. */
export class MissingControl extends Error {
  constructor(what: string) {
    super(`the explore page has no ${what}`)
    this.name = 'MissingControl'
  }
}

/**
 * Drags the map by `[dx, dy]` pixels with the mouse and holds still before releasing, so the
 * move ends at the mouseup (the trigger) without an inertial glide. The drag starts on bare map,
 * not on a cluster (a button over the canvas, which a drag would not move).
 */
export async function dragMap(page: Page, [dx, dy]: readonly [number, number]): Promise<void> {
  const box = await page.locator(`${MAP_SELECTOR} .maplibregl-canvas`).first().boundingBox()
  if (!box) throw new MissingControl(`map canvas (${MAP_SELECTOR} .maplibregl-canvas)`)
  const candidates: Array<[number, number]> = []
  for (let ring = 0; ring <= 6; ring++)
    for (const [fx, fy] of [
      [0, 0],
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
      [1, 1],
      [-1, -1],
      [1, -1],
      [-1, 1],
    ] as const)
      candidates.push([
        box.x + box.width / 2 - dx / 2 + fx * ring * 24,
        box.y + box.height / 2 - dy / 2 + fy * ring * 24,
      ])
  const start = await page.evaluate<[number, number] | null>(
    `${JSON.stringify(candidates)}.find(([x, y]) => document.elementFromPoint(x, y)?.matches('.maplibregl-canvas')) ?? null`,
  )
  if (!start) throw new MissingControl('spot of bare map to start a drag on')
  const [x, y] = start
  await page.mouse.move(x, y)
  await page.mouse.down()
  await page.mouse.move(x + dx, y + dy, { steps: 12 })
  await page.waitForTimeout(HOLD_BEFORE_RELEASE_MS)
  await page.mouse.up()
}

/** The map's zoom as the URL states it, NaN before the map first moved. */
function urlZoom(page: Page): number {
  const zoom = new URL(page.url()).searchParams.get('zoom')
  return zoom === null ? Number.NaN : Number(zoom)
}

/**
 * Zooms the map in with the keyboard (`+` on the focused canvas, as a user would) until the URL
 * says at least `zoom`, then waits until the map is ready again: a pan at the fitted world view
 * may not need new clusters, as the whole world is already in view.
 * @returns the zoom reached
 */
export async function zoomMapIn(page: Page, zoom: number, timeoutMs: number): Promise<number> {
  const canvas = page.locator(`${MAP_SELECTOR} .maplibregl-canvas`).first()
  if ((await canvas.count()) === 0) throw new MissingControl(`map canvas (${MAP_SELECTOR} .maplibregl-canvas)`)
  await canvas.focus()
  for (let press = 0; press < 8 && !(urlZoom(page) >= zoom); press++) {
    const before = page.url()
    await page.keyboard.press('Equal')
    // The URL follows the map at the end of each eased zoom.
    const deadline = Date.now() + 5_000
    while (page.url() === before && Date.now() < deadline) await page.waitForTimeout(POLL_MS)
  }
  const deadline = Date.now() + timeoutMs
  while (!(await page.evaluate<boolean>(allSettled([MAP_SELECTOR])))) {
    if (Date.now() > deadline) throw new Error(`the map was not ready ${timeoutMs / 1000} s after zooming in`)
    await page.waitForTimeout(POLL_MS)
  }
  return urlZoom(page)
}

/** Whether the page has a search box and how many dataset checkboxes. */
export async function filterControls(page: Page): Promise<{ search: boolean; datasets: number }> {
  return {
    search: (await page.locator(SEARCH_SELECTOR).count()) > 0,
    datasets: await page.getByRole('checkbox', { name: DATASET_CHECKBOX_NAME }).count(),
  }
}

/** Types `word` into the search box as one input event (a paste, say). */
export async function search(page: Page, word: string): Promise<void> {
  await page.locator(SEARCH_SELECTOR).first().fill(word, { timeout: 5_000 })
}

/** Clicks the `index`-th dataset checkbox of the filter panel. */
export async function toggleDataset(page: Page, index: number): Promise<string> {
  const boxes = page.getByRole('checkbox', { name: DATASET_CHECKBOX_NAME })
  const count = await boxes.count()
  if (count === 0) throw new MissingControl('dataset checkbox named "Benchmark dataset …"')
  const box = boxes.nth(index % count)
  const label = await box
    .locator('xpath=ancestor::label')
    .first()
    .innerText({ timeout: 5_000 })
    .catch(() => '')
  const name = label.trim().replace(/\s+/g, ' ') || `dataset checkbox ${(index % count) + 1}`
  await box.click({ timeout: 5_000 })
  return name
}

/** The bytes a script takes on the wire when asked for with `Accept-Encoding: gzip`. */
function gzipBytesOf(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers: { 'Accept-Encoding': 'gzip' } }, (response) => {
      let bytes = 0
      response.on('data', (chunk: Buffer) => (bytes += chunk.length))
      response.on('end', () => resolve(bytes))
      response.on('error', reject)
    })
    request.on('error', reject)
    request.end()
  })
}
