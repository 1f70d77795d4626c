import { createRequire } from 'node:module'

import { describe, expect, it } from 'vitest'

import { INERT_UPLOAD_POLICY } from './inert-uploads'

import {
  BASE_POLICY,
  contentSecurityPolicy,
  mapStyleOrigin,
  policyFor,
  ROUTE_POLICIES,
  securityHeaderRules,
  uploadHeaderRule,
  withMapStyleOrigin,
} from './security-headers'

// Next's own copy of path-to-regexp, with which it matches `headers()` sources.
const { pathToRegexp } = createRequire(import.meta.url)('next/dist/compiled/path-to-regexp') as {
  pathToRegexp: (source: string) => RegExp
}

describe('securityHeaderRules', () => {
  it('gives every path a policy that refuses other sites framing it, nosniff and a referrer policy', () => {
    const [all] = securityHeaderRules({ development: false })
    expect(all!.source).toBe('/:path*')
    const headers = Object.fromEntries(all!.headers.map(({ key, value }) => [key, value]))
    expect(headers['X-Content-Type-Options']).toBe('nosniff')
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin')
    const csp = headers['Content-Security-Policy']!
    expect(csp).toContain("frame-ancestors 'self'")
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).not.toContain('unsafe-eval')
  })

  it("lets only development evaluate code and open the dev server's socket", () => {
    const development = policyFor({}, true)
    expect(development['script-src']).toContain("'unsafe-eval'")
    expect(development['connect-src']).toEqual(["'self'", 'ws:', 'wss:'])
    expect(policyFor({}, false)['connect-src']).toEqual(["'self'"])
  })

  it('lets a route replace a directive with one line, after the base rule so it wins', () => {
    const rules = securityHeaderRules({ development: false })
    const embed = rules.findIndex((rule) => rule.source === '/embed/:path*')
    expect(embed).toBeGreaterThan(0)
    const [csp, ...others] = rules[embed]!.headers
    expect(others).toEqual([])
    expect(csp!.key).toBe('Content-Security-Policy')
    expect(csp!.value).toContain('frame-ancestors *')
    expect(csp!.value).toContain("script-src 'self' 'unsafe-inline'")
    // The base rule, one per route policy, and the uploads' rule.
    expect(ROUTE_POLICIES).toHaveLength(rules.length - 2)
  })

  it('gives uploaded files the inert policy, last so it replaces the page policy there', () => {
    const rules = securityHeaderRules({ development: true, mapStyleUrl: 'https://tiles.example.org/style.json' })
    const uploads = rules.at(-1)!
    expect(uploads).toEqual(uploadHeaderRule())
    expect(uploads.headers).toEqual([{ key: 'Content-Security-Policy', value: INERT_UPLOAD_POLICY }])
    // Matched as Next matches `headers()` sources.
    const source = pathToRegexp(uploads.source)
    for (const path of ['/api/media/file/x.svg', '/api/import-files/file/a%20b.csv', '/api/media/paste-url'])
      expect(source.test(path), path).toBe(true)
    for (const path of ['/api/media', '/api/media/5', '/api/events/file/x.svg', '/explore'])
      expect(source.test(path), path).toBe(false)
  })

  it('covers what MapLibre needs from the base policy: blob: workers, data: and blob: images', () => {
    expect(BASE_POLICY['worker-src']).toContain('blob:')
    expect(BASE_POLICY['img-src']).toEqual(expect.arrayContaining(['data:', 'blob:']))
  })

  it('writes a policy as a header value', () => {
    expect(contentSecurityPolicy({ 'default-src': ["'self'"], 'object-src': ["'none'"] })).toBe(
      "default-src 'self'; object-src 'none'",
    )
  })

  it('lets every page, the embed included, fetch an online basemap from its origin only when one is set', () => {
    const url = 'https://tiles.example.org/styles/{scheme}/style.json'
    for (const rule of securityHeaderRules({ development: false, mapStyleUrl: url }).slice(0, -1)) {
      const csp = rule.headers.find(({ key }) => key === 'Content-Security-Policy')!.value
      expect(csp).toContain("connect-src 'self' https://tiles.example.org;")
      expect(csp).toContain("img-src 'self' data: blob: https://tiles.example.org;")
      expect(csp).toContain("font-src 'self' data: https://tiles.example.org;")
      expect(csp).not.toMatch(/script-src[^;]*tiles\.example\.org/)
    }
    for (const mapStyleUrl of [undefined, '', '  ']) {
      const [all] = securityHeaderRules({ development: false, mapStyleUrl })
      const csp = all!.headers[0]!.value
      expect(csp).toContain("connect-src 'self';")
      expect(csp).not.toContain('https:')
    }
  })

  it.each<[string, string | undefined]>([
    ['https://tiles.example.org/style.json', 'https://tiles.example.org'],
    ['http://192.168.1.5:8080/{scheme}.json', 'http://192.168.1.5:8080'],
    ['/basemap/style-light.json', undefined],
    ['javascript:alert(1)', undefined],
    ['', undefined],
  ])('reads the origin of the map style %j', (url, origin) => {
    expect(mapStyleOrigin(url)).toBe(origin)
  })

  it('adds the origin once, beside the directives a policy already has', () => {
    const once = withMapStyleOrigin(policyFor({}, true), 'https://a.example/style.json')
    expect(once['connect-src']).toEqual(["'self'", 'ws:', 'wss:', 'https://a.example'])
    expect(withMapStyleOrigin(once, 'https://a.example/other.json')).toEqual(once)
  })
})
