/**
 * The documentation site as readers get it: built with `npm run build` of the docs workspace into
 * a temporary folder, served by a plain static server, and crawled in Chromium from the home page
 * through every internal link. Every page must answer 200 with the title suffix, the repository,
 * "Edit this page" and feedback links and the search box; no link may be broken; no request may
 * leave the machine; and the local search must find guide and API pages.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Page } from 'playwright-core'

import { launchOfflineBrowser, newOfflineContext, type OfflineBrowser } from '../../../web/test/helpers/offline-browser'
import { REPOSITORY_URL } from '../../repository'

const docsRoot = path.resolve(import.meta.dirname, '../..')
const TITLE_SUFFIX = ' – Chronotope'
const PLACEHOLDER = 'Search documentation...'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
}

// The file a URL path names, as `docusaurus serve` resolves it (trailingSlash: false).
function fileOf(root: string, urlPath: string): string | null {
  const clean = path.normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, '')
  const candidates = [clean, `${clean}.html`, path.join(clean, 'index.html')]
  for (const candidate of candidates) {
    const file = path.join(root, candidate)
    if (file.startsWith(root) && existsSync(file) && statSync(file).isFile()) return file
  }
  return null
}

function serve(root: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    const file = fileOf(root, url.pathname)
    if (!file) {
      response.writeHead(404, { 'Content-Type': TYPES['.html']! }).end(readFileSync(path.join(root, '404.html')))
      return
    }
    response.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' })
    response.end(readFileSync(file))
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  )
}

describe('the documentation site', () => {
  let outDir: string
  let site: { server: Server; origin: string }
  let offline: OfflineBrowser

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(os.tmpdir(), 'chronotope-docs-'))
    const build = spawnSync('npm', ['run', 'build', '--workspace', '@chronotope/docs', '--', '--out-dir', outDir], {
      cwd: path.resolve(docsRoot, '../..'),
      encoding: 'utf8',
    })
    if (build.status !== 0) throw new Error(`The docs build failed:\n${build.stdout}\n${build.stderr}`)
    site = await serve(outDir)
    offline = await launchOfflineBrowser()
  })

  afterAll(async () => {
    await offline?.close()
    site?.server.close()
    if (outDir) await rm(outDir, { recursive: true, force: true })
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
    if (route === '/search') return problems
    if (!facts.edit?.startsWith(`${REPOSITORY_URL}/`)) problems.push(`${route}: edit link ${facts.edit}`)
    const feedback = facts.feedback ? new URL(facts.feedback) : null
    if (feedback?.searchParams.get('title') !== `Feedback: ${pageTitle}`)
      problems.push(`${route}: feedback link ${facts.feedback}`)
    return problems
  }

  // The reference TypeDoc writes (hundreds of pages) is checked as served; the rest also as hydrated.
  const isTypedocPage = (route: string) =>
    route.startsWith('/developers/api/') &&
    !route.startsWith('/developers/api/api') &&
    !route.startsWith('/developers/api/collections')

  it('answers every page reachable from the home page with its title, links and search box', async () => {
    // As served (no JavaScript): every page, every link followed.
    const served = await (await newOfflineContext(offline, { javaScriptEnabled: false })).newPage()
    const queue = ['/']
    const seen = new Set(queue)
    const problems: string[] = []
    for (let route = queue.shift(); route !== undefined; route = queue.shift()) {
      const response = await served.goto(`${site.origin}${route}`)
      if (response?.status() !== 200) {
        problems.push(`${route}: answered ${response?.status()}`)
        continue
      }
      const facts = await factsOf(served)
      problems.push(...problemsOf(route, facts))
      for (const image of facts.images) {
        const url = new URL(image)
        if (url.origin === site.origin && !fileOf(outDir, url.pathname))
          problems.push(`${route}: image ${url.pathname} is missing`)
      }
      for (const href of facts.links) {
        const url = new URL(href)
        if (url.origin !== site.origin) continue
        const target = url.pathname.replace(/\/$/, '') || '/'
        if (/\.[a-z]+$/.test(target) && !target.endsWith('.html')) continue
        if (!seen.has(target)) {
          seen.add(target)
          queue.push(target)
        }
      }
    }
    // As readers get it (hydrated): the guides, developer pages, API routes and collections.
    const hydrated = await offline.context.newPage()
    const read = [...seen].filter((route) => !isTypedocPage(route))
    for (const route of read) {
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
    }
    expect(problems).toEqual([])
    // The whole site: guides, developer pages, the generated reference.
    expect(seen.size).toBeGreaterThan(300)
    expect(read.length).toBeGreaterThan(60)
    for (const route of [
      '/developers/api/api/events/histogram',
      '/developers/api/collections/events',
      '/reference/changelog',
    ])
      expect(seen, route).toContain(route)
    expect(offline.blockedRequests).toEqual([])
  })

  it('finds guide and API pages with its local search', async () => {
    const page = await offline.context.newPage()
    for (const [query, expected] of [
      ['histogram', '/developers/api/api/events/histogram'],
      ['importing', '/users/guides/importing-data'],
    ] as const) {
      await page.goto(`${site.origin}/search?q=${query}`)
      await page.locator(`a[href^="${expected}"]`).first().waitFor({ timeout: 20_000 })
    }
    expect(offline.blockedRequests).toEqual([])
  })
})
