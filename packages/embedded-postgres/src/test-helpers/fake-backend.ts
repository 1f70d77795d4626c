/**
 * A scripted stand-in for PGlite, for tests of what real PGlite does rarely or fatally: throwing,
 * exiting, and sending a ReadyForQuery too many after an extended-protocol error.
 */
import { errorResponse, readyForQuery, typedMessage } from '../backend-messages'
import type { ProtocolBackend } from '../database-session'
import { MessageReader } from '../protocol'

/**
 * Answers like PostgreSQL for a few statements and records what it received. SQL containing
 * `boom` throws an Error; `crash` throws like an exited WebAssembly instance; a Parse of SQL
 * containing `bad` fails.
 * @example await new FakeBackend().execProtocolRaw(query('BEGIN')) // CommandComplete, ReadyForQuery 'T'
 */
export class FakeBackend implements ProtocolBackend {
  received: string[] = []
  closed = false
  private status: 'I' | 'T' | 'E' = 'I'
  private skipping = false

  // Async so that a simulated failure is a rejection, as PGlite's are.
  // eslint-disable-next-line @typescript-eslint/require-await -- see above
  async execProtocolRaw(bytes: Uint8Array): Promise<Uint8Array> {
    const reader = new MessageReader()
    reader.push(Buffer.from(bytes))
    const out: Buffer[] = []
    for (let message = reader.readMessage(); message !== null; message = reader.readMessage()) {
      if ('problem' in message) throw new Error(message.problem)
      const text = message.bytes.toString('utf8', 5).replace(/\0/g, ' ').trim()
      this.received.push(`${message.type} ${text}`.trim())
      if (message.type === 'Q') out.push(...this.simpleQuery(text))
      else if (message.type === 'S') {
        this.skipping = false
        out.push(readyForQuery(this.status))
      } else if (!this.skipping && message.type === 'P' && text.includes('bad')) {
        // PGlite sends ReadyForQuery right after an extended-protocol error, then again at Sync.
        this.skipping = true
        out.push(errorResponse({ severity: 'ERROR', code: '42601', message: 'bad statement' }), readyForQuery('I'))
      } else if (!this.skipping && message.type === 'P') out.push(typedMessage('1', Buffer.alloc(0)))
      else if (!this.skipping && message.type === 'B') out.push(typedMessage('2', Buffer.alloc(0)))
      else if (!this.skipping && message.type === 'E') out.push(commandComplete('SELECT 0'))
    }
    return Buffer.concat(out)
  }

  private simpleQuery(sql: string): Buffer[] {
    if (sql.includes('boom')) throw new Error('simulated failure inside PGlite')
    if (sql.includes('crash')) throw Object.assign(new Error('Program terminated with exit(1)'), { name: 'ExitStatus' })
    if (sql === 'BEGIN') this.status = 'T'
    if (sql === 'COMMIT' || sql === 'ROLLBACK') this.status = 'I'
    return [commandComplete(sql), readyForQuery(this.status)]
  }

  close(): Promise<void> {
    this.closed = true
    return Promise.resolve()
  }
}

function commandComplete(tag: string): Buffer {
  return typedMessage('C', Buffer.from(`${tag}\0`))
}
