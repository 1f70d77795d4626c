/**
 * Tells the app the address of the connection a request came over. Next's request handlers see
 * only headers, and Next keeps an `X-Forwarded-For` a client sends (it fills the header in only
 * when it is missing), so the server in front of Next passes the socket's address in a header of
 * its own, after dropping any value a client put there. See `lib/http/client-address`.
 * @module
 */
import type { IncomingMessage } from 'node:http'

import { SOCKET_ADDRESS_HEADER } from '../lib/http/client-address'

/**
 * Sets {@link SOCKET_ADDRESS_HEADER} on a request to its socket's address, replacing whatever the
 * client sent in it; call before handing the request to Next.
 * @example stampSocketAddress(req); await handle(req, res)
 */
export function stampSocketAddress(req: IncomingMessage): void {
  delete req.headers[SOCKET_ADDRESS_HEADER]
  // Next builds the app's Request from `headers`; drop the raw copy too so nothing reads it back.
  for (let index = req.rawHeaders.length - 2; index >= 0; index -= 2) {
    if (req.rawHeaders[index]!.toLowerCase() === SOCKET_ADDRESS_HEADER) req.rawHeaders.splice(index, 2)
  }
  const address = req.socket.remoteAddress
  if (address) req.headers[SOCKET_ADDRESS_HEADER] = address
}
