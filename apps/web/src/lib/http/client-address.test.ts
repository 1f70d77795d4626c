import { describe, expect, it } from 'vitest'

import {
  chooseClientAddress,
  clientAddress,
  InvalidAddressRange,
  isInRanges,
  normalizeAddress,
  parseAddressRange,
  parseAddressRanges,
  rateLimitSubject,
  SOCKET_ADDRESS_HEADER,
} from './client-address'

describe('normalizeAddress', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    [' 192.0.2.1 ', '192.0.2.1'],
    ['192.0.2.1:51234', '192.0.2.1'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::FFFF:c000:201', '192.0.2.1'],
    ['2001:DB8:0:0::1', '2001:db8::1'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['[::1]', '::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['unknown', undefined],
    ['192.0.2.999', undefined],
    ['', undefined],
    [null, undefined],
    ['_hidden', undefined],
  ])('%s → %s', (raw, expected) => {
    expect(normalizeAddress(raw)).toBe(expected)
  })
})

describe('parseAddressRange(s)', () => {
  it.each([
    ['127.0.0.1', { network: '127.0.0.1', prefix: 32, family: 'ipv4' }],
    ['10.0.0.0/8', { network: '10.0.0.0', prefix: 8, family: 'ipv4' }],
    ['::1', { network: '::1', prefix: 128, family: 'ipv6' }],
    ['2001:DB8::/32', { network: '2001:db8::', prefix: 32, family: 'ipv6' }],
    ['0.0.0.0/0', { network: '0.0.0.0', prefix: 0, family: 'ipv4' }],
  ])('%s', (entry, range) => {
    expect(parseAddressRange(entry)).toEqual(range)
  })

  it.each(['localhost', '10.0.0.0/33', '2001:db8::/129', '10.0.0.0/', '10.0.0.0/8/8', '10.0.0.0/x', '10.0.0.0/-1'])(
    'refuses %s, naming it',
    (entry) => {
      expect(() => parseAddressRange(entry)).toThrow(InvalidAddressRange)
      expect(() => parseAddressRange(entry)).toThrow(entry)
    },
  )

  it('reads lists separated by commas and spaces; empty is none', () => {
    expect(parseAddressRanges('127.0.0.1, 10.0.0.0/8  ::1').map((range) => range.network)).toEqual([
      '127.0.0.1',
      '10.0.0.0',
      '::1',
    ])
    expect(parseAddressRanges('')).toEqual([])
    expect(parseAddressRanges(undefined)).toEqual([])
  })
})

describe('isInRanges', () => {
  const ranges = parseAddressRanges('10.0.0.0/8, 192.0.2.7, 2001:db8::/32')
  it.each([
    ['10.200.3.4', true],
    ['11.0.0.1', false],
    ['192.0.2.7', true],
    ['192.0.2.8', false],
    ['::ffff:10.0.0.1', true],
    ['2001:db8:ffff::1', true],
    ['2001:db9::1', false],
    ['not an address', false],
  ])('%s: %s', (address, expected) => {
    expect(isInRanges(address, ranges)).toBe(expected)
  })
})

describe('chooseClientAddress', () => {
  const proxies = parseAddressRanges('10.0.0.0/8, ::1')
  it.each([
    ['no trusted proxy: the socket, whatever the header says', '198.51.100.7', '203.0.113.9', [], '198.51.100.7'],
    ['no header', '198.51.100.7', null, proxies, '198.51.100.7'],
    ['a client that is no proxy sends its own header', '198.51.100.7', '203.0.113.9', proxies, '198.51.100.7'],
    ['one trusted proxy', '10.0.0.2', '198.51.100.7', proxies, '198.51.100.7'],
    ['a forged hop left of the real one is ignored', '10.0.0.2', '203.0.113.9, 198.51.100.7', proxies, '198.51.100.7'],
    ['two trusted proxies in a row', '10.0.0.2', '203.0.113.9, 198.51.100.7, 10.0.0.3', proxies, '198.51.100.7'],
    ['IPv6 loopback proxy, IPv4 client', '::1', '198.51.100.7', proxies, '198.51.100.7'],
    ['IPv4-mapped socket address', '::ffff:10.0.0.2', '198.51.100.7', proxies, '198.51.100.7'],
    ['client behind trusted proxies only', '10.0.0.2', '10.0.0.9', proxies, '10.0.0.9'],
    ['an empty header', '10.0.0.2', '', proxies, '10.0.0.2'],
    ['garbage from a trusted proxy stops at that proxy', '10.0.0.2', '198.51.100.7, garbage', proxies, '10.0.0.2'],
    ['hops with ports and brackets', '10.0.0.2', '[2001:db8::5]:1234', proxies, '2001:db8::5'],
    ['no socket address', undefined, '198.51.100.7', proxies, 'unknown'],
  ])('%s', (_case, socket, forwarded, trusted, expected) => {
    expect(chooseClientAddress(socket, forwarded, trusted)).toBe(expected)
  })

  it('reads a request through the header the server sets', () => {
    const headers = new Headers({ [SOCKET_ADDRESS_HEADER]: '10.0.0.2', 'x-forwarded-for': '198.51.100.7' })
    expect(clientAddress(headers, proxies)).toBe('198.51.100.7')
    expect(clientAddress(headers, [])).toBe('10.0.0.2')
    expect(clientAddress(new Headers({ 'x-forwarded-for': '198.51.100.7' }), proxies)).toBe('unknown')
  })
})

describe('rateLimitSubject', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8::/64'],
    ['::1', '::/64'],
    ['unknown', 'unknown'],
  ])('%s counts as %s', (address, subject) => {
    expect(rateLimitSubject(address)).toBe(subject)
  })
})
