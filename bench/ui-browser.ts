/**
 * The browser `npm run bench:ui` measures with: Debian's Chromium, headless, WebGL drawn by
 * SwiftShader, a 1280×800 window, gzip as the only encoding offered, and every request that
 * leaves this machine blocked and counted. Playwright's own Ctrl-C handling is off: it would end
 * the process before the benchmark stops its server and drops its database.
 *
 * Other machines are blocked by the browser's host resolver (no name but this machine's resolves),
 * not by routing each request through Playwright: routing made every request wait for this
 * process, which weighed on a page of 25 requests far more than on the baseline's 3, so it measured
 * the harness as much as the app. Each load gets a fresh context, so its HTTP cache is empty (a
 * first visit), for the page and its workers alike.
 * @module
 */
import { chromium, type Browser, type BrowserContext } from 'playwright-core'

import { CHROMIUM_PATH } from '../apps/web/test/helpers/offline-browser'

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Resolves no name but this machine's, so a request to another machine fails at once. */
const LOCAL_ONLY_RESOLVER = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1'

/** The benchmark's browser and what it blocked. */
export interface BenchBrowser {
  readonly browser: Browser
  /** A new context: an empty HTTP cache, its requests to other machines counted. */
  newContext(): Promise<BrowserContext>
  /** Requests to other machines, blocked. */
  readonly blockedRequests: string[]
  close(): Promise<void>
}

/** Launches the benchmark's Chromium. */
export async function launchBenchBrowser(): Promise<BenchBrowser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--enable-unsafe-swiftshader',
      '--use-angle=swiftshader',
      LOCAL_ONLY_RESOLVER,
    ],
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  })
  const blockedRequests: string[] = []
  const newContext = async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      extraHTTPHeaders: { 'Accept-Encoding': 'gzip' },
    })
    context.on('request', (request) => {
      const url = new URL(request.url())
      if (url.protocol.startsWith('http') && !LOCAL_HOSTS.has(url.hostname)) blockedRequests.push(url.href)
    })
    return context
  }
  return { browser, newContext, blockedRequests, close: () => browser.close() }
}
