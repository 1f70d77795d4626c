/**
 * Answers a client's startup packets locally; PGlite never sees them. Authentication is trust:
 * any user and any password get in, and every client shares the one `postgres` database.
 */
import {
  authenticationOk,
  backendKeyData,
  encryptionRefused,
  errorResponse,
  negotiateProtocolVersion,
  parameterStatus,
  readyForQuery,
} from './backend-messages'
import type { StartupPacket } from './protocol'

/**
 * What the server tells every client about itself, besides `application_name`.
 * @example { server_version: '18.3', TimeZone: 'UTC', client_encoding: 'UTF8' }
 */
export type ServerParameters = Readonly<Record<string, string>>

/**
 * Per-client values for the startup answer.
 * @example { serverParameters, processId: 7, secretKey: 1234 }
 */
export interface StartupContext {
  /** Settings reported as ParameterStatus, e.g. `server_version`. */
  readonly serverParameters: ServerParameters
  /** Reported in BackendKeyData; the client id. */
  readonly processId: number
  /** Reported in BackendKeyData. */
  readonly secretKey: number
}

/**
 * The bytes to send back and what the connection does next.
 * @example { reply: <Buffer 4e>, next: 'startup' }
 */
export interface StartupAnswer {
  /** Bytes to write to the client (may be empty). */
  readonly reply: Buffer
  /** `startup`: expect another startup packet; `ready`: typed messages follow; `close`: hang up. */
  readonly next: 'startup' | 'ready' | 'close'
}

/**
 * Builds the server parameters sent to each client, from values read once from the database.
 * @example serverParameters({ serverVersion: '18.3', timeZone: 'UTC' }).server_version // '18.3'
 */
export function serverParameters(fromDatabase: { serverVersion: string; timeZone: string }): ServerParameters {
  return Object.freeze({
    server_version: fromDatabase.serverVersion,
    server_encoding: 'UTF8',
    client_encoding: 'UTF8',
    DateStyle: 'ISO, MDY',
    IntervalStyle: 'postgres',
    integer_datetimes: 'on',
    standard_conforming_strings: 'on',
    TimeZone: fromDatabase.timeZone,
    is_superuser: 'on',
    session_authorization: 'postgres',
  })
}

/**
 * Answers one startup packet: refuses SSL and GSS encryption, hangs up on CancelRequest (PGlite
 * cannot interrupt a query), and greets a StartupMessage with AuthenticationOk, ParameterStatus,
 * BackendKeyData and ReadyForQuery.
 * @example answerStartupPacket({ kind: 'ssl' }, context) // { reply: <Buffer 4e>, next: 'startup' }
 */
export function answerStartupPacket(packet: StartupPacket, context: StartupContext): StartupAnswer {
  switch (packet.kind) {
    case 'ssl':
    case 'gssenc':
      return { reply: encryptionRefused(), next: 'startup' }
    case 'cancel':
      return { reply: Buffer.alloc(0), next: 'close' }
    case 'startup':
      return greet(packet, context)
  }
}

function greet(packet: Extract<StartupPacket, { kind: 'startup' }>, context: StartupContext): StartupAnswer {
  if (packet.majorVersion !== 3) {
    const message =
      `unsupported frontend protocol ${packet.majorVersion}.${packet.minorVersion}: ` +
      'the embedded database speaks protocol 3.0'
    return { reply: errorResponse({ severity: 'FATAL', code: '0A000', message }), next: 'close' }
  }
  const parts: Buffer[] = []
  const protocolOptions = Object.keys(packet.parameters).filter((name) => name.startsWith('_pq_.'))
  if (packet.minorVersion > 0 || protocolOptions.length > 0) parts.push(negotiateProtocolVersion(0, protocolOptions))
  parts.push(authenticationOk())
  const parameters = { ...context.serverParameters, application_name: packet.parameters.application_name ?? '' }
  for (const [name, value] of Object.entries(parameters)) parts.push(parameterStatus(name, value))
  parts.push(backendKeyData(context.processId, context.secretKey), readyForQuery('I'))
  return { reply: Buffer.concat(parts), next: 'ready' }
}
