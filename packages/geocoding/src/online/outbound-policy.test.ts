import { describe, expect, it } from 'vitest'

import {
  checkOutboundUrl,
  InvalidAllowedHost,
  OutboundRequestRefused,
  parseAllowedHosts,
  refusedAddressReason,
  shownUrl,
} from './outbound-policy'

const NONE = parseAllowedHosts([])

describe('checkOutboundUrl', () => {
  it.each([
    ['http://169.254.169.254/latest/meta-data/', 'a link-local address'],
    ['http://127.0.0.1:5432', 'a loopback address'],
    ['http://127.8.9.10/', 'a loopback address'],
    ['http://2130706433/', 'a loopback address'],
    ['http://0x7f.1/', 'a loopback address'],
    ['http://0177.0.0.1/', 'a loopback address'],
    ['http://127.1/', 'a loopback address'],
    ['http://[::1]/', 'a loopback address'],
    ['http://[::ffff:127.0.0.1]/', 'a loopback address'],
    ['http://[::ffff:a9fe:a9fe]/', 'a link-local address'],
    ['http://10.0.0.8/', 'a private network address'],
    ['http://172.16.0.1/', 'a private network address'],
    ['http://172.31.255.254/', 'a private network address'],
    ['http://192.168.1.20/', 'a private network address'],
    ['http://100.64.0.1/', 'a shared address'],
    ['http://100.100.100.200/', 'a shared address'],
    ['http://0.0.0.0:8080/', 'the unspecified address'],
    ['http://[::]/', 'the unspecified address'],
    ['http://[fc00::1]/', 'a private (unique local) address'],
    ['http://[fd00:ec2::254]/', 'a private (unique local) address'],
    ['http://[fe80::1]/', 'a link-local address'],
    ['http://[64:ff9b::7f00:1]/', 'a special-purpose address'],
    ['http://224.0.0.1/', 'a multicast address'],
    ['http://localhost:8080/', 'a name for this machine'],
    ['http://LOCALHOST./', 'a name for this machine'],
    ['http://geocoder.localhost/', 'a name for this machine'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'a name reserved for private networks'],
    ['http://metadata.goog/', 'a cloud metadata service'],
    ['http://metadata/', 'a single-label name'],
    ['http://instance-data/latest/', 'a single-label name'],
    ['http://printer.local/', 'a name reserved for private networks'],
    ['file:///etc/passwd', 'only http and https'],
    ['gopher://example.org:70/_x', 'only http and https'],
    ['javascript:alert(1)', 'only http and https'],
    ['ftp://example.org/', 'only http and https'],
    ['not a url', 'not a valid URL'],
  ])('refuses %s: %s', (url, reason) => {
    expect(() => checkOutboundUrl(url, NONE)).toThrow(OutboundRequestRefused)
    expect(() => checkOutboundUrl(url, NONE)).toThrow(reason)
  })

  it.each([
    'https://nominatim.openstreetmap.org/search',
    'https://photon.komoot.io',
    'https://api.opencagedata.com/geocode/v1/json',
    'http://8.8.8.8/',
    'http://172.32.0.1/',
    'https://[2606:4700:4700::1111]/',
    'https://geocoder.example.org./',
  ])('lets %s through', (url) => {
    expect(checkOutboundUrl(url, NONE).href).toBe(new URL(url).href)
  })

  it('lets through what the allow-list names: hosts, addresses and ranges', () => {
    const allowed = parseAllowedHosts([
      '127.0.0.1',
      'geocoder.internal',
      '10.20.0.0/16',
      '[fd00::5]',
      'Pelias',
      '::ffff:192.168.7.0/120',
    ])
    for (const url of [
      'http://192.168.7.9/',
      'http://127.0.0.1:7070/',
      'http://[::ffff:127.0.0.1]:7070/',
      'http://geocoder.internal/v1/search',
      'http://GEOCODER.internal./',
      'http://10.20.3.4/',
      'http://[fd00::5]/',
      'http://pelias:4000/',
    ]) {
      expect(() => checkOutboundUrl(url, allowed), url).not.toThrow()
    }
    for (const url of ['http://127.0.0.2/', 'http://10.21.0.1/', 'http://other.internal/', 'http://[fd00::6]/']) {
      expect(() => checkOutboundUrl(url, allowed), url).toThrow(OutboundRequestRefused)
    }
    // The scheme rule has no exception.
    expect(() => checkOutboundUrl('file://127.0.0.1/etc/passwd', allowed)).toThrow('only http and https')
  })

  it('names the URL (without its query, which may hold an API key), the reason and the fix', () => {
    const refused = (() => {
      try {
        checkOutboundUrl('http://169.254.169.254/latest?key=secret', parseAllowedHosts([], 'GEO_HOSTS'))
      } catch (error) {
        return error as OutboundRequestRefused
      }
    })()
    expect(refused?.message).toBe(
      'Refusing to send a request to http://169.254.169.254/latest: 169.254.169.254 is a link-local address ' +
        '(cloud metadata services live there). Use a public http or https address, or, for a server on ' +
        'your own network, add its host to GEO_HOSTS',
    )
    expect(refused?.message).not.toContain('secret')
  })
})

describe('refusedAddressReason', () => {
  it.each([
    ['8.8.8.8', undefined],
    ['2606:4700::1111', undefined],
    ['127.0.0.1', 'a loopback address'],
    ['::ffff:10.0.0.1', 'a private network address'],
    ['169.254.169.254', 'a link-local address (cloud metadata services live there)'],
    ['fe80::1%eth0', 'a link-local address (cloud metadata services live there)'],
    ['garbage', 'not an IP address'],
  ])('%s → %s', (address, reason) => {
    expect(refusedAddressReason('example.org', address, NONE)).toBe(reason)
  })

  it('allows any address of an allow-listed host name, and allow-listed addresses for any name', () => {
    const allowed = parseAllowedHosts(['geocoder.internal', '192.168.0.0/24'])
    expect(refusedAddressReason('geocoder.internal', '10.9.9.9', allowed)).toBeUndefined()
    expect(refusedAddressReason('anything.example', '192.168.0.7', allowed)).toBeUndefined()
    expect(refusedAddressReason('anything.example', '192.168.1.7', allowed)).toBe('a private network address')
  })
})

describe('parseAllowedHosts', () => {
  it('reads hosts, addresses and CIDR ranges, ignoring blanks and case', () => {
    const list = parseAllowedHosts([' Geocoder.Internal ', '', '10.0.0.0/8', '::1', '[fd00::1]', '2001:db8::/32'])
    expect(list.hosts).toEqual(['geocoder.internal'])
    expect(list.ranges.map(([address, bits]) => `${address.toString()}/${bits}`)).toEqual([
      '10.0.0.0/8',
      '::1/128',
      'fd00::1/128',
      '2001:db8::/32',
    ])
  })

  it.each(['http://geocoder', 'geocoder:8080', '10.0.0.0/33', 'bad host', '*.internal'])('refuses %s', (entry) => {
    expect(() => parseAllowedHosts([entry])).toThrow(InvalidAllowedHost)
    expect(() => parseAllowedHosts([entry])).toThrow(`"${entry}"`)
  })
})

describe('shownUrl', () => {
  it('shows scheme, host, port and path, never credentials, query or fragment', () => {
    expect(shownUrl(new URL('https://user:pw@example.org:8443/data/events.csv?token=s3cret#top'))).toBe(
      'https://example.org:8443/data/events.csv',
    )
  })
})
