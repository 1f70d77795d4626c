/**
 * Per-client names for prepared statements and portals. PGlite is one backend session, so two
 * clients preparing "s1" would collide; every non-empty name gets the client's prefix instead.
 * Names are handled as latin1 strings so that any bytes round-trip unchanged.
 */
import { createHash } from 'node:crypto'
import { typedMessage } from './backend-messages'
import type { FrontendMessage } from './protocol'

/** PostgreSQL keeps the first 63 bytes of a statement name (NAMEDATALEN - 1). */
const MAX_NAME_BYTES = 63

/**
 * The outcome of {@link scopeNames}.
 * @example { message: parse('_c3_s1', 'SELECT 1'), parsedStatement: '_c3_s1' }
 */
export interface ScopedMessage {
  /** The message with names rewritten (the same object when it names nothing). */
  readonly message: FrontendMessage
  /** Scoped name of a statement this Parse creates. */
  readonly parsedStatement?: string
  /** Scoped name of a statement this Close removes. */
  readonly closedStatement?: string
}

/**
 * The prefix that scopes names to one client.
 * @example clientPrefix(12) // '_c12_'
 */
export function clientPrefix(clientId: number): string {
  return `_c${clientId}_`
}

/**
 * Gives a statement or portal name the client's prefix; the unnamed (empty) name stays empty.
 * Names that would exceed 63 bytes are shortened to prefix + hash, so they stay distinct.
 * @example scopeName('s1', '_c3_') // '_c3_s1'
 * @example scopeName('', '_c3_') // ''
 */
export function scopeName(name: string, prefix: string): string {
  if (name === '') return ''
  const scoped = prefix + name
  if (scoped.length <= MAX_NAME_BYTES) return scoped
  return `${prefix}h${createHash('sha256').update(name, 'latin1').digest('hex').slice(0, 40)}`
}

/**
 * Reads `count` NUL-terminated strings from the start of a message body.
 * @returns the strings (latin1) and the bytes after them, or null when a terminator is missing
 * @example readCStrings(Buffer.from('a\0b\0xy'), 2) // { strings: ['a', 'b'], rest: <Buffer 78 79> }
 */
export function readCStrings(body: Buffer, count: number): { strings: string[]; rest: Buffer } | null {
  const strings: string[] = []
  let offset = 0
  for (let i = 0; i < count; i++) {
    const end = body.indexOf(0, offset)
    if (end === -1) return null
    strings.push(body.toString('latin1', offset, end))
    offset = end + 1
  }
  return { strings, rest: body.subarray(offset) }
}

/**
 * Rewrites the statement and portal names in Parse, Bind, Execute, Describe and Close; every
 * other message passes through untouched.
 * @returns the rewritten message, or null when the message is malformed
 * @example scopeNames(parse('s1', 'SELECT 1'), '_c3_') // { message: parse('_c3_s1', 'SELECT 1'), parsedStatement: '_c3_s1' }
 */
export function scopeNames(message: FrontendMessage, prefix: string): ScopedMessage | null {
  const body = message.bytes.subarray(5)
  switch (message.type) {
    case 'P': {
      const read = readCStrings(body, 1)
      if (read === null) return null
      const name = scopeName(read.strings[0]!, prefix)
      const rebuilt = withNames(message, [name], read.rest)
      return name === '' ? { message: rebuilt } : { message: rebuilt, parsedStatement: name }
    }
    case 'B': {
      const read = readCStrings(body, 2)
      if (read === null) return null
      return {
        message: withNames(
          message,
          read.strings.map((name) => scopeName(name, prefix)),
          read.rest,
        ),
      }
    }
    case 'E': {
      const read = readCStrings(body, 1)
      if (read === null) return null
      return { message: withNames(message, [scopeName(read.strings[0]!, prefix)], read.rest) }
    }
    case 'D':
    case 'C': {
      const kind = body.length > 0 ? String.fromCharCode(body[0]!) : ''
      const read = readCStrings(body.subarray(1), 1)
      if ((kind !== 'S' && kind !== 'P') || read === null) return null
      const name = scopeName(read.strings[0]!, prefix)
      const rebuilt = typedMessage(message.type, Buffer.concat([Buffer.from(kind), cString(name), read.rest]))
      const scoped = { message: { type: message.type, bytes: rebuilt } }
      return message.type === 'C' && kind === 'S' && name !== '' ? { ...scoped, closedStatement: name } : scoped
    }
    default:
      return { message }
  }
}

/**
 * Builds a Close message for a prepared statement.
 * @example closeStatement('_c3_s1') // 'C' message with 'S' and "_c3_s1\0"
 */
export function closeStatement(scopedName: string): Buffer {
  return typedMessage('C', Buffer.concat([Buffer.from('S'), cString(scopedName)]))
}

function withNames(message: FrontendMessage, names: readonly string[], rest: Buffer): FrontendMessage {
  // Unnamed statements and portals are the common case; skip copying large Bind parameters.
  if (names.every((name) => name === '')) return message
  const bytes = typedMessage(message.type, Buffer.concat([...names.map(cString), rest]))
  return { type: message.type, bytes }
}

function cString(value: string): Buffer {
  return Buffer.from(`${value}\0`, 'latin1')
}
