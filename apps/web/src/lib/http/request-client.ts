/**
 * Who a request comes from, as one key for per-client shares (the exports' queue): the signed-in
 * user, else the client address as the rate limits count it (`rateLimitSubject` of
 * `clientAddress`: an IPv4 address, an IPv6 /64).
 * @module
 */
import type { PayloadRequest } from 'payload'

import { settings } from '../../config/settings'
import { clientAddress, rateLimitSubject } from './client-address'

/**
 * The client key of a request: `user <id>` when someone is signed in, else `address <subject>`.
 * @example requestClient(req) // 'user 7' or 'address 192.0.2.1'
 */
export function requestClient(req: Pick<PayloadRequest, 'user' | 'headers'>): string {
  if (req.user) return `user ${req.user.id}`
  return `address ${rateLimitSubject(clientAddress(req.headers, settings.trustedProxies))}`
}
