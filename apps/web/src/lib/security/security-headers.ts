/**
 * The security headers of every page and API answer, for Next's `headers()` (next.config.ts), so
 * they apply under `next dev` and the production server alike: a Content-Security-Policy that
 * refuses framing by other sites (`frame-ancestors 'self'`), `X-Content-Type-Options: nosniff`
 * and a `Referrer-Policy`. Uploaded files get the inert policy of ./inert-uploads instead
 * ({@link uploadHeaderRule}). Pure: no Next, no I/O.
 *
 * A route that needs a different policy gets one line in {@link ROUTE_POLICIES}: the directives it
 * changes, merged over {@link BASE_POLICY}. The embed route, which any site may frame, is the
 * example: `{ source: '/embed/:path*', directives: { 'frame-ancestors': ['*'] } }`. The explore
 * view's MapLibre needs nothing extra: its web workers come from `blob:`, its images from `data:`
 * and `blob:`, and its tiles from this server, all in the base policy. Only an online basemap
 * (`CHRONOTOPE_MAP_STYLE_URL`) adds its origin to `connect-src`, `img-src` and `font-src`
 * ({@link withMapStyleOrigin}).
 * @module
 */
import { INERT_UPLOAD_POLICY, UPLOAD_COLLECTIONS } from './inert-uploads'

/** CSP directives: each directive's sources, e.g. `{ 'img-src': ["'self'", 'data:'] }`. */
export type CspDirectives = Readonly<Record<string, readonly string[]>>

/** A route whose policy differs from the base: a Next path pattern and the directives it replaces. */
export interface RoutePolicy {
  /** A Next `headers()` source, e.g. `/embed/:path*`. */
  readonly source: string
  /** Directives that replace the base policy's, e.g. `{ 'frame-ancestors': ['*'] }`. */
  readonly directives: CspDirectives
}

/**
 * The policy of every page. Next's App Router and Payload's admin put inline scripts (the React
 * Server Components payload) and inline styles in their pages, hence `'unsafe-inline'`; nonces
 * would need every page rendered per request. Everything else loads from this server only.
 */
export const BASE_POLICY: CspDirectives = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'unsafe-inline'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'child-src': ["'self'", 'blob:'],
  'frame-src': ["'self'"],
  'media-src': ["'self'", 'data:', 'blob:'],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
}

/** Routes with a policy of their own, each one line: the directives that differ from {@link BASE_POLICY}. */
export const ROUTE_POLICIES: readonly RoutePolicy[] = [
  // Embedded timelines and maps go on any site that wants them.
  { source: '/embed/:path*', directives: { 'frame-ancestors': ['*'] } },
]

/** What only development needs: React's dev tools evaluate code, Next's dev server pushes updates over a socket. */
const DEVELOPMENT_ADDITIONS: CspDirectives = {
  'script-src': ["'unsafe-eval'"],
  'connect-src': ['ws:', 'wss:'],
}

/**
 * A policy as a header value.
 * @example contentSecurityPolicy({ 'default-src': ["'self'"], 'object-src': ["'none'"] }) // "default-src 'self'; object-src 'none'"
 */
export function contentSecurityPolicy(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ')
}

/**
 * The base policy with a route's directives replacing its own, and in development what the dev
 * server needs added.
 * @example policyFor({ 'frame-ancestors': ['*'] }, false)['frame-ancestors'] // ['*']
 */
export function policyFor(routeDirectives: CspDirectives, development: boolean): CspDirectives {
  const policy: Record<string, readonly string[]> = { ...BASE_POLICY, ...routeDirectives }
  if (development) {
    for (const [name, sources] of Object.entries(DEVELOPMENT_ADDITIONS)) {
      policy[name] = [...(policy[name] ?? []), ...sources]
    }
  }
  return policy
}

/** The directives an online basemap's style, tiles, sprites and glyphs are fetched under. */
const MAP_STYLE_DIRECTIVES = ['connect-src', 'img-src', 'font-src'] as const

/**
 * The origin of an online basemap style URL (its `{scheme}` placeholder allowed), or undefined
 * when there is none or it is not an http(s) URL.
 * @example mapStyleOrigin('https://tiles.example.org/{scheme}/style.json') // 'https://tiles.example.org'
 */
export function mapStyleOrigin(mapStyleUrl: string | null | undefined): string | undefined {
  const url = mapStyleUrl?.trim()
  if (!url) return undefined
  try {
    const parsed = new URL(url.split('{scheme}').join('light'))
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : undefined
  } catch {
    return undefined
  }
}

/**
 * A policy that also lets the page fetch an online basemap: the style URL's origin added to
 * `connect-src`, `img-src` and `font-src`; the policy as it is when no style URL is set.
 * @example withMapStyleOrigin({ 'connect-src': ["'self'"] }, 'https://tiles.example.org/style.json')['connect-src'] // ["'self'", 'https://tiles.example.org']
 */
export function withMapStyleOrigin(directives: CspDirectives, mapStyleUrl: string | null | undefined): CspDirectives {
  const origin = mapStyleOrigin(mapStyleUrl)
  if (!origin) return directives
  const policy: Record<string, readonly string[]> = { ...directives }
  for (const name of MAP_STYLE_DIRECTIVES) {
    const sources = policy[name] ?? BASE_POLICY[name] ?? []
    if (!sources.includes(origin)) policy[name] = [...sources, origin]
  }
  return policy
}

/** One entry of Next's `headers()`. */
export interface HeaderRule {
  source: string
  // Mutable, as Next's `headers()` config types them.
  headers: Array<{ key: string; value: string }>
}

/**
 * Next's `headers()` entries: every path gets the base headers; each {@link ROUTE_POLICIES} entry
 * comes after, so its Content-Security-Policy replaces the base one there (Next lets the last
 * matching entry win for the same header).
 * @param options.mapStyleUrl - the online basemap style (`settings.mapStyleUrl`); its origin is
 *   allowed to be fetched from every page
 * @example securityHeaderRules({ development: false })[0].source // '/:path*'
 */
export function securityHeaderRules(options: { development: boolean; mapStyleUrl?: string }): HeaderRule[] {
  const csp = (directives: CspDirectives) => ({
    key: 'Content-Security-Policy',
    value: contentSecurityPolicy(withMapStyleOrigin(policyFor(directives, options.development), options.mapStyleUrl)),
  })
  return [
    {
      source: '/:path*',
      headers: [
        csp({}),
        { key: 'X-Content-Type-Options', value: 'nosniff' },
        { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
      ],
    },
    ...ROUTE_POLICIES.map(({ source, directives }) => ({ source, headers: [csp(directives)] })),
    uploadHeaderRule(),
  ]
}

/**
 * The rule for uploaded files (`/api/media/file/…`, `/api/import-files/file/…` and their
 * `paste-url`): the inert policy replaces the page policy, last so it wins. The servers of
 * src/server also set it, and the download disposition, on every answer (../../server/response-policy).
 * @example uploadHeaderRule().source // '/api/:collection(media|import-files)/:serve(file|paste-url)/:path*'
 */
export function uploadHeaderRule(): HeaderRule {
  const slugs = UPLOAD_COLLECTIONS.map((slug) => slug.replace(/[^a-z0-9-]/g, '')).join('|')
  return {
    source: `/api/:collection(${slugs})/:serve(file|paste-url)/:path*`,
    headers: [{ key: 'Content-Security-Policy', value: INERT_UPLOAD_POLICY }],
  }
}
