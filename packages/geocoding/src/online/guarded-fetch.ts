/**
 * A `fetch` that keeps geocoding requests on the public internet: every URL (each redirect hop
 * too) passes {@link checkOutboundUrl}, and every address a host name resolves to passes
 * {@link refusedAddressReason} inside the connection's own DNS lookup, so the address checked is
 * the address connected to and DNS rebinding has no second lookup to win.
 * @module
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns'

import { Agent, fetch as undiciFetch } from 'undici'

import {
  checkOutboundUrl,
  OutboundRequestRefused,
  refusedAddressReason,
  type OutboundAllowList,
} from './outbound-policy'

/** Resolves a host name to all its addresses, like `dns.lookup` with `all: true`. */
export type AddressResolver = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void

/** Options of {@link createGuardedFetch}. */
export interface GuardedFetchOptions {
  /** Hosts and ranges allowed despite the rules (a self-hosted geocoder). */
  readonly allowList: OutboundAllowList
  /** Redirects followed, each checked like the first URL; default 3. */
  readonly maxRedirects?: number
  /** The DNS resolver; defaults to the system's. Tests inject one. */
  readonly resolve?: AddressResolver
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void

/** A `net.connect` lookup that refuses the whole host when any of its addresses is refused. */
function guardedLookup(options: GuardedFetchOptions) {
  const resolve: AddressResolver = options.resolve ?? ((host, opts, callback) => dnsLookup(host, opts, callback))
  return (hostname: string, lookupOptions: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, [])
      for (const { address } of addresses) {
        const reason = refusedAddressReason(hostname, address, options.allowList)
        if (reason !== undefined) {
          const refusal = new OutboundRequestRefused(
            hostname,
            `it resolves to ${address}, ${reason}`,
            options.allowList.name,
          )
          return callback(refusal, [])
        }
      }
      const first = addresses[0]
      if (first === undefined)
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), [])
      if (lookupOptions.all === true) callback(null, addresses)
      else callback(null, first.address, first.family)
    })
  }
}

/** The refusal behind a failed fetch (undici wraps connection errors in `TypeError: fetch failed`). */
function refusalIn(error: unknown): OutboundRequestRefused | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof OutboundRequestRefused) return cause
  }
  return undefined
}

/**
 * Creates a `fetch` for online geocoders that refuses, without sending anything, requests to
 * schemes other than http/https and to loopback, private, link-local, metadata and other
 * non-public addresses, before and after DNS resolution and on every redirect hop, unless the
 * allow-list names the host or range.
 * @throws (from the returned fetch) {@link OutboundRequestRefused} naming the URL or host and why
 * @example await createGuardedFetch({ allowList: parseAllowedHosts([]) })('http://169.254.169.254/') // throws OutboundRequestRefused
 */
export function createGuardedFetch(options: GuardedFetchOptions): typeof fetch {
  const agent = new Agent({ connect: { lookup: guardedLookup(options) } })
  const maxRedirects = options.maxRedirects ?? 3
  type UndiciResponse = Awaited<ReturnType<typeof undiciFetch>>
  const guarded = async (input: string | URL | Request, init?: RequestInit): Promise<UndiciResponse> => {
    let url = checkOutboundUrl(input instanceof Request ? input.url : input, options.allowList)
    for (let hop = 0; ; hop++) {
      let response: UndiciResponse
      try {
        response = await undiciFetch(url, {
          ...(init as Parameters<typeof undiciFetch>[1]),
          redirect: 'manual',
          dispatcher: agent,
        })
      } catch (error) {
        throw refusalIn(error) ?? error
      }
      const location = response.headers.get('location')
      if (!REDIRECT_STATUSES.has(response.status) || location === null) return response
      await response.body?.cancel()
      if (hop >= maxRedirects) {
        throw new OutboundRequestRefused(
          `${url.origin}${url.pathname}`,
          `it redirected more than ${maxRedirects} times`,
          options.allowList.name,
        )
      }
      url = checkOutboundUrl(URL.canParse(location, url.href) ? new URL(location, url) : location, options.allowList)
    }
  }
  // undici's Response is what Node's own fetch returns, but where the DOM lib types `fetch` (the
  // app's type check) the two spellings differ, so the assertion is needed there.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- see above
  return guarded as unknown as typeof fetch
}
