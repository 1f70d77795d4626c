/**
 * Where an online geocoder may send requests: only `http`/`https`, and never to this machine, a
 * private network, a link-local or cloud metadata address, unless an allow-list names the host or
 * its range (a self-hosted geocoder on a private network). Pure: no network; the DNS side is in
 * `guarded-fetch.ts`, which applies {@link refusedAddressReason} to every resolved address.
 * @module
 */
import ipaddr from 'ipaddr.js'

type Address = ipaddr.IPv4 | ipaddr.IPv6

/** The hosts and address ranges an admin allowed despite the rules, read by {@link parseAllowedHosts}. */
export interface OutboundAllowList {
  /** Host names, lower case, without a trailing dot: any address they resolve to is allowed. */
  readonly hosts: readonly string[]
  /** Address ranges (a single address is a /32 or /128): allowed whatever name led there. */
  readonly ranges: readonly (readonly [Address, number])[]
  /** What to tell an admin to edit, in refusals (e.g. the setting's name). */
  readonly name: string
}

/** Thrown for an allow-list entry that is neither a host name, an IP address nor a CIDR range. */
export class InvalidAllowedHost extends Error {
  override readonly name = 'InvalidAllowedHost'
  /** @param entry - the entry as written */
  constructor(readonly entry: string) {
    super(
      `"${entry}" is not a host name (geocoder.internal), an IP address (10.0.0.5) or a CIDR range (10.0.0.0/8); ` +
        'write hosts without a scheme or port',
    )
  }
}

/**
 * Thrown, instead of sending it, for a request to a URL the policy refuses; names the URL without
 * its query (which may hold an API key), the reason and the fix.
 */
export class OutboundRequestRefused extends Error {
  override readonly name = 'OutboundRequestRefused'
  /** What to do instead, naming the allow-list. */
  readonly fix: string
  /**
   * @param target - the URL (or what was given), shown without query or credentials
   * @param reason - why, e.g. `127.0.0.1 is a loopback address`
   * @param allowListName - what an admin edits to allow a server on their own network
   */
  constructor(
    readonly target: string,
    readonly reason: string,
    allowListName: string,
  ) {
    const fix = `Use a public http or https address, or, for a server on your own network, add its host to ${allowListName}`
    super(`Refusing to send a request to ${target}: ${reason}. ${fix}`)
    this.fix = fix
  }
}

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/

function normalizeHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '')
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
}

/** An IPv4-mapped IPv6 range (`::ffff:10.0.0.0/104`) as the IPv4 range it is, like addresses. */
function asComparableRange([address, bits]: [Address, number]): [Address, number] {
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
    return [(address as ipaddr.IPv6).toIPv4Address(), bits - 96]
  }
  return [address, bits]
}

/**
 * Reads an allow-list: host names, IP addresses (IPv6 with or without brackets) and CIDR ranges.
 * @param name - what refusals tell an admin to edit
 * @throws {@link InvalidAllowedHost} naming the first entry it cannot read
 * @example parseAllowedHosts(['geocoder.internal', '10.0.0.0/8']).hosts // ['geocoder.internal']
 */
export function parseAllowedHosts(entries: readonly string[], name = 'the allow-list'): OutboundAllowList {
  const hosts: string[] = []
  const ranges: [Address, number][] = []
  for (const raw of entries) {
    const entry = stripBrackets(normalizeHost(raw))
    if (entry === '') continue
    if (entry.includes('/')) {
      if (!ipaddr.isValidCIDR(entry)) throw new InvalidAllowedHost(raw.trim())
      ranges.push(asComparableRange(ipaddr.parseCIDR(entry)))
    } else if (ipaddr.isValid(entry)) {
      const address = ipaddr.process(entry)
      ranges.push([address, address.kind() === 'ipv4' ? 32 : 128])
    } else if (HOST_NAME.test(entry)) {
      hosts.push(entry)
    } else {
      throw new InvalidAllowedHost(raw.trim())
    }
  }
  return { hosts, ranges, name }
}

/** An address as the rules see it: IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is its IPv4 address. */
function parseAddress(address: string): Address | undefined {
  const bare = stripBrackets(address).replace(/%.*$/, '')
  if (!ipaddr.isValid(bare)) return undefined
  return ipaddr.process(bare)
}

function isInRanges(address: Address, list: OutboundAllowList): boolean {
  return list.ranges.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits))
}

const RANGE_REASONS: Readonly<Record<string, string>> = {
  loopback: 'a loopback address',
  private: 'a private network address',
  uniqueLocal: 'a private (unique local) address',
  linkLocal: 'a link-local address (cloud metadata services live there)',
  carrierGradeNat: 'a shared address (carrier-grade NAT; some clouds keep metadata services there)',
  unspecified: 'the unspecified address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
}

/**
 * Why a request may not go to `address` (which `host` resolved to), or `undefined` when it may:
 * only public unicast addresses are allowed, apart from allow-listed hosts and ranges.
 * @example refusedAddressReason('example.org', '127.0.0.1', parseAllowedHosts([])) // 'a loopback address'
 */
export function refusedAddressReason(host: string, address: string, list: OutboundAllowList): string | undefined {
  if (list.hosts.includes(normalizeHost(stripBrackets(host)))) return undefined
  const parsed = parseAddress(address)
  if (parsed === undefined) return 'not an IP address'
  if (isInRanges(parsed, list)) return undefined
  const range = parsed.range()
  if (range === 'unicast') return undefined
  return RANGE_REASONS[range] ?? `a special-purpose address (${range})`
}

// Names that never lead to the public internet (RFC 6761, RFC 8375, ICANN's .internal).
const PRIVATE_SUFFIXES = ['local', 'internal', 'home.arpa', 'lan', 'svc', 'intranet']
const METADATA_NAMES = ['metadata.goog']

/** Why a host name (not an address) is refused before any DNS lookup, or `undefined`. */
function refusedNameReason(host: string): string | undefined {
  if (host === 'localhost' || host.endsWith('.localhost')) return 'a name for this machine'
  if (METADATA_NAMES.includes(host)) return 'a cloud metadata service'
  if (!host.includes('.')) return 'a single-label name, which resolves inside the local network'
  if (PRIVATE_SUFFIXES.some((suffix) => host.endsWith(`.${suffix}`))) return 'a name reserved for private networks'
  return undefined
}

/**
 * A URL as refusals and other messages show it: scheme, host and path, without credentials,
 * query or fragment (a query may hold an API key or token).
 * @example shownUrl(new URL('https://user:pw@example.org/data.csv?token=s3cret#top')) // 'https://example.org/data.csv'
 */
export function shownUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`
}

/**
 * Checks a URL before any request: `http`/`https` only, and a host that is neither a refused
 * address in any spelling (`2130706433`, `0x7f.1` and `[::ffff:127.0.0.1]` are all 127.0.0.1)
 * nor a name for this machine, a private network or a metadata service, unless allow-listed.
 * Names that pass still have every resolved address checked when the request connects.
 * @throws {@link OutboundRequestRefused} naming the URL and why
 * @example checkOutboundUrl('http://169.254.169.254/', parseAllowedHosts([])) // throws: … is a link-local address …
 */
export function checkOutboundUrl(target: string | URL, list: OutboundAllowList): URL {
  let url: URL
  try {
    url = new URL(target)
  } catch {
    throw new OutboundRequestRefused(JSON.stringify(String(target)), 'it is not a valid URL', list.name)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRequestRefused(
      `a ${url.protocol} URL`,
      `only http and https are allowed; got ${JSON.stringify(url.protocol)}`,
      list.name,
    )
  }
  // The URL parser has already turned every IPv4 spelling into dotted decimal.
  const host = normalizeHost(url.hostname)
  const bare = stripBrackets(host)
  const reason = ipaddr.isValid(bare)
    ? refusedAddressReason(host, bare, list)
    : list.hosts.includes(host)
      ? undefined
      : refusedNameReason(host)
  if (reason !== undefined) throw new OutboundRequestRefused(shownUrl(url), `${bare} is ${reason}`, list.name)
  return url
}
