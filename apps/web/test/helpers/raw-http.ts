/**
 * HTTP requests whose bodies come back exactly as sent on the wire (fetch would decode a gzipped
 * body), for tests of the server's compression.
 * @module
 */
import { request, type IncomingHttpHeaders } from 'node:http'

/** A response as it came over the wire. */
export interface RawResponse {
  readonly status: number
  readonly headers: IncomingHttpHeaders
  /** The body undecoded: gzip bytes when the server compressed it. */
  readonly body: Buffer
}

/**
 * Requests the absolute `url` and reads the whole body; with `localAddress` (a loopback address
 * such as 127.0.0.2, to act as another client), it connects from there to 127.0.0.1.
 * @example await requestRaw('http://127.0.0.1:3000/api/events', { 'Accept-Encoding': 'gzip' })
 */
export function requestRaw(
  url: string,
  headers: Record<string, string>,
  method = 'GET',
  localAddress?: string,
): Promise<RawResponse> {
  const { hostname, port, pathname, search } = new URL(url)
  const from = localAddress ? { hostname: '127.0.0.1', localAddress, agent: false } : { hostname }
  return new Promise((resolve, reject) => {
    const req = request({ ...from, port, path: pathname + search, method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

/**
 * The gzip header's XFL byte: 4 when zlib compressed at level 1, 0 at its default level.
 * @example gzipLevelFlag(gzipSync('x', { level: 1 })) // 4
 */
export const gzipLevelFlag = (body: Buffer): number | undefined => body[8]
