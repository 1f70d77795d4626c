/**
 * Keeps `COPY ... FROM STDIN` away from PGlite: over the wire it terminates the WebAssembly
 * instance, after which every later call hangs. The statement is swapped for one that raises a
 * clear error inside the database, so the client's transaction fails exactly as on a real server.
 */
import { typedMessage } from './backend-messages'
import type { FrontendMessage } from './protocol'
import { stripLiteralsAndComments } from './sql-text'
import { readCStrings } from './statement-names'

/**
 * The message a client receives, with SQLSTATE 0A000, for `COPY ... FROM STDIN`.
 * @example await client.query('COPY events FROM STDIN') // rejects with COPY_FROM_STDIN_MESSAGE
 */
export const COPY_FROM_STDIN_MESSAGE =
  'COPY FROM STDIN is not supported by the embedded database; use INSERT ... SELECT FROM unnest(...) or a real PostgreSQL server'

/**
 * SQL that fails with SQLSTATE 0A000 (feature_not_supported) and {@link COPY_FROM_STDIN_MESSAGE}.
 * @example guardCopyFromStdin(query('COPY t FROM STDIN')) // a Query running COPY_FROM_STDIN_REFUSAL_SQL
 */
export const COPY_FROM_STDIN_REFUSAL_SQL = `DO $chronotope$ BEGIN RAISE EXCEPTION USING ERRCODE = '0A000', MESSAGE = '${COPY_FROM_STDIN_MESSAGE}'; END $chronotope$`

/**
 * Tells whether SQL text contains a `COPY ... FROM STDIN` statement, ignoring comments, string
 * literals and quoted identifiers.
 * @example isCopyFromStdin("COPY events (name) FROM STDIN WITH (FORMAT csv)") // true
 * @example isCopyFromStdin("SELECT 'copy x from stdin'") // false
 */
export function isCopyFromStdin(sql: string): boolean {
  if (!/copy/i.test(sql)) return false
  const code = stripLiteralsAndComments(sql)
  return /\bcopy\b[^;]*?\bfrom\s+stdin\b/i.test(code)
}

/**
 * Replaces a Query or Parse message whose SQL is `COPY ... FROM STDIN` by one running
 * {@link COPY_FROM_STDIN_REFUSAL_SQL}; any other message is returned as it is.
 * @example guardCopyFromStdin(query('COPY t FROM STDIN')) // query(COPY_FROM_STDIN_REFUSAL_SQL)
 */
export function guardCopyFromStdin(message: FrontendMessage): FrontendMessage {
  if (message.type === 'Q') {
    const sql = message.bytes.toString('utf8', 5, message.bytes.length - 1)
    if (!isCopyFromStdin(sql)) return message
    return { type: 'Q', bytes: typedMessage('Q', Buffer.from(`${COPY_FROM_STDIN_REFUSAL_SQL}\0`, 'utf8')) }
  }
  if (message.type === 'P') {
    const read = readCStrings(message.bytes.subarray(5), 2)
    if (read === null || !isCopyFromStdin(Buffer.from(read.strings[1]!, 'latin1').toString('utf8'))) return message
    // Keep the statement name; declare no parameter types, since the refusal takes none.
    const body = Buffer.concat([
      Buffer.from(`${read.strings[0]!}\0`, 'latin1'),
      Buffer.from(`${COPY_FROM_STDIN_REFUSAL_SQL}\0`, 'utf8'),
      Buffer.alloc(2),
    ])
    return { type: 'P', bytes: typedMessage('P', body) }
  }
  return message
}
