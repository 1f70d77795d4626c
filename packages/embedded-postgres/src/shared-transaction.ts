/**
 * Sharing an idle transaction. PGlite is one session, so a client in a transaction holds it until
 * COMMIT or ROLLBACK. Applications such as Payload sometimes open a transaction on one connection
 * and then wait for a query on another (Payload's document-lock check does exactly this), which
 * would wait forever. So once the holder has sat idle in its transaction for a moment, another
 * client's self-contained statements run inside it, wrapped in a savepoint: a failure is rolled
 * back to the savepoint and leaves the holder's transaction intact.
 *
 * The cost: shared statements see the holder's uncommitted rows, and their writes commit or roll
 * back with the holder's transaction.
 */
import { typedMessage } from './backend-messages'
import type { DatabaseSession } from './database-session'
import type { Logger } from './logger'
import { keepReadyForQuery, withReadyForQueryStatus } from './protocol'
import type { MessageRun } from './protocol'
import { canShareTransaction } from './sql-text'
import { readCStrings } from './statement-names'

const simpleQuery = (sql: string): Buffer => typedMessage('Q', Buffer.from(`${sql}\0`, 'utf8'))
const SAVEPOINT = simpleQuery('SAVEPOINT _chronotope_shared')
const RELEASE = simpleQuery('RELEASE SAVEPOINT _chronotope_shared')
const UNDO = simpleQuery('ROLLBACK TO SAVEPOINT _chronotope_shared; RELEASE SAVEPOINT _chronotope_shared')

/**
 * Tells whether a run of messages may run inside another client's transaction: it ends with Sync
 * or Query, and none of its SQL controls transactions or refuses to run in a transaction block.
 * @param isUnsafeStatement - true for a named statement (as the client names it) whose SQL cannot be shared
 * @example isShareable({ messages: [frame(query('SELECT 1'))], endsWithSyncPoint: true }, () => false) // true
 */
export function isShareable(run: MessageRun, isUnsafeStatement: (name: string) => boolean): boolean {
  if (!run.endsWithSyncPoint) return false
  return run.messages.every((message) => {
    const body = message.bytes.subarray(5)
    switch (message.type) {
      case 'Q':
        return canShareTransaction(body.toString('utf8', 0, body.length - 1))
      case 'P': {
        const read = readCStrings(body, 2)
        return read !== null && canShareTransaction(Buffer.from(read.strings[1]!, 'latin1').toString('utf8'))
      }
      case 'B': {
        const read = readCStrings(body, 2)
        return read !== null && !isUnsafeStatement(read.strings[1]!)
      }
      case 'F':
        return false
      default:
        return true
    }
  })
}

/**
 * Runs a client's messages inside the open transaction of the session, in a savepoint, and
 * answers as if they ran on their own (ReadyForQuery 'I').
 * @param isStillIdle - checked once the session is ours; sharing is abandoned when false
 * @returns the response for the client; `busy` when the holder got busy meanwhile (try again
 *   later); `refused` when the session was not in a transaction after all
 * @example await runInSharedTransaction(session, query('SELECT 1'), () => true, logger) // T, D, C, Z 'I'
 */
export async function runInSharedTransaction(
  session: DatabaseSession,
  messages: Buffer,
  isStillIdle: () => boolean,
  logger: Logger,
): Promise<Uint8Array | 'busy' | 'refused'> {
  return session.exclusive(async (run) => {
    if (!isStillIdle()) return 'busy'
    if (keepReadyForQuery(await run(SAVEPOINT), 'last').status !== 'T') return 'refused'
    const kept = keepReadyForQuery(await run(messages), 'last')
    const restored = keepReadyForQuery(await run(kept.status === 'T' ? RELEASE : UNDO), 'last').status
    if (restored !== 'T') logger.warn('a shared transaction did not return to its savepoint', { status: restored })
    return withReadyForQueryStatus(kept.bytes, 'I')
  })
}
