import type { IncomingMessage } from 'node:http'

import { describe, expect, it } from 'vitest'

import { SOCKET_ADDRESS_HEADER } from '../lib/http/client-address'
import { stampSocketAddress } from './socket-address'

function request(headers: Record<string, string>, remoteAddress?: string): IncomingMessage {
  return {
    headers: { ...headers },
    rawHeaders: Object.entries(headers).flat(),
    socket: { remoteAddress },
  } as unknown as IncomingMessage
}

describe('stampSocketAddress', () => {
  it("replaces a client's own value with the socket's address", () => {
    const req = request({ [SOCKET_ADDRESS_HEADER]: '203.0.113.9', 'x-forwarded-for': '203.0.113.9' }, '198.51.100.7')
    stampSocketAddress(req)
    expect(req.headers[SOCKET_ADDRESS_HEADER]).toBe('198.51.100.7')
    expect(req.headers['x-forwarded-for']).toBe('203.0.113.9')
    expect(req.rawHeaders).toEqual(['x-forwarded-for', '203.0.113.9'])
  })

  it('leaves the header out when the socket has no address (it closed)', () => {
    const req = request({ 'X-Chronotope-Socket-Address': '203.0.113.9' })
    req.headers[SOCKET_ADDRESS_HEADER] = '203.0.113.9'
    stampSocketAddress(req)
    expect(req.headers[SOCKET_ADDRESS_HEADER]).toBeUndefined()
    expect(req.rawHeaders).toEqual([])
  })
})
