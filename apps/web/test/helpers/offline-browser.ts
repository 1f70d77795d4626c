/**
 * Debian's Chromium driven by playwright-core, with every request that leaves this machine
 * blocked and recorded, so a test can prove a page needs nothing from the internet.
 * @module
 */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core'

/** Where Debian installs Chromium; override with CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** A browser context whose outside requests are blocked, and the list of what was blocked. */
export interface OfflineBrowser {
  readonly browser: Browser
  readonly context: BrowserContext
  readonly blockedRequests: string[]
  close(): Promise<void>
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Launches headless Chromium that may only talk to this machine.
 * @param options.webgl - draw WebGL (the map) in software with SwiftShader instead of disabling the GPU
 */
export async function launchOfflineBrowser(options: { webgl?: boolean } = {}): Promise<OfflineBrowser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      ...(options.webgl ? ['--enable-unsafe-swiftshader', '--use-angle=swiftshader'] : ['--disable-gpu']),
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const blockedRequests: string[] = []
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url())
    if (LOCAL_HOSTS.has(url.hostname) || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue()
    blockedRequests.push(url.href)
    return route.abort('internetdisconnected')
  })
  return { browser, context, blockedRequests, close: () => browser.close() }
}

/**
 * A second context of an offline browser (another signed-in user, say) with the same blocking;
 * what it blocks is added to the browser's `blockedRequests`.
 * @param options - more context options, e.g. `{ timezoneId: 'America/Sao_Paulo' }`
 * @example const editor = await newOfflineContext(browser) // then editor.newPage()
 */
export async function newOfflineContext(
  offline: OfflineBrowser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await offline.browser.newContext({ viewport: { width: 1280, height: 800 }, ...options })
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url())
    if (LOCAL_HOSTS.has(url.hostname) || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue()
    offline.blockedRequests.push(url.href)
    return route.abort('internetdisconnected')
  })
  return context
}
