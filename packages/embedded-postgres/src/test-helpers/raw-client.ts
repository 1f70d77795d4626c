/**
 * A bare wire-protocol client for tests that need what `pg` will not send: half a batch, COPY
 * data, or a socket cut at an exact moment.
 */
import { Socket } from 'node:net'
import { describeResponse, startupMessage } from './frontend'

/**
 * A connected raw client.
 * @example (await connectRaw(port)).send(query('SELECT 1'))
 */
export interface RawClient {
  /** Writes bytes to the server. */
  send(bytes: Buffer): void
  /** Waits until the responses received so far (see {@link describeResponse}) satisfy `done`. */
  waitFor(done: (responses: readonly string[]) => boolean, timeoutMs?: number): Promise<string[]>
  /** Responses received so far; {@link waitFor} consumes them. */
  readonly received: Buffer[]
  /** Cuts the connection without a Terminate message. */
  destroy(): void
}

/**
 * Connects and completes the startup handshake.
 * @example const client = await connectRaw(server.port); client.send(query('SELECT 1'))
 */
export async function connectRaw(port: number, host = '127.0.0.1'): Promise<RawClient> {
  const socket = new Socket()
  socket.on('error', () => undefined)
  const received: Buffer[] = []
  socket.on('data', (chunk: Buffer) => received.push(chunk))
  await new Promise<void>((resolve) => socket.connect(port, host, resolve))
  const client: RawClient = {
    received,
    send: (bytes) => socket.write(bytes),
    destroy: () => socket.destroy(),
    async waitFor(done, timeoutMs = 10_000) {
      const started = Date.now()
      for (;;) {
        const responses = describeResponse(Buffer.concat(received))
        if (done(responses)) {
          received.length = 0
          return responses
        }
        if (Date.now() - started > timeoutMs)
          throw new Error(`no matching response within ${timeoutMs} ms; got ${responses.join(' ')}`)
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    },
  }
  client.send(startupMessage({ user: 'postgres', database: 'postgres' }))
  await client.waitFor((responses) => responses.includes('Z:I'))
  return client
}
