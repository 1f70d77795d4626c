/**
 * The browser `npm run bench:ui` measures with: Debian's Chromium, headless, WebGL drawn by
 * SwiftShader, a 1280×800 window, gzip as the only encoding offered, and every request that
 * leaves this machine blocked and counted. Playwright's own Ctrl-C handling is off: it would end
 * the process before the benchmark stops its server and drops its database.
 * @module
 */
import { chromium, type Browser, type BrowserContext } from 'playwright-core'

import { CHROMIUM_PATH } from '../apps/web/test/helpers/offline-browser'

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** The benchmark's browser and what it blocked. */
export interface BenchBrowser {
  readonly browser: Browser
  /** Routes every request (which also turns the HTTP cache off, so each load is a first visit). */
  readonly context: BrowserContext
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
    ],
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  })
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { 'Accept-Encoding': 'gzip' },
  })
  const blockedRequests: string[] = []
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url())
    if (LOCAL_HOSTS.has(url.hostname) || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue()
    blockedRequests.push(url.href)
    return route.abort('internetdisconnected')
  })
  return { browser, context, blockedRequests, close: () => browser.close() }
}
