/**
 * The documentation site as readers get it: built by `npm run build` (the end-to-end tests' setup
 * builds the app and the docs with it; this file builds the docs alone when they are missing),
 * served under `/docs/` by the app's own responder (apps/web/src/server/docs-site.ts), and crawled
 * in Chromium from the home page through every internal link. Every page must answer 200 with the
 * title suffix, the repository, "Edit this page" and feedback links and the search box; no link
 * may be broken; no request may leave the machine; and the local search must find guide and API
 * pages, each result naming its section.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { BrowserContext, Page } from 'playwright-core'

import { buildDocsSite, DOCS_SITE_DIR, isDocsSiteBuilt } from '../../../web/src/lib/runtime/docs-site-build'
import { createDocsResponder } from '../../../web/src/server/docs-site'
import { docsFileCandidates } from '../../../web/src/server/docs-site-paths'
import { launchOfflineBrowser, newOfflineContext, type OfflineBrowser } from '../../../web/test/helpers/offline-browser'
import { REPOSITORY_URL } from '../../repository'

const TITLE_SUFFIX = ' – Chronotope'
const PLACEHOLDER = 'Search documentation...'
// Pages loaded at once: the crawl waits on Chromium more than on the two cores.
const PAGES_AT_ONCE = 4

// The site as the app serves it: under /docs/, anything else a 404.
function serve(stateFile: string): Promise<{ server: Server; origin: string }> {
  const docs = createDocsResponder({ dir: DOCS_SITE_DIR, headers: [], stateFile, repositoryUrl: REPOSITORY_URL })
  const server = createServer((request, response) => {
    void docs(request, response).then((answered) => {
      if (!answered) response.writeHead(404).end()
    })
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  )
}

describe('the documentation site', () => {
  let stateDir: string
  let site: { server: Server; origin: string }
  let offline: OfflineBrowser

  beforeAll(async () => {
    stateDir = mkdtempSync(path.join(os.tmpdir(), 'chronotope-docs-state-'))
    if (!isDocsSiteBuilt() && (await buildDocsSite()) !== 0)
      throw new Error('The docs build failed: see its output above')
    site = await serve(path.join(stateDir, 'docs-build.json'))
    offline = await launchOfflineBrowser()
  })

  afterAll(async () => {
    await offline?.close()
    site?.server.close()
    if (stateDir) rmSync(stateDir, { recursive: true, force: true })
  })

  // What a page shows: its title, links, the search box.
  async function factsOf(page: Page) {
    return page.evaluate(
      ({ repository, placeholder }) => ({
        title: document.title,
        repository: document.querySelector(`a[href="${repository}"]`) !== null,
        edit: document.querySelector<HTMLAnchorElement>('a.theme-edit-this-page')?.href ?? null,
        feedback: document.querySelector<HTMLAnchorElement>('.feedback-link a')?.href ?? null,
        search: document.querySelector(`input[placeholder="${placeholder}"]`) !== null,
        links: Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href]'), (link) => link.href),
        images: Array.from(document.querySelectorAll<HTMLImageElement>('img[src]'), (image) => image.src),
      }),
      { repository: REPOSITORY_URL, placeholder: PLACEHOLDER },
    )
  }

  function problemsOf(route: string, facts: Awaited<ReturnType<typeof factsOf>>): string[] {
    const problems: string[] = []
    const pageTitle = facts.title.slice(0, -TITLE_SUFFIX.length)
    if (!facts.title.endsWith(TITLE_SUFFIX)) problems.push(`${route}: title "${facts.title}"`)
    if (!facts.repository) problems.push(`${route}: no repository link`)
    if (!facts.search) problems.push(`${route}: no search box saying "${PLACEHOLDER}"`)
    if (route === '/docs/search') return problems
    if (!facts.edit?.startsWith(`${REPOSITORY_URL}/`)) problems.push(`${route}: edit link ${facts.edit}`)
    const feedback = facts.feedback ? new URL(facts.feedback) : null
    if (feedback?.searchParams.get('title') !== `Feedback: ${pageTitle}`)
      problems.push(`${route}: feedback link ${facts.feedback}`)
    return problems
  }

  // Visits the routes with PAGES_AT_ONCE tabs of `context`, each taking the next route left.
  async function onPages(
    context: BrowserContext,
    routes: readonly string[],
    visit: (page: Page, route: string) => Promise<void>,
  ): Promise<void> {
    let next = 0
    await Promise.all(
      Array.from({ length: Math.min(PAGES_AT_ONCE, routes.length) }, async () => {
        const page = await context.newPage()
        try {
          while (next < routes.length) await visit(page, routes[next++]!)
        } finally {
          await page.close()
        }
      }),
    )
  }

  // The reference TypeDoc writes (hundreds of pages) is checked as served; the rest also as hydrated.
  const isTypedocPage = (route: string) =>
    route.startsWith('/docs/developers/api/') &&
    !route.startsWith('/docs/developers/api/api') &&
    !route.startsWith('/docs/developers/api/collections')
  const exists = (pathname: string) => docsFileCandidates(pathname).length > 0

  // Some 400 pages, each loaded in Chromium: more than the end-to-end tests' usual five minutes.
  it(
    'answers every page reachable from the home page with its title, links and search box',
    { timeout: 900_000 },
    async () => {
      // As served (no JavaScript): every page, every link followed, a few pages at a time.
      const served = await newOfflineContext(offline, { javaScriptEnabled: false })
      const seen = new Set(['/docs/'])
      const problems: string[] = []
      const check = async (page: Page, route: string): Promise<string[]> => {
        const response = await page.goto(`${site.origin}${route}`)
        if (response?.status() !== 200) {
          problems.push(`${route}: answered ${response?.status()}`)
          return []
        }
        const facts = await factsOf(page)
        problems.push(...problemsOf(route, facts))
        for (const image of facts.images) {
          const url = new URL(image)
          if (url.origin === site.origin && !exists(url.pathname))
            problems.push(`${route}: image ${url.pathname} is missing`)
        }
        const found: string[] = []
        for (const href of facts.links) {
          const url = new URL(href)
          if (url.origin !== site.origin) continue
          const target = url.pathname === '/docs/' ? url.pathname : url.pathname.replace(/\/$/, '')
          if (!target.startsWith('/docs/')) {
            problems.push(`${route}: link ${href} leaves the site's /docs/`)
            continue
          }
          if (/\.[a-z]+$/.test(target) && !target.endsWith('.html')) continue
          if (!seen.has(target)) {
            seen.add(target)
            found.push(target)
          }
        }
        return found
      }
      // Breadth first, one level of links at a time.
      for (let level = ['/docs/']; level.length > 0;) {
        const next: string[] = []
        await onPages(served, level, async (page, route) => {
          next.push(...(await check(page, route)))
        })
        level = next
      }
      // As readers get it (hydrated): the guides, developer pages, API routes and collections.
      const read = [...seen].filter((route) => !isTypedocPage(route))
      await onPages(offline.context, read, async (hydrated, route) => {
        await hydrated.goto(`${site.origin}${route}`, { waitUntil: 'domcontentloaded' })
        // Hydration sets the title again (passing through the site's bare title): read it after.
        await hydrated
          .waitForFunction(
            (suffix) => document.documentElement.dataset.hasHydrated === 'true' && document.title.endsWith(suffix),
            TITLE_SUFFIX,
            { timeout: 5_000 },
          )
          .catch(() => undefined)
        problems.push(...problemsOf(route, await factsOf(hydrated)).map((problem) => `${problem} (hydrated)`))
      })
      expect(problems).toEqual([])
      // The whole site: guides, developer pages, the generated reference.
      expect(seen.size).toBeGreaterThan(300)
      expect(read.length).toBeGreaterThan(60)
      for (const route of [
        '/docs/developers/api',
        '/docs/developers/using-the-api',
        '/docs/developers/api/api/events/histogram',
        '/docs/developers/api/collections/events',
        '/docs/developers/api/services',
        '/docs/reference/changelog',
      ])
        expect(seen, route).toContain(route)
      expect(offline.blockedRequests).toEqual([])
    },
  )

  it('finds guide and API pages with its local search, each result naming its section', async () => {
    const page = await offline.context.newPage()
    for (const [query, expected, section] of [
      ['histogram', '/docs/developers/api/api/events/histogram', /^Developers › API reference › API routes/],
      ['importing', '/docs/users/guides/importing-data', /^User guide › Guides/],
      ['token', '/docs/developers/using-the-api', /^Developers/],
      ['installation', '/docs/getting-started/installation', /^Getting started/],
    ] as const) {
      await page.goto(`${site.origin}/docs/search?q=${query}`)
      const result = page.locator('article', { has: page.locator(`h2 a[href^="${expected}"]`) }).first()
      await result.waitFor({ timeout: 20_000 })
      const breadcrumb = (await result.locator('p[class*="searchResultItemPath"]').textContent()) ?? ''
      expect(breadcrumb, `${query}: ${expected}`).toMatch(section)
    }
    expect(offline.blockedRequests).toEqual([])
  })
})
