/**
 * Which file of the built documentation site (apps/docs, built into `apps/docs/build`) answers a
 * request under `/docs/`, as `docusaurus serve` finds it, and how it is sent. Pure: no I/O.
 * See ./docs-site for the server's part.
 * @module
 */
import path from 'node:path'

/**
 * The path the app serves the documentation site under. The docs build's `baseUrl`
 * (apps/docs/docusaurus.config.ts) is the same, with a trailing slash.
 */
export const DOCS_BASE_PATH = '/docs'

/** Content types of the files a Docusaurus build holds, by extension (lower case, with the dot). */
export const DOCS_CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
}

/**
 * Whether a request path is the documentation site's: `/docs` or below it.
 * @example isDocsPath('/docs/users/guides') // true
 * @example isDocsPath('/docsearch') // false
 */
export function isDocsPath(pathname: string): boolean {
  return pathname === DOCS_BASE_PATH || pathname.startsWith(`${DOCS_BASE_PATH}/`)
}

/**
 * The files of the built site that may answer a request path, in the order `docusaurus serve`
 * tries them with `trailingSlash: false` (`x`, `x.html`, `x/index.html`), relative to the build
 * folder; none for a path outside the site or one that would leave its folder.
 * @example docsFileCandidates('/docs/users/guides') // ['users/guides', 'users/guides.html', 'users/guides/index.html']
 * @example docsFileCandidates('/docs/') // ['index.html']
 * @example docsFileCandidates('/docs/%2e%2e/secret') // []
 */
export function docsFileCandidates(pathname: string): string[] {
  if (!pathname.startsWith(`${DOCS_BASE_PATH}/`)) return []
  let relative: string
  try {
    relative = decodeURIComponent(pathname.slice(DOCS_BASE_PATH.length + 1))
  } catch {
    return []
  }
  const segments = relative.split('/')
  if (segments.some((segment) => segment === '.' || segment === '..' || /[\\\0]/.test(segment))) return []
  const clean = segments.filter(Boolean).join('/')
  if (clean === '') return ['index.html']
  return [clean, `${clean}.html`, `${clean}/index.html`]
}

/**
 * The `Cache-Control` of a file of the built site: its `assets/` have content hashes in their
 * names and never change; pages and the search index are checked again on every visit.
 * @example docsCacheControl('assets/js/main.3f2a.js') // 'public, max-age=31536000, immutable'
 */
export function docsCacheControl(relative: string): string {
  return relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'
}

/** The content type of a file of the built site, by its extension. */
export function docsContentType(relative: string): string {
  return DOCS_CONTENT_TYPES[path.extname(relative).toLowerCase()] ?? 'application/octet-stream'
}
