/**
 * The documentation site as readers get it: built by `npm run build` (the end-to-end tests' setup
 * builds the app and the docs with it; this file builds the docs alone when they are missing),
 * served under `/docs/` by the app's own responder (apps/web/src/server/docs-site.ts), and crawled
 * from the home page through every internal link: as served (its HTML, read as a crawler reads it)
 * and, for the pages people write, as hydrated in Chromium. Every page must answer 200 with the
 * title suffix, the repository, "Edit this page" and feedback links and the search box; no link
 * may be broken; no request may leave the machine; and the local search must find guide and API
 * pages, each result naming its section.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { load as loadHtml } from 'cheerio'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Page } from 'playwright-core'

import { buildDocsSite, DOCS_SITE_DIR, isDocsSiteBuilt } from '../../../web/src/lib/runtime/docs-site-build'
import { createDocsResponder } from '../../../web/src/server/docs-site'
import { launchOfflineBrowser, type OfflineBrowser } from '../../../web/test/helpers/offline-browser'
import { REPOSITORY_URL } from '../../repository'

const TITLE_SUFFIX = ' – Chronotope'
const PLACEHOLDER = 'Search documentation...'
// Pages loaded at once: the crawl waits on the server and Chromium more than on the two cores.
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

  /** What a page shows: its title, links, the search box. */
  interface PageFacts {
    title: string
    repository: boolean
    edit: string | null
    feedback: string | null
    search: boolean
    links: string[]
  }

  // The same facts read from the HTML as served, without a browser: a few hundred pages in seconds.
  // URLs are made absolute as a browser's `href` and `src` properties make them.
  function servedFactsOf(html: string, pageUrl: string): PageFacts & { resources: string[] } {
    const $ = loadHtml(html)
    const absolute = (value: string) => new URL(value, pageUrl).href
    const first = (selector: string) => {
      const href = $(selector).first().attr('href')
      return href === undefined ? null : absolute(href)
    }
    const all = (selector: string, attribute: string) =>
      $(selector)
        .toArray()
        .map((element) => absolute($(element).attr(attribute) ?? ''))
    return {
      title: $('title').first().text().replace(/\s+/g, ' ').trim(),
      repository: $('a[href]')
        .toArray()
        .some((link) => $(link).attr('href') === REPOSITORY_URL),
      edit: first('a.theme-edit-this-page'),
      feedback: first('.feedback-link a'),
      search: $('input')
        .toArray()
        .some((input) => $(input).attr('placeholder') === PLACEHOLDER),
      links: all('a[href]', 'href'),
      // What a browser fetches to show the page (a canonical or alternate link it does not).
      resources: [
        ...all('script[src], img[src], source[src]', 'src'),
        ...all('link[href]:not([rel~="canonical"]):not([rel~="alternate"])', 'href'),
      ],
    }
  }

  // What a hydrated page shows, read in Chromium.
  async function factsOf(page: Page): Promise<PageFacts> {
    return page.evaluate(
      ({ repository, placeholder }) => ({
        title: document.title,
        repository: document.querySelector(`a[href="${repository}"]`) !== null,
        edit: document.querySelector<HTMLAnchorElement>('a.theme-edit-this-page')?.href ?? null,
        feedback: document.querySelector<HTMLAnchorElement>('.feedback-link a')?.href ?? null,
        search: document.querySelector(`input[placeholder="${placeholder}"]`) !== null,
        links: Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href]'), (link) => link.href),
      }),
      { repository: REPOSITORY_URL, placeholder: PLACEHOLDER },
    )
  }

  function problemsOf(route: string, facts: PageFacts): string[] {
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

  // Visits the routes PAGES_AT_ONCE at a time: visitor `visitor` takes the next route left.
  async function inTurns(
    routes: readonly string[],
    visit: (route: string, visitor: number) => Promise<void>,
  ): Promise<void> {
    let next = 0
    await Promise.all(
      Array.from({ length: Math.min(PAGES_AT_ONCE, routes.length) }, async (_, visitor) => {
        while (next < routes.length) await visit(routes[next++]!, visitor)
      }),
    )
  }

  // The reference TypeDoc writes (hundreds of pages) is checked as served; the rest also as hydrated.
  const isTypedocPage = (route: string) =>
    route.startsWith('/docs/developers/api/') &&
    !route.startsWith('/docs/developers/api/api') &&
    !route.startsWith('/docs/developers/api/collections')

  // Some 400 pages read as served, then the 70-odd people write loaded in Chromium.
  it(
    'answers every page reachable from the home page with its title, links and search box',
    { timeout: 900_000 },
    async () => {
      // As served (no JavaScript): every page, every link and resource followed.
      const seen = new Set(['/docs/'])
      const resourcesChecked = new Set<string>()
      const problems: string[] = []
      const check = async (route: string): Promise<string[]> => {
        const response = await fetch(`${site.origin}${route}`)
        if (response.status !== 200) {
          problems.push(`${route}: answered ${response.status}`)
          return []
        }
        const facts = servedFactsOf(await response.text(), response.url)
        problems.push(...problemsOf(route, facts))
        for (const resource of facts.resources) {
          const url = new URL(resource)
          if (url.protocol === 'data:') continue
          if (url.origin !== site.origin) problems.push(`${route}: loads ${resource} from outside the machine`)
          else if (!resourcesChecked.has(url.pathname)) {
            resourcesChecked.add(url.pathname)
            const answer = await fetch(url)
            await answer.body?.cancel()
            if (answer.status !== 200) problems.push(`${route}: ${url.pathname} answered ${answer.status}`)
          }
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
        await inTurns(level, async (route) => {
          next.push(...(await check(route)))
        })
        level = next
      }
      // As readers get it (hydrated): the guides, developer pages, API routes and collections.
      const read = [...seen].filter((route) => !isTypedocPage(route))
      const tabs = await Promise.all(Array.from({ length: PAGES_AT_ONCE }, () => offline.context.newPage()))
      await inTurns(read, async (route, visitor) => {
        const hydrated = tabs[visitor]!
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
      await Promise.all(tabs.map((tab) => tab.close()))
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
