/**
 * The documentation site, served by the app under `/docs/` from its build (`apps/docs/build`,
 * made by `npm run build`, or by `npm start` the first time), so that the header's "Docs" link
 * works wherever the app runs. Until the site is built, `/docs/` answers a page that says so and
 * what to do. Which file answers which path is ./docs-site-paths.
 * @module
 */
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'

import { isDocsSiteBuilt, readDocsBuildState, type DocsBuildState } from '../lib/runtime/docs-site-build'
import { DOCS_BASE_PATH, docsCacheControl, docsContentType, docsFileCandidates, isDocsPath } from './docs-site-paths'

/** Answers the requests for the documentation site; resolves true when it answered. */
export type DocsResponder = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>

type Headers = ReadonlyArray<{ readonly key: string; readonly value: string }>

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!)

/**
 * The page `/docs/` answers while the site is not built: being built (it reloads itself), failed,
 * or never built here; each says what to do, and where the same pages are in the repository.
 */
export function docsNotBuiltPage(state: DocsBuildState | undefined, repositoryUrl: string): string {
  const source = `${repositoryUrl}/tree/main/apps/docs/docs`
  const body =
    state?.state === 'building'
      ? `<p>The documentation site is being built: <code>npm start</code> builds it in the background the first time
it runs, which takes a few minutes. This page reloads itself until the site is there.</p>`
      : state?.state === 'failed'
        ? `<p>Building the documentation site failed. Run <code>npm run docs:build</code> to see why, then reload this
page. The build ended with:</p><pre>${escapeHtml(state.detail ?? '')}</pre>`
        : `<p>The documentation site is not built here. Run <code>npm run docs:build</code> (or <code>npm run
build</code>, which builds it with the app), then reload this page.</p>`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${state?.state === 'building' ? '<meta http-equiv="refresh" content="15">' : ''}
<title>Documentation – Chronotope</title>
<style>
:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
body { max-width: 40rem; margin: 3rem auto; padding: 0 1rem; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; padding: 0.75rem; border: 1px solid #8886; }
a { color: inherit; overflow-wrap: anywhere; }
code { white-space: nowrap; }
</style>
</head>
<body>
<main>
<h1>Documentation</h1>
${body}
<p>The same pages, as Markdown, are in the repository: <a href="${escapeHtml(source)}">${escapeHtml(source)}</a>.</p>
<p><a href="/">Back to Chronotope</a></p>
</main>
</body>
</html>
`
}

async function fileIn(dir: string, candidates: readonly string[]): Promise<string | undefined> {
  for (const candidate of candidates) {
    const found = await stat(path.join(dir, candidate)).catch(() => undefined)
    if (found?.isFile()) return candidate
  }
  return undefined
}

/**
 * A responder for `/docs` and everything under it, from the built site in `dir`. `headers` are
 * sent with every answer (the security headers every response carries); `stateFile` is where a
 * running or failed build records itself (src/lib/runtime/docs-site-build.ts).
 */
export function createDocsResponder(options: {
  dir: string
  headers: Headers
  stateFile: string
  repositoryUrl: string
}): DocsResponder {
  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (!isDocsPath(url.pathname)) return false
    for (const { key, value } of options.headers) res.setHeader(key, value)
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end()
      return true
    }
    if (url.pathname === DOCS_BASE_PATH) {
      res.writeHead(308, { Location: `${DOCS_BASE_PATH}/${url.search}` }).end()
      return true
    }
    if (!isDocsSiteBuilt(options.dir)) {
      const state = readDocsBuildState(options.stateFile)
      res.writeHead(503, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        ...(state?.state === 'building' ? { 'Retry-After': '15' } : {}),
      })
      res.end(req.method === 'HEAD' ? undefined : docsNotBuiltPage(state, options.repositoryUrl))
      return true
    }
    const file = await fileIn(options.dir, docsFileCandidates(url.pathname))
    const status = file ? 200 : 404
    const served = file ?? (await fileIn(options.dir, ['404.html']))
    if (!served) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found')
      return true
    }
    res.writeHead(status, { 'Content-Type': docsContentType(served), 'Cache-Control': docsCacheControl(served) })
    if (req.method === 'HEAD') {
      res.end()
      return true
    }
    const stream = createReadStream(path.join(options.dir, served))
    stream.on('error', () => res.destroy())
    stream.pipe(res)
    return true
  }
}
