import { describe, expect, it } from 'vitest'

import { SOCKET_ADDRESS_HEADER } from './client-address'
import { requestClient } from './request-client'

const headers = (address?: string) => new Headers(address ? { [SOCKET_ADDRESS_HEADER]: address } : {})

describe('requestClient', () => {
  it('is the signed-in user, whatever the address', () => {
    const user = { id: 7 } as Parameters<typeof requestClient>[0]['user']
    expect(requestClient({ user, headers: headers('192.0.2.1') })).toBe('user 7')
    expect(requestClient({ user, headers: headers('192.0.2.2') })).toBe('user 7')
  })

  it('is else the address as the rate limits count it: IPv4 as it is, IPv6 by its /64', () => {
    expect(requestClient({ user: null, headers: headers('::ffff:192.0.2.1') })).toBe('address 192.0.2.1')
    expect(requestClient({ user: null, headers: headers('2001:db8:1:2:aaaa::1') })).toBe('address 2001:db8:1:2::/64')
    expect(requestClient({ user: null, headers: headers('2001:db8:1:2:bbbb::9') })).toBe('address 2001:db8:1:2::/64')
    // A client cannot pick its own key by sending X-Forwarded-For without a trusted proxy.
    const forged = headers('198.51.100.7')
    forged.set('x-forwarded-for', '203.0.113.9')
    expect(requestClient({ user: null, headers: forged })).toBe('address 198.51.100.7')
  })
})
