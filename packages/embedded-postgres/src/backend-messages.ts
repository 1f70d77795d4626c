/**
 * Builders for the server messages this package writes itself (startup and its own errors).
 * Everything else a client receives comes from PGlite unchanged.
 */
import type { TransactionStatus } from './protocol'

/**
 * Builds a typed message: type letter, Int32 length (body + 4), body.
 * @example typedMessage('Z', Buffer.from('I')) // <Buffer 5a 00 00 00 05 49>
 */
export function typedMessage(type: string, body: Buffer): Buffer {
  const message = Buffer.allocUnsafe(5 + body.length)
  message.write(type, 0, 'latin1')
  message.writeInt32BE(4 + body.length, 1)
  body.copy(message, 5)
  return message
}

/**
 * The single byte that refuses an SSLRequest or GSSENCRequest; the client continues unencrypted.
 * @example encryptionRefused() // <Buffer 4e>
 */
export function encryptionRefused(): Buffer {
  return Buffer.from('N')
}

/**
 * AuthenticationOk: the client is in without a password (trust authentication).
 * @example authenticationOk() // <Buffer 52 00 00 00 08 00 00 00 00>
 */
export function authenticationOk(): Buffer {
  return typedMessage('R', Buffer.alloc(4))
}

/**
 * ParameterStatus: tells the client the value of a server setting.
 * @example parameterStatus('client_encoding', 'UTF8') // 'S' message with "client_encoding\0UTF8\0"
 */
export function parameterStatus(name: string, value: string): Buffer {
  return typedMessage('S', Buffer.from(`${name}\0${value}\0`, 'utf8'))
}

/**
 * BackendKeyData: the process id and secret a client would use for a CancelRequest.
 * @example backendKeyData(7, 1234) // 'K' message with Int32 7 and Int32 1234
 */
export function backendKeyData(processId: number, secretKey: number): Buffer {
  const body = Buffer.alloc(8)
  body.writeInt32BE(processId, 0)
  body.writeInt32BE(secretKey, 4)
  return typedMessage('K', body)
}

/**
 * NegotiateProtocolVersion: we speak protocol 3.0 and none of the `_pq_.` options asked for.
 * @example negotiateProtocolVersion(0, ['_pq_.compression']) // 'v' message
 */
export function negotiateProtocolVersion(newestMinorVersion: number, unsupportedOptions: readonly string[]): Buffer {
  const head = Buffer.alloc(8)
  head.writeInt32BE(newestMinorVersion, 0)
  head.writeInt32BE(unsupportedOptions.length, 4)
  const names = unsupportedOptions.map((option) => Buffer.from(`${option}\0`, 'utf8'))
  return typedMessage('v', Buffer.concat([head, ...names]))
}

/**
 * ReadyForQuery with the given transaction status.
 * @example readyForQuery('I') // <Buffer 5a 00 00 00 05 49>
 */
export function readyForQuery(status: TransactionStatus): Buffer {
  return typedMessage('Z', Buffer.from(status, 'latin1'))
}

/**
 * The fields of an ErrorResponse this package sends.
 * @example const fields: ErrorFields = { severity: 'ERROR', code: '0A000', message: 'COPY FROM STDIN is not supported' }
 */
export interface ErrorFields {
  /** `ERROR` fails the current command; `FATAL` ends the connection. */
  readonly severity: 'ERROR' | 'FATAL'
  /** Five-character SQLSTATE, e.g. `0A000` (feature not supported). */
  readonly code: string
  /** The primary, human-readable message. */
  readonly message: string
  /** An optional hint on how to fix the problem. */
  readonly hint?: string
}

/**
 * ErrorResponse with severity, SQLSTATE, message and optional hint.
 * @example errorResponse({ severity: 'ERROR', code: 'XX000', message: 'boom' }) // 'E' message
 */
export function errorResponse(fields: ErrorFields): Buffer {
  const parts = [`S${fields.severity}`, `V${fields.severity}`, `C${fields.code}`, `M${fields.message}`]
  if (fields.hint !== undefined) parts.push(`H${fields.hint}`)
  return typedMessage('E', Buffer.from(`${parts.join('\0')}\0\0`, 'utf8'))
}
