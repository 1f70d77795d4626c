/**
 * One TCP client of the embedded server, socket side: frames its bytes, answers its startup
 * locally (PGlite never sees startup packets), and hands its messages to its {@link ClientSession}.
 * Socket errors of any kind (ECONNRESET, EPIPE, writes after end) end the client, never the process.
 */
import type { Socket } from 'node:net'
import { randomInt } from 'node:crypto'
import { errorResponse } from './backend-messages'
import { ClientSession } from './client-session'
import type { ClientSessionOptions } from './client-session'
import { ProtocolViolation, describeCause } from './errors'
import { MessageReader, readStartupPacket } from './protocol'
import type { FrontendMessage } from './protocol'
import { answerStartupPacket } from './startup'
import type { ServerParameters } from './startup'

/**
 * What a client connection needs from the server.
 * @example const options: ClientConnectionOptions = { id: 1, socket, session, lock, serverParameters, logger, lockWaitTimeoutMs: 0, shareIdleTransactionAfterMs: 20, onFinished }
 */
export interface ClientConnectionOptions extends Omit<ClientSessionOptions, 'write' | 'failProtocol'> {
  readonly socket: Socket
  readonly serverParameters: ServerParameters
  /** Called once the client is gone and cleaned up. */
  readonly onFinished: (client: ClientConnection) => void
}

/** Client messages dropped here rather than forwarded: COPY data (COPY FROM STDIN is refused) and passwords (trust). */
const DROPPED = new Set(['d', 'c', 'f', 'p'])

/**
 * Serves one client socket until it disconnects.
 * @example new ClientConnection({ id: 1, socket, session, lock, serverParameters, logger, lockWaitTimeoutMs: 0, shareIdleTransactionAfterMs: 20, onFinished })
 */
export class ClientConnection {
  /** Unique client id. */
  readonly id: number
  private phase: 'startup' | 'ready' | 'closed' = 'startup'
  private readonly reader = new MessageReader()
  private readonly session: ClientSession
  private readonly finishedCleanup: Promise<void>
  private readonly options: ClientConnectionOptions

  constructor(options: ClientConnectionOptions) {
    this.options = options
    this.id = options.id
    this.session = new ClientSession({
      ...options,
      write: (bytes) => this.write(bytes),
      failProtocol: (error) => this.failProtocol(error),
    })
    this.finishedCleanup = new Promise((resolve) => options.socket.once('close', () => resolve(this.close())))
    const { socket } = options
    socket.setNoDelay(true)
    socket.setKeepAlive(true, 10_000)
    socket.on('data', (chunk: Buffer) => this.receive(chunk))
    socket.on('error', (error) =>
      options.logger.debug('client socket error', { client: this.id, error: error.message }),
    )
  }

  /** False once the client has disconnected. */
  get isOpen(): boolean {
    return this.phase !== 'closed'
  }

  /** Resolves once the client has disconnected and its session state is cleaned up. */
  finished(): Promise<void> {
    return this.finishedCleanup
  }

  /** Disconnects the client at once; cleanup follows. */
  destroy(): void {
    this.options.socket.destroy()
    void this.close()
  }

  private receive(chunk: Buffer): void {
    if (!this.isOpen) return
    this.reader.push(chunk)
    const messages: FrontendMessage[] = []
    try {
      this.readFrames(messages)
    } catch (error) {
      this.failProtocol(error)
      return
    }
    this.session.enqueue(messages)
  }

  private readFrames(messages: FrontendMessage[]): void {
    while (this.isOpen) {
      const frame = this.phase === 'startup' ? this.reader.readStartupPacket() : this.reader.readMessage()
      if (frame === null) return
      if ('problem' in frame) throw new ProtocolViolation(this.id, frame.problem)
      if (Buffer.isBuffer(frame)) this.answerStartup(frame)
      else if (frame.type === 'X') this.hangUp()
      else if (!DROPPED.has(frame.type)) messages.push(frame)
    }
  }

  private answerStartup(packet: Buffer): void {
    const { serverParameters } = this.options
    const answer = answerStartupPacket(readStartupPacket(packet), {
      serverParameters,
      processId: this.id,
      secretKey: randomInt(0x7fffffff),
    })
    this.write(answer.reply)
    if (answer.next === 'close') this.hangUp()
    else if (answer.next === 'ready') this.phase = 'ready'
  }

  private failProtocol(error: unknown): void {
    this.options.logger.warn('closing client after a protocol error', { client: this.id, error: describeCause(error) })
    this.write(errorResponse({ severity: 'FATAL', code: '08P01', message: describeCause(error) }))
    this.hangUp()
  }

  /** Ends the connection after flushing what was written; Terminate ('X') is never forwarded. */
  private hangUp(): void {
    this.options.socket.end()
    void this.close()
  }

  /** Marks the client gone; its session side cleans up. Returns the cleanup, whoever called first. */
  private close(): Promise<void> {
    if (!this.isOpen) return this.session.close()
    this.phase = 'closed'
    const cleanedUp = this.session.close()
    void cleanedUp.then(() => this.options.onFinished(this))
    return cleanedUp
  }

  private write(bytes: Uint8Array): void {
    const { socket } = this.options
    if (bytes.length > 0 && !socket.destroyed && socket.writable) socket.write(bytes)
  }
}
