/**
 * Builders for frontend (client) messages, for tests only: what `pg` would put on the wire.
 */
import { typedMessage } from '../backend-messages'
import type { FrontendMessage } from '../protocol'
import { PROTOCOL_3_0 } from '../protocol'

const cstr = (value: string): Buffer => Buffer.from(`${value}\0`, 'utf8')

/**
 * Wraps bytes as a {@link FrontendMessage}.
 * @example frame(query('SELECT 1')).type // 'Q'
 */
export function frame(bytes: Buffer): FrontendMessage {
  return { type: String.fromCharCode(bytes[0]!), bytes }
}

/** @example query('SELECT 1') // Query message */
export function query(sql: string): Buffer {
  return typedMessage('Q', cstr(sql))
}

/** @example parse('s1', 'SELECT $1::int') // Parse message without parameter types */
export function parse(statement: string, sql: string): Buffer {
  return typedMessage('P', Buffer.concat([cstr(statement), cstr(sql), Buffer.alloc(2)]))
}

/** @example bind('', 's1', ['5']) // Bind with one text parameter */
export function bind(portal: string, statement: string, values: readonly string[] = []): Buffer {
  const count = Buffer.alloc(2)
  count.writeInt16BE(values.length)
  const parameters = values.map((value) => {
    const length = Buffer.alloc(4)
    length.writeInt32BE(Buffer.byteLength(value))
    return Buffer.concat([length, Buffer.from(value)])
  })
  return typedMessage(
    'B',
    Buffer.concat([cstr(portal), cstr(statement), Buffer.alloc(2), count, ...parameters, Buffer.alloc(2)]),
  )
}

/** @example execute('') // Execute the unnamed portal, all rows */
export function execute(portal: string, maxRows = 0): Buffer {
  const rows = Buffer.alloc(4)
  rows.writeInt32BE(maxRows)
  return typedMessage('E', Buffer.concat([cstr(portal), rows]))
}

/** @example describe('S', 's1') // Describe a statement */
export function describe(kind: 'S' | 'P', name: string): Buffer {
  return typedMessage('D', Buffer.concat([Buffer.from(kind), cstr(name)]))
}

/** @example close('S', 's1') // Close a statement */
export function close(kind: 'S' | 'P', name: string): Buffer {
  return typedMessage('C', Buffer.concat([Buffer.from(kind), cstr(name)]))
}

/** @example sync() // <Buffer 53 00 00 00 04> */
export function sync(): Buffer {
  return typedMessage('S', Buffer.alloc(0))
}

/** @example flush() // <Buffer 48 00 00 00 04> */
export function flush(): Buffer {
  return typedMessage('H', Buffer.alloc(0))
}

/** @example startupMessage({ user: 'postgres' }) // untyped StartupMessage, protocol 3.0 */
export function startupMessage(parameters: Record<string, string>, version = PROTOCOL_3_0): Buffer {
  const pairs = Object.entries(parameters).flatMap(([name, value]) => [cstr(name), cstr(value)])
  return untypedPacket(version, Buffer.concat([...pairs, Buffer.alloc(1)]))
}

/** @example untypedPacket(80877103) // SSLRequest */
export function untypedPacket(code: number, body: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(8)
  head.writeInt32BE(8 + body.length, 0)
  head.writeInt32BE(code, 4)
  return Buffer.concat([head, body])
}

/**
 * Lists the type letters of backend messages, with the status of each ReadyForQuery
 * and the SQLSTATE of each ErrorResponse.
 * @example describeResponse(bytes) // ['1', '2', 'T', 'D', 'C', 'Z:I']
 */
export function describeResponse(response: Uint8Array): string[] {
  const bytes = Buffer.from(response)
  const types: string[] = []
  for (let offset = 0; offset + 5 <= bytes.length; offset += 1 + bytes.readInt32BE(offset + 1)) {
    const end = offset + 1 + bytes.readInt32BE(offset + 1)
    if (end > bytes.length) break
    const type = String.fromCharCode(bytes[offset]!)
    const body = bytes.subarray(offset + 5, end)
    if (type === 'Z') types.push(`Z:${String.fromCharCode(body[0]!)}`)
    else if (type === 'E')
      types.push(
        `E:${body
          .toString()
          .split('\0')
          .find((field) => field.startsWith('C'))
          ?.slice(1)}`,
      )
    else types.push(type)
  }
  return types
}
