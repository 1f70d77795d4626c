import { describe, expect, it } from 'vitest'

import { BASE_POLICY, contentSecurityPolicy, policyFor, ROUTE_POLICIES, securityHeaderRules } from './security-headers'

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
})
