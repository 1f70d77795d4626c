/**
 * Who is calling: the client address behind a request, for per-address rate limits. Pure.
 *
 * The address is the TCP peer's (the socket's), which Chronotope's web server passes to the app in
 * {@link SOCKET_ADDRESS_HEADER}. `X-Forwarded-For` is believed only as far as it was written by
 * trusted proxies (`CHRONOTOPE_TRUSTED_PROXIES`): starting from the socket, each hop that is a
 * trusted proxy hands over to the hop on its left, and the first hop that is not a trusted proxy
 * is the client. Anything a client writes into the header itself stays to the left of that hop.
 * @module
 */
import { BlockList, isIP, SocketAddress } from 'node:net'

/**
 * The header in which Chronotope's web server (src/server) passes the socket's address to the app.
 * The server drops any value a client sends in it.
 */
export const SOCKET_ADDRESS_HEADER = 'x-chronotope-socket-address'

/** What {@link clientAddress} answers when the request did not come through Chronotope's server. */
export const UNKNOWN_ADDRESS = 'unknown'

/** An IP address or a network in CIDR notation, e.g. `10.0.0.0/8` or `2001:db8::/32`. */
export interface AddressRange {
  readonly network: string
  readonly prefix: number
  readonly family: 'ipv4' | 'ipv6'
}

/** An entry of the trusted proxies is neither an IP address nor a network in CIDR notation. */
export class InvalidAddressRange extends Error {
  constructor(readonly entry: string) {
    super(`"${entry}" is not an IP address or a CIDR network such as 10.0.0.0/8 or 2001:db8::/32`)
    this.name = 'InvalidAddressRange'
  }
}

/**
 * An address in one canonical spelling, or `undefined` when it is not an IP address. Drops IPv6
 * brackets, zone ids and ports, and writes IPv4-mapped IPv6 (`::ffff:192.0.2.1`) as IPv4.
 * @example normalizeAddress('[2001:DB8:0::1]:443') // '2001:db8::1'
 * @example normalizeAddress('::ffff:192.0.2.1') // '192.0.2.1'
 */
export function normalizeAddress(raw: string | null | undefined): string | undefined {
  let text = raw?.trim()
  if (!text) return undefined
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text)
  if (bracketed) text = bracketed[1]!
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'))
  text = text.replace(/%.*$/, '')
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(text)
  if (mapped) text = mapped[1]!
  const family = isIP(text)
  if (family === 4) return text
  if (family !== 6) return undefined
  const canonical = new SocketAddress({ address: text, family: 'ipv6' }).address
  // Node writes IPv4-mapped addresses with a dotted tail whichever way they came in.
  return /^::ffff:\d/.test(canonical) ? canonical.slice('::ffff:'.length) : canonical
}

/**
 * Reads one IP address or CIDR network.
 * @throws {@link InvalidAddressRange} naming the entry
 * @example parseAddressRange('10.0.0.0/8') // { network: '10.0.0.0', prefix: 8, family: 'ipv4' }
 */
export function parseAddressRange(entry: string): AddressRange {
  const [rawNetwork, rawPrefix, ...rest] = entry.trim().split('/')
  const network = normalizeAddress(rawNetwork)
  if (!network || rest.length > 0) throw new InvalidAddressRange(entry)
  const family = isIP(network) === 4 ? 'ipv4' : 'ipv6'
  const maximum = family === 'ipv4' ? 32 : 128
  if (rawPrefix === undefined) return { network, prefix: maximum, family }
  const prefix = Number(rawPrefix)
  if (!/^\d+$/.test(rawPrefix) || prefix > maximum) throw new InvalidAddressRange(entry)
  return { network, prefix, family }
}

/**
 * Reads a list of addresses and networks separated by commas or spaces; empty means none.
 * @throws {@link InvalidAddressRange} naming the first bad entry
 * @example parseAddressRanges('127.0.0.1, 10.0.0.0/8 ::1').length // 3
 */
export function parseAddressRanges(list: string | undefined): readonly AddressRange[] {
  return (list ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(parseAddressRange)
}

const blockLists = new WeakMap<readonly AddressRange[], BlockList>()

function blockListOf(ranges: readonly AddressRange[]): BlockList {
  let list = blockLists.get(ranges)
  if (!list) {
    list = new BlockList()
    for (const range of ranges) list.addSubnet(range.network, range.prefix, range.family)
    blockLists.set(ranges, list)
  }
  return list
}

/**
 * Whether an address lies in one of the ranges.
 * @example isInRanges('10.1.2.3', parseAddressRanges('10.0.0.0/8')) // true
 */
export function isInRanges(address: string, ranges: readonly AddressRange[]): boolean {
  const normalized = normalizeAddress(address)
  if (!normalized || ranges.length === 0) return false
  return blockListOf(ranges).check(normalized, isIP(normalized) === 4 ? 'ipv4' : 'ipv6')
}

/**
 * The client's address from the socket's address and the `X-Forwarded-For` header: the right-most
 * hop that is not a trusted proxy, starting from the socket. Without trusted proxies this is
 * always the socket's address. A hop that is not an IP address ends the walk at the proxy that
 * sent it.
 * @example chooseClientAddress('10.0.0.2', '203.0.113.9, 198.51.100.7', parseAddressRanges('10.0.0.0/8')) // '198.51.100.7'
 * @example chooseClientAddress('198.51.100.7', '203.0.113.9', []) // '198.51.100.7'
 */
export function chooseClientAddress(
  socketAddress: string | null | undefined,
  forwardedFor: string | null | undefined,
  trustedProxies: readonly AddressRange[],
): string {
  let client = normalizeAddress(socketAddress)
  if (!client) return UNKNOWN_ADDRESS
  const hops = (forwardedFor ?? '').split(',').map((hop) => hop.trim())
  while (isInRanges(client, trustedProxies) && hops.length > 0) {
    const next = normalizeAddress(hops.pop())
    if (!next) break
    client = next
  }
  return client
}

/**
 * The client address of a request that came through Chronotope's web server, or `unknown` when
 * it did not (then nothing tells the socket's address).
 * @example clientAddress(new Headers({ 'x-chronotope-socket-address': '192.0.2.1' }), []) // '192.0.2.1'
 */
export function clientAddress(headers: Headers, trustedProxies: readonly AddressRange[]): string {
  return chooseClientAddress(headers.get(SOCKET_ADDRESS_HEADER), headers.get('x-forwarded-for'), trustedProxies)
}

function expandIpv6(address: string): number[] {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined]
  const groups = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : [])
  const left = groups(head)
  const right = groups(tail)
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right]
}

/**
 * The key a per-address rate limit counts under: an IPv4 address as it is, an IPv6 address by its
 * /64 network, since one subscriber usually holds a whole /64 and could change address at will.
 * @example rateLimitSubject('2001:db8:1:2:aaaa::1') // '2001:db8:1:2::/64'
 */
export function rateLimitSubject(address: string): string {
  const normalized = normalizeAddress(address)
  if (!normalized || isIP(normalized) === 4) return normalized ?? address
  const network = expandIpv6(normalized)
    .slice(0, 4)
    .map((group) => group.toString(16))
  return `${new SocketAddress({ address: `${network.join(':')}::`, family: 'ipv6' }).address}/64`
}
