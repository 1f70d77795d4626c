/**
 * Caching of answers that depend on who asks. Every page and API answer may differ between an
 * anonymous visitor and a signed-in user (private datasets, the account, drafts), so:
 *
 * - every such answer names `Authorization` and `Cookie` in `Vary`, so that no cache hands one
 *   caller's answer to another;
 * - an answer to a request that carries credentials (an `Authorization` header or the sign-in
 *   cookie) is `private` and, unless its handler chose a private policy itself (the read API's
 *   `private, no-cache`, which revalidates by ETag), `no-store`: personal data is never kept;
 * - an answer that sets a cookie (signing in, refreshing the token) is `no-store`;
 * - anonymous answers keep the Cache-Control their handler gave them, so public reads stay
 *   cacheable as they are.
 *
 * Static files that are the same for everyone (Next's hashed assets, the basemap, the
 * documentation site) are left alone. Pure: no Next, no I/O.
 * @module
 */

/** The sign-in cookie Payload sets (its `cookiePrefix`, `payload`, and `-token`). */
export const AUTH_COOKIE_NAME = 'payload-token'

/** The request headers that decide who asks, for `Vary`. */
export const CALLER_VARY = ['Authorization', 'Cookie'] as const

/** What a signed-in answer without a private policy of its own gets. */
export const SIGNED_IN_CACHE_CONTROL = 'private, no-store'

/** Paths whose answers are the same for everyone and carry their own long-lived caching. */
const SHARED_STATIC_PREFIXES = ['/_next/static/', '/basemap/', '/docs/'] as const

/**
 * Whether a request carries credentials: an `Authorization` header (JWT, API key) or a non-empty
 * sign-in cookie. A stale or forged credential counts too: its answer is anonymous, but it must
 * not be cached for anyone else either.
 * @example carriesCredentials({ cookie: 'theme=dark; payload-token=eyJ…' }) // true
 */
export function carriesCredentials(headers: {
  readonly authorization?: string | null
  readonly cookie?: string | null
}): boolean {
  if (headers.authorization?.trim()) return true
  return (headers.cookie ?? '').split(';').some((pair) => {
    const eq = pair.indexOf('=')
    return eq > 0 && pair.slice(0, eq).trim() === AUTH_COOKIE_NAME && pair.slice(eq + 1).trim() !== ''
  })
}

/**
 * Whether answers on a path may depend on who asks: everything except Next's hashed static
 * assets, the offline basemap and the documentation site.
 * @example dependsOnCaller('/api/users/me') // true
 * @example dependsOnCaller('/_next/static/chunks/main.js') // false
 */
export function dependsOnCaller(pathname: string): boolean {
  return !SHARED_STATIC_PREFIXES.some((prefix) => pathname.startsWith(prefix))
}

/**
 * A `Vary` value that also names `Authorization` and `Cookie`, keeping what it named (`*` stays).
 * @example varyOnCaller('RSC, Accept-Encoding') // 'RSC, Accept-Encoding, Authorization, Cookie'
 */
export function varyOnCaller(vary: string | null | undefined): string {
  const names = (vary ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  if (names.includes('*')) return '*'
  const lower = new Set(names.map((name) => name.toLowerCase()))
  for (const name of CALLER_VARY) if (!lower.has(name.toLowerCase())) names.push(name)
  return names.join(', ')
}

function directives(cacheControl: string | null | undefined): Set<string> {
  return new Set(
    (cacheControl ?? '')
      .split(',')
      .map((part) => part.trim().split('=')[0]!.toLowerCase())
      .filter(Boolean),
  )
}

/**
 * The Cache-Control an answer goes out with:
 * - to a request with credentials: the handler's own policy when it is `private` or `no-store`
 *   (`private` added to a bare `no-store`), else {@link SIGNED_IN_CACHE_CONTROL};
 * - with a cookie set on it: `no-store` (made `private, no-store`);
 * - otherwise: the handler's own, unchanged (undefined when it set none).
 * @example callerCacheControl({ credentials: true, cacheControl: undefined }) // 'private, no-store'
 * @example callerCacheControl({ credentials: false, cacheControl: 'public, max-age=60' }) // 'public, max-age=60'
 */
export function callerCacheControl(answer: {
  readonly credentials: boolean
  readonly cacheControl: string | null | undefined
  readonly setsCookie?: boolean
}): string | undefined {
  const own = answer.cacheControl?.trim() || undefined
  const has = directives(own)
  if (answer.setsCookie && !has.has('no-store')) return SIGNED_IN_CACHE_CONTROL
  if (!answer.credentials && !answer.setsCookie) return own
  if (has.has('private')) return own
  if (has.has('no-store')) return `private, ${own}`
  return SIGNED_IN_CACHE_CONTROL
}
