import type { LookupAddress } from 'node:dns'

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { createGuardedFetch, type AddressResolver } from './guarded-fetch'
import { OutboundRequestRefused, parseAllowedHosts } from './outbound-policy'
import { startLocalApiServer, type LocalApiServer } from './testing/local-api-server'

/** A resolver answering from a table, counting the lookups it was asked for. */
function fakeDns(answers: Record<string, string[]>): AddressResolver & { calls: string[] } {
  const calls: string[] = []
  const resolve = (hostname: string, _options: unknown, callback: Parameters<AddressResolver>[2]) => {
    calls.push(hostname)
    const found = answers[hostname]
    if (found === undefined) return callback(Object.assign(new Error(`no ${hostname}`), { code: 'ENOTFOUND' }), [])
    const addresses: LookupAddress[] = found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
    callback(null, addresses)
  }
  return Object.assign(resolve, { calls })
}

describe('createGuardedFetch', () => {
  let server: LocalApiServer
  let port: string

  beforeAll(async () => {
    server = await startLocalApiServer()
    port = new URL(server.baseUrl).port
  })
  afterAll(() => server.close())
  beforeEach(() => {
    server.requests.length = 0
    server.answerWith(() => ({ status: 200, body: '{"ok":true}' }))
  })

  it('sends nothing to a loopback server that is not allow-listed', async () => {
    const fetch = createGuardedFetch({ allowList: parseAllowedHosts([]) })
    await expect(fetch(`${server.baseUrl}/search`)).rejects.toThrow(OutboundRequestRefused)
    await expect(fetch(`http://[::ffff:127.0.0.1]:${port}/`)).rejects.toThrow('::ffff:7f00:1 is a loopback address')
    expect(server.requests).toHaveLength(0)
  })

  it('reaches an allow-listed self-hosted geocoder', async () => {
    const fetch = createGuardedFetch({ allowList: parseAllowedHosts(['127.0.0.1']) })
    const response = await fetch(`${server.baseUrl}/search?q=Dayton`, { headers: { 'User-Agent': 'test' } })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true })
    expect(server.requests.map((request) => request.url.searchParams.get('q'))).toEqual(['Dayton'])
  })

  it('checks the addresses a name resolves to, in the lookup the connection itself uses', async () => {
    const dns = fakeDns({ 'rebind.example': ['127.0.0.1'], 'mixed.example': ['93.184.215.14', '10.0.0.7'] })
    const fetch = createGuardedFetch({ allowList: parseAllowedHosts([]), resolve: dns })
    const refused = await fetch(`http://rebind.example:${port}/`).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(OutboundRequestRefused)
    expect((refused as Error).message).toContain('rebind.example: it resolves to 127.0.0.1, a loopback address')
    await expect(fetch(`http://mixed.example:${port}/`)).rejects.toThrow('it resolves to 10.0.0.7')
    expect(server.requests).toHaveLength(0)
    expect(dns.calls).toEqual(['rebind.example', 'mixed.example'])
  })

  it('connects to the very address it checked for an allow-listed name', async () => {
    const dns = fakeDns({ 'geocoder.internal': ['127.0.0.1'] })
    const fetch = createGuardedFetch({ allowList: parseAllowedHosts(['geocoder.internal']), resolve: dns })
    expect((await fetch(`http://geocoder.internal:${port}/v1/search`)).status).toBe(200)
    // One lookup, inside the connection: there is no separate check a rebinding answer could pass.
    expect(dns.calls).toEqual(['geocoder.internal'])
    expect(server.requests).toHaveLength(1)
  })

  it('checks every redirect hop, and follows only a few', async () => {
    const fetch = createGuardedFetch({ allowList: parseAllowedHosts(['127.0.0.1']), maxRedirects: 2 })
    const redirectTo = (location: string) => () => ({ status: 302, headers: { Location: location }, body: '' })
    server.answerWith(redirectTo('http://169.254.169.254/latest/meta-data/'))
    await expect(fetch(`${server.baseUrl}/a`)).rejects.toThrow('169.254.169.254 is a link-local address')
    server.answerWith(redirectTo('file:///etc/passwd'))
    await expect(fetch(`${server.baseUrl}/b`)).rejects.toThrow('only http and https')
    server.answerWith(redirectTo('/again'))
    await expect(fetch(`${server.baseUrl}/c`)).rejects.toThrow('it redirected more than 2 times')
    server.answerWith((request) =>
      request.url.pathname === '/moved' ? { status: 200, body: '{"moved":true}' } : redirectTo('/moved')(),
    )
    expect(await (await fetch(`${server.baseUrl}/d`)).json()).toEqual({ moved: true })
  })

  it('refuses other schemes before any connection', async () => {
    const fetch = createGuardedFetch({ allowList: parseAllowedHosts(['127.0.0.1']) })
    await expect(fetch('gopher://127.0.0.1:70/_x')).rejects.toThrow('only http and https')
    await expect(fetch('javascript:alert(1)')).rejects.toThrow('only http and https')
  })
})
