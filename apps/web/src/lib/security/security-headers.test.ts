import { describe, expect, it } from 'vitest'

import {
  BASE_POLICY,
  contentSecurityPolicy,
  mapStyleOrigin,
  policyFor,
  ROUTE_POLICIES,
  securityHeaderRules,
  withMapStyleOrigin,
} from './security-headers'

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
    expect(ROUTE_POLICIES).toHaveLength(rules.length - 1)
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
    for (const rule of securityHeaderRules({ development: false, mapStyleUrl: url })) {
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
