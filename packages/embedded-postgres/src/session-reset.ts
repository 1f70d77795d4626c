/**
 * Returns the shared session to idle after a client vanished or PGlite threw, the way a real
 * server aborts a disconnected backend's work: anything uncommitted is rolled back.
 */
import { typedMessage } from './backend-messages'
import type { ClientStatements } from './client-statements'
import type { DatabaseSession } from './database-session'
import { DatabaseStopped, describeCause } from './errors'
import type { Logger } from './logger'
import { keepReadyForQuery } from './protocol'
import type { TransactionStatus } from './protocol'

/**
 * Sync: ends an extended-protocol batch.
 * @example SYNC_MESSAGE // <Buffer 53 00 00 00 04>
 */
export const SYNC_MESSAGE: Buffer = typedMessage('S', Buffer.alloc(0))

/**
 * Describing a portal that cannot exist fails, which aborts an implicit transaction left open
 * by an unfinished extended-protocol batch, so the Sync that follows commits nothing.
 */
const ABORT_BATCH: Buffer = Buffer.concat([
  typedMessage('D', Buffer.from('P_chronotope_abort_unfinished_batch\0', 'latin1')),
  SYNC_MESSAGE,
])

const ROLLBACK: Buffer = typedMessage('Q', Buffer.from('ROLLBACK\0', 'latin1'))

/**
 * Aborts an unfinished batch and rolls back an open transaction; logs instead of throwing.
 * @returns true when the session is idle again
 * @example await resetSession(session, logger) // true
 */
export async function resetSession(session: DatabaseSession, logger: Logger): Promise<boolean> {
  try {
    const afterSync = keepReadyForQuery(await session.run(ABORT_BATCH), 'last').status
    if (afterSync === 'I') return true
    const afterRollback = keepReadyForQuery(await session.run(ROLLBACK), 'last').status
    return afterRollback === 'I'
  } catch (error) {
    if (error instanceof DatabaseStopped) return false
    logger.warn('could not reset the embedded database session', { error: describeCause(error) })
    return false
  }
}

/**
 * What a departed client left in the session.
 * @example { clientId: 4, session, logger, inBatch: false, status: 'T', statements }
 */
export interface DepartedClient {
  readonly clientId: number
  readonly session: DatabaseSession
  readonly logger: Logger
  /** True when it sent messages after its last Sync. */
  readonly inBatch: boolean
  /** Its transaction status at the last ReadyForQuery. */
  readonly status: TransactionStatus
  /** Its named prepared statements. */
  readonly statements: ClientStatements
}

/**
 * Rolls back what a departed client left open and closes its prepared statements, as a real
 * server does when a backend exits. Call while holding the session lock; never throws.
 * @example await cleanUpAfterClient({ clientId: 4, session, logger, inBatch: false, status: 'T', statements })
 */
export async function cleanUpAfterClient(client: DepartedClient): Promise<void> {
  const { session, logger } = client
  if (session.hasCrashed) return
  logger.debug('cleaning up after client', {
    client: client.clientId,
    status: client.status,
    statements: client.statements.size,
  })
  if (client.inBatch || client.status !== 'I') await resetSession(session, logger)
  if (client.statements.size === 0) return
  await session.run(client.statements.closeAll()).catch((error: unknown) => {
    if (!(error instanceof DatabaseStopped))
      logger.warn("could not close a departed client's statements", {
        client: client.clientId,
        error: describeCause(error),
      })
  })
}
