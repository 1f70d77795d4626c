/**
 * What one client has prepared in the shared session: its statement names (scoped with its
 * prefix), which of them cannot run in a shared transaction, and how to close them all.
 */
import { typedMessage } from './backend-messages'
import { guardCopyFromStdin } from './copy-guard'
import type { MessageRun } from './protocol'
import { canShareTransaction } from './sql-text'
import { closeStatement, readCStrings, scopeName, scopeNames } from './statement-names'

/**
 * Prepares a client's messages for the shared session and remembers its named statements.
 * @example
 * const statements = new ClientStatements('_c3_')
 * statements.prepare(run) // the run's bytes with "s1" renamed "_c3_s1"
 * statements.closeAll() // Close "_c3_s1" + Sync
 */
export class ClientStatements {
  private readonly prefix: string
  private readonly named = new Set<string>()
  private readonly unshareable = new Set<string>()

  constructor(prefix: string) {
    this.prefix = prefix
  }

  /** Number of named statements the client has prepared. */
  get size(): number {
    return this.named.size
  }

  /**
   * Scopes names, records Parse and Close of named statements, and swaps COPY FROM STDIN for
   * its refusal.
   * @returns the bytes to send, or the type of the first malformed message
   */
  prepare(run: MessageRun): Buffer | { malformed: string } {
    const outgoing: Buffer[] = []
    for (const message of run.messages) {
      const scoped = scopeNames(message, this.prefix)
      if (scoped === null) return { malformed: message.type }
      if (scoped.parsedStatement !== undefined) this.remember(scoped.parsedStatement, message.bytes)
      if (scoped.closedStatement !== undefined) {
        this.named.delete(scoped.closedStatement)
        this.unshareable.delete(scoped.closedStatement)
      }
      outgoing.push(guardCopyFromStdin(scoped.message).bytes)
    }
    return Buffer.concat(outgoing)
  }

  /** True when the statement the client calls `name` holds SQL that cannot share a transaction. */
  isUnshareable(name: string): boolean {
    return this.unshareable.has(scopeName(name, this.prefix))
  }

  /** Close messages for every named statement, then Sync; forgets them. */
  closeAll(): Buffer {
    const closes = [...this.named].map(closeStatement)
    this.named.clear()
    this.unshareable.clear()
    return Buffer.concat([...closes, typedMessage('S', Buffer.alloc(0))])
  }

  private remember(scopedName: string, parse: Buffer): void {
    this.named.add(scopedName)
    const sql = readCStrings(parse.subarray(5), 2)?.strings[1] ?? ''
    if (canShareTransaction(Buffer.from(sql, 'latin1').toString('utf8'))) this.unshareable.delete(scopedName)
    else this.unshareable.add(scopedName)
  }
}
