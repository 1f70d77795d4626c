/**
 * One client's side of the shared PGlite session: its queue of messages, its turn at the session
 * lock (or at sharing the holder's idle transaction), its transaction status and prepared
 * statements, and the cleanup after it leaves, so no transaction, statement or lock slot
 * outlives it. The socket side is in client-connection.ts.
 */
import { errorResponse, readyForQuery } from './backend-messages'
import type { ErrorFields } from './backend-messages'
import { ClientStatements } from './client-statements'
import type { DatabaseSession } from './database-session'
import { sessionFailureFields } from './database-session'
import { DatabaseStopped, ProtocolViolation, describeCause } from './errors'
import { waitForLock } from './lock-wait'
import type { Logger } from './logger'
import { keepReadyForQuery, splitAtSyncPoints } from './protocol'
import type { FrontendMessage, MessageRun, TransactionStatus } from './protocol'
import { cleanUpAfterClient, resetSession } from './session-reset'
import type { SessionLock } from './session-lock'
import { isShareable, runInSharedTransaction } from './shared-transaction'
import { clientPrefix } from './statement-names'

/**
 * What a client's session side needs.
 * @example const options: ClientSessionOptions = { id: 1, session, lock, logger, lockWaitTimeoutMs: 0, shareIdleTransactionAfterMs: 20, write, failProtocol }
 */
export interface ClientSessionOptions {
  /** Unique client id. */
  readonly id: number
  readonly session: DatabaseSession
  readonly lock: SessionLock
  readonly logger: Logger
  /** How long a client may wait for the session before its command fails; 0 waits forever. */
  readonly lockWaitTimeoutMs: number
  /** After the holder's transaction has been idle this long (ms), share it; false never shares. */
  readonly shareIdleTransactionAfterMs: number | false
  /** Sends bytes to the client. */
  readonly write: (bytes: Uint8Array) => void
  /** Disconnects the client after a protocol violation. */
  readonly failProtocol: (error: ProtocolViolation) => void
}

/**
 * Forwards one client's messages to the shared session, in order, one turn at a time.
 * @example
 * const client = new ClientSession({ id: 1, session, lock, logger, lockWaitTimeoutMs: 0, shareIdleTransactionAfterMs: 20, write, failProtocol })
 * client.enqueue(queryMessage) // answered through write()
 */
export class ClientSession {
  private readonly id: number
  private open = true
  private pending: FrontendMessage[] = []
  private draining = false
  private holdsLock = false
  /** Status from the last ReadyForQuery this client received. */
  private status: TransactionStatus = 'I'
  /** True when messages went to the session after the client's last Sync point. */
  private inBatch = false
  /** True after a local error in the extended protocol: drop messages until the client's Sync. */
  private skipUntilSync = false
  /** True after sharing failed once; cleared when the client next gets the lock. */
  private sharingRefused = false
  private readonly statements: ClientStatements
  private cleanup: Promise<void> | null = null
  private readonly done: Promise<void>
  private markDone: () => void = () => {}
  private readonly options: ClientSessionOptions

  constructor(options: ClientSessionOptions) {
    this.options = options
    this.id = options.id
    this.statements = new ClientStatements(clientPrefix(options.id))
    this.done = new Promise((resolve) => (this.markDone = resolve))
  }

  /** False once the client has gone. */
  get isOpen(): boolean {
    return this.open
  }

  /** Queues messages and starts forwarding them. */
  enqueue(messages: readonly FrontendMessage[]): void {
    if (!this.open || messages.length === 0) return
    this.pending.push(...messages)
    void this.drain().catch((error: unknown) => {
      this.options.logger.error('client connection failed', { client: this.id, error: describeCause(error) })
      void this.close()
    })
  }

  /**
   * The client is gone: drop its queue, leave the lock queue, and clean up after it.
   * @returns a promise settled once the cleanup is done
   */
  close(): Promise<void> {
    if (this.open) {
      this.open = false
      this.pending = []
      this.options.lock.cancel(this.id)
      this.options.lock.markHolderIdle(this.id, false)
      // A running drain cleans up when it ends.
      if (!this.draining) void this.cleanUp()
    }
    return this.done
  }

  /** Forwards buffered messages, taking the session lock as needed, until none are left. */
  private async drain(): Promise<void> {
    if (this.draining) return
    this.draining = true
    try {
      while (this.open) {
        this.skipToSync()
        if (this.pending.length === 0) break
        if (!this.holdsLock && !(await this.takeTurn())) continue
        this.options.lock.markHolderIdle(this.id, false)
        for (const run of splitAtSyncPoints(this.pending.splice(0))) {
          if (!this.open) break
          await this.forward(run)
        }
        if (this.holdsLock && !this.inBatch && this.status === 'I') this.releaseLock()
        else if (this.holdsLock) this.options.lock.markHolderIdle(this.id, !this.inBatch && this.status === 'T')
      }
    } finally {
      this.draining = false
    }
    if (!this.open) await this.cleanUp()
  }

  /** Waits for the lock (true), or runs the first pending run in a shared transaction (false). */
  private async takeTurn(): Promise<boolean> {
    const { lock, lockWaitTimeoutMs, logger } = this.options
    const waited = await waitForLock(lock, this.id, {
      timeoutMs: lockWaitTimeoutMs,
      canShare: () => this.canShare(),
      logger,
    })
    if (waited.outcome === 'lock') {
      this.holdsLock = true
      this.sharingRefused = false
      return true
    }
    if (waited.outcome === 'share') await this.forwardShared()
    if (waited.outcome === 'timeout' && this.open) {
      this.failFirstRun({
        severity: 'ERROR',
        code: '55P03',
        message: `waited ${waited.waitedMs} ms for the embedded database session, which client #${waited.holder} still holds (usually an open transaction)`,
        hint: 'finish that transaction sooner, avoid BEGIN on a second connection inside a transaction, or raise lockWaitTimeoutMs',
      })
    }
    return false
  }

  private canShare(): boolean {
    if (this.sharingRefused || this.skipUntilSync || !this.holderIdleLongEnough()) return false
    const first = splitAtSyncPoints(this.pending)[0]
    return first !== undefined && isShareable(first, (name) => this.statements.isUnshareable(name))
  }

  private holderIdleLongEnough(): boolean {
    const { lock, shareIdleTransactionAfterMs: afterMs } = this.options
    const idleMs = lock.holderIdleMs()
    return afterMs !== false && idleMs !== null && idleMs >= afterMs && lock.holder !== this.id
  }

  /** Runs the first pending run inside the holder's idle transaction. */
  private async forwardShared(): Promise<void> {
    const [first, ...rest] = splitAtSyncPoints(this.pending)
    if (first === undefined) return
    const bytes = this.prepare(first)
    if (bytes === null) return
    this.pending = rest.flatMap((run) => [...run.messages])
    try {
      const response = await runInSharedTransaction(
        this.options.session,
        bytes,
        () => this.holderIdleLongEnough(),
        this.options.logger,
      )
      if (typeof response !== 'string') return this.options.write(response)
      if (response === 'refused') this.sharingRefused = true
      this.pending.unshift(...first.messages)
    } catch (error) {
      // No reset here: it would roll back the holder's transaction.
      this.options.write(errorResponse(sessionFailureFields(error)))
      this.options.write(readyForQuery('I'))
    }
  }

  /** Sends one run of messages to the session and relays the answer. */
  private async forward(run: MessageRun): Promise<void> {
    const bytes = this.prepare(run)
    if (bytes === null) return
    let response: Buffer
    try {
      response = await this.options.session.run(bytes)
    } catch (error) {
      await this.answerDatabaseFailure(run, error)
      return
    }
    const kept = keepReadyForQuery(response, run.endsWithSyncPoint ? 'last' : 'none')
    this.options.write(kept.bytes)
    this.inBatch = !run.endsWithSyncPoint
    if (!run.endsWithSyncPoint) return
    if (kept.status === null) {
      this.options.logger.warn('the database sent no ReadyForQuery; sending one', { client: this.id })
      this.options.write(readyForQuery(this.status))
    } else this.status = kept.status
  }

  private prepare(run: MessageRun): Buffer | null {
    const prepared = this.statements.prepare(run)
    if (Buffer.isBuffer(prepared)) return prepared
    this.options.failProtocol(new ProtocolViolation(this.id, `malformed '${prepared.malformed}' message`))
    return null
  }

  /** PGlite threw: tell the client, reset the session when PGlite survived, keep serving. */
  private async answerDatabaseFailure(run: MessageRun, error: unknown): Promise<void> {
    if (!(error instanceof DatabaseStopped)) {
      this.options.logger.error('embedded database failed', { client: this.id, error: describeCause(error) })
      if (!this.options.session.hasCrashed) await resetSession(this.options.session, this.options.logger)
    }
    this.options.write(errorResponse(sessionFailureFields(error)))
    this.inBatch = false
    this.status = 'I'
    if (run.endsWithSyncPoint) this.options.write(readyForQuery('I'))
    else this.skipUntilSync = true
  }

  /** Answers the first run of pending messages with an error, without the database. */
  private failFirstRun(fields: ErrorFields): void {
    const [first, ...rest] = splitAtSyncPoints(this.pending)
    this.pending = rest.flatMap((run) => [...run.messages])
    this.options.write(errorResponse(fields))
    if (first?.endsWithSyncPoint) this.options.write(readyForQuery(this.status))
    else this.skipUntilSync = true
  }

  /** After a local error in the extended protocol, the client's messages up to Sync are ignored. */
  private skipToSync(): void {
    while (this.skipUntilSync && this.pending.length > 0) {
      if (this.pending.shift()!.type !== 'S') continue
      this.skipUntilSync = false
      this.options.write(readyForQuery(this.status))
    }
  }

  private releaseLock(): void {
    this.holdsLock = false
    this.options.lock.release(this.id)
  }

  /** Rolls back what the client left open, closes its statements, frees the lock. Never throws. */
  private cleanUp(): Promise<void> {
    this.cleanup ??= this.releaseSessionState()
      .catch((error: unknown) =>
        this.options.logger.warn('client cleanup failed', { client: this.id, error: describeCause(error) }),
      )
      .finally(() => this.markDone())
    return this.cleanup
  }

  private async releaseSessionState(): Promise<void> {
    const { session, lock, logger } = this.options
    const { inBatch, status, statements } = this
    try {
      if (inBatch || status !== 'I' || statements.size > 0) {
        if (!this.holdsLock) this.holdsLock = await lock.acquire(this.id)
        await cleanUpAfterClient({ clientId: this.id, session, logger, inBatch, status, statements })
      }
    } finally {
      if (this.holdsLock) this.releaseLock()
    }
  }
}
