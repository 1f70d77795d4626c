/**
 * The one PGlite backend session, guarded: it refuses work after a crash or after close(), and
 * close() waits for the call in flight before closing PGlite (which flushes data to disk).
 */
import type { ErrorFields } from './backend-messages'
import { DatabaseCrashed, DatabaseStopped, describeCause } from './errors'
import type { Logger } from './logger'

/**
 * The part of PGlite this package uses; tests pass a fake.
 * @example const backend: ProtocolBackend = await PGlite.create()
 */
export interface ProtocolBackend {
  /** Feeds raw frontend messages to the session and returns the raw backend response. */
  execProtocolRaw(message: Uint8Array, options?: { syncToFs?: boolean }): Promise<Uint8Array>
  /** Closes the database, flushing it to its data folder. */
  close(): Promise<void>
}

/**
 * Serialised access to a {@link ProtocolBackend}.
 * @example
 * const session = new DatabaseSession(await PGlite.create(), silentLogger)
 * await session.run(queryMessage('SELECT 1')) // raw RowDescription, DataRow, CommandComplete, ReadyForQuery
 */
export class DatabaseSession {
  /** Settles when the current user of the session is done. */
  private queue: Promise<void> = Promise.resolve()
  private crash: unknown = undefined
  private crashed = false
  private closing: Promise<void> | null = null
  private readonly backend: ProtocolBackend
  private readonly logger: Logger

  constructor(backend: ProtocolBackend, logger: Logger) {
    this.backend = backend
    this.logger = logger
  }

  /** True once PGlite failed in a way that makes further calls unsafe. */
  get hasCrashed(): boolean {
    return this.crashed
  }

  /**
   * Runs frontend messages and returns the backend's response bytes.
   * @throws {@link DatabaseStopped} after close(); {@link DatabaseCrashed} after a fatal failure;
   *   otherwise whatever PGlite threw (the session is then unusable when PGlite exited)
   */
  run(messages: Uint8Array): Promise<Buffer> {
    return this.exclusive((run) => run(messages))
  }

  /**
   * Gives `use` the session alone: no other caller's messages run until it returns, so a
   * sequence such as SAVEPOINT, statements, RELEASE cannot be interleaved.
   * @example await session.exclusive(async (run) => { await run(savepoint); return run(statements) })
   */
  async exclusive<T>(use: (run: (messages: Uint8Array) => Promise<Buffer>) => Promise<T>): Promise<T> {
    const previous = this.queue
    let finish!: () => void
    this.queue = new Promise<void>((resolve) => (finish = resolve))
    await previous
    try {
      return await use((messages) => this.call(messages))
    } finally {
      finish()
    }
  }

  private async call(messages: Uint8Array): Promise<Buffer> {
    if (this.closing !== null) throw new DatabaseStopped()
    if (this.crashed) throw new DatabaseCrashed(this.crash)
    try {
      const response = await this.backend.execProtocolRaw(messages)
      return Buffer.from(response.buffer, response.byteOffset, response.byteLength)
    } catch (error) {
      // Once the WebAssembly instance exits, the next call hangs forever: never call it again.
      if (isFatal(error)) {
        this.crashed = true
        this.crash = error
        this.logger.error('embedded database crashed; restart the server', { error: String(error) })
      }
      throw error
    }
  }

  /** Refuses new calls, waits for the current user of the session, then closes PGlite. Idempotent. */
  close(): Promise<void> {
    this.closing ??= this.exclusive(async () => {
      if (this.crashed) return
      await this.backend.close()
    })
    return this.closing
  }
}

/**
 * Tells whether an error thrown by PGlite means its WebAssembly instance has exited.
 * @example isFatal({ name: 'ExitStatus', status: 1 }) // true
 */
export function isFatal(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const name = (error as { name?: unknown }).name
  // WebAssembly.RuntimeError (e.g. "unreachable", out of memory) leaves the instance unusable too.
  return name === 'ExitStatus' || name === 'RuntimeError'
}

/**
 * The ErrorResponse a client receives when the session failed under it: FATAL 57P01 when the
 * server is stopping, ERROR XX000 (internal error) naming the cause otherwise.
 * @example sessionFailureFields(new Error('boom')) // { severity: 'ERROR', code: 'XX000', message: 'embedded database failed: boom' }
 */
export function sessionFailureFields(error: unknown): ErrorFields {
  if (error instanceof DatabaseStopped) return { severity: 'FATAL', code: '57P01', message: error.message }
  return { severity: 'ERROR', code: 'XX000', message: `embedded database failed: ${describeCause(error)}` }
}
