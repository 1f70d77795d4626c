/**
 * Port helpers for callers that want to choose a port before starting the server.
 */
import { createServer } from 'node:net'

/**
 * Tells whether a TCP port can be listened on.
 * @example await isPortFree(5432) // false when a PostgreSQL server already runs there
 */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const probe = createServer()
    probe.once('error', () => resolvePromise(false))
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolvePromise(true)))
  })
}

/**
 * Asks the operating system for a free TCP port. Another process may take it before you use it;
 * prefer `port: 0` in `startEmbeddedPostgres` where you can.
 * @example await findFreePort() // 54873
 */
export function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen({ port: 0, host, exclusive: true }, () => {
      const address = probe.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      probe.close(() => resolvePromise(port))
    })
  })
}
