/**
 * Framing of the PostgreSQL wire protocol (version 3): splitting a client's byte stream into
 * whole messages and reading the server's responses. Pure: no sockets, no PGlite.
 */

/**
 * Request code of an SSLRequest packet.
 * @example readStartupPacket(untypedPacket(SSL_REQUEST_CODE)) // { kind: 'ssl' }
 */
export const SSL_REQUEST_CODE = 80877103
/**
 * Request code of a GSSENCRequest packet.
 * @example readStartupPacket(untypedPacket(GSSENC_REQUEST_CODE)) // { kind: 'gssenc' }
 */
export const GSSENC_REQUEST_CODE = 80877104
/**
 * Request code of a CancelRequest packet.
 * @example readStartupPacket(untypedPacket(CANCEL_REQUEST_CODE, keyBytes)).kind // 'cancel'
 */
export const CANCEL_REQUEST_CODE = 80877102
/**
 * Protocol version 3.0 as sent in a StartupMessage (3 << 16).
 * @example PROTOCOL_3_0 === 3 << 16 // true
 */
export const PROTOCOL_3_0 = 196608

/**
 * Longest startup packet PostgreSQL accepts, in bytes.
 * @example MAX_STARTUP_PACKET_BYTES // 10000
 */
export const MAX_STARTUP_PACKET_BYTES = 10_000
/**
 * Longest typed message accepted from a client, in bytes (PostgreSQL's own limit is 1 GiB).
 * @example MAX_MESSAGE_BYTES // 1073741824
 */
export const MAX_MESSAGE_BYTES = 1024 * 1024 * 1024

/**
 * A transaction status as reported by ReadyForQuery: idle, in a transaction, or in a failed one.
 * @example keepReadyForQuery(response, 'last').status // 'T'
 */
export type TransactionStatus = 'I' | 'T' | 'E'

/**
 * One whole typed frontend message: its type letter and all of its bytes, header included.
 * @example { type: 'S', bytes: <Buffer 53 00 00 00 04> }
 */
export interface FrontendMessage {
  /** The type letter, e.g. `'Q'` for Query or `'P'` for Parse. */
  readonly type: string
  /** The complete message: type byte, Int32 length, body. */
  readonly bytes: Buffer
}

/**
 * Why a byte stream cannot be framed; the caller turns it into a `ProtocolViolation`.
 * @example { problem: "message 'Q' has length 2, outside 4..1073741824" }
 */
export type FramingProblem = { readonly problem: string }

/**
 * Collects TCP chunks from one client and hands out whole messages, however the chunks split or
 * merge them. Each byte is copied at most once.
 * @example
 * const reader = new MessageReader()
 * reader.push(Buffer.from([0x51, 0, 0, 0, 9]))
 * reader.readMessage() // null: the body has not arrived yet
 * reader.push(Buffer.from('abcd\0'))
 * reader.readMessage() // { type: 'Q', bytes: <Buffer 51 00 00 00 09 61 62 63 64 00> }
 */
export class MessageReader {
  private chunks: Buffer[] = []
  private buffered = 0

  /** Adds bytes received from the socket. */
  push(chunk: Buffer): void {
    if (chunk.length === 0) return
    this.chunks.push(chunk)
    this.buffered += chunk.length
  }

  /** Number of bytes received but not yet handed out. */
  get bufferedBytes(): number {
    return this.buffered
  }

  /**
   * Takes the next untyped startup packet (StartupMessage, SSLRequest, GSSENCRequest or
   * CancelRequest), or returns null until it has fully arrived.
   */
  readStartupPacket(): Buffer | FramingProblem | null {
    const header = this.peek(4)
    if (header === null) return null
    const length = header.readInt32BE(0)
    if (length < 8 || length > MAX_STARTUP_PACKET_BYTES) {
      return { problem: `startup packet length ${length} is outside 8..${MAX_STARTUP_PACKET_BYTES}` }
    }
    if (this.buffered < length) return null
    return this.take(length)
  }

  /** Takes the next typed message, or returns null until it has fully arrived. */
  readMessage(): FrontendMessage | FramingProblem | null {
    const header = this.peek(5)
    if (header === null) return null
    const length = header.readInt32BE(1)
    if (length < 4 || length > MAX_MESSAGE_BYTES) {
      return {
        problem: `message '${String.fromCharCode(header[0]!)}' has length ${length}, outside 4..${MAX_MESSAGE_BYTES}`,
      }
    }
    if (this.buffered < length + 1) return null
    const bytes = this.take(length + 1)
    return { type: String.fromCharCode(bytes[0]!), bytes }
  }

  /** Returns a buffer whose first `count` bytes are the next buffered bytes, or null. */
  private peek(count: number): Buffer | null {
    if (this.buffered < count) return null
    if (this.chunks[0]!.length < count) this.chunks = [Buffer.concat(this.chunks, this.buffered)]
    return this.chunks[0]!
  }

  private take(count: number): Buffer {
    this.buffered -= count
    const first = this.chunks[0]!
    if (first.length >= count) {
      if (first.length === count) this.chunks.shift()
      else this.chunks[0] = first.subarray(count)
      return first.subarray(0, count)
    }
    const parts: Buffer[] = []
    let missing = count
    while (missing > 0) {
      const chunk = this.chunks[0]!
      if (chunk.length <= missing) {
        parts.push(chunk)
        this.chunks.shift()
        missing -= chunk.length
      } else {
        parts.push(chunk.subarray(0, missing))
        this.chunks[0] = chunk.subarray(missing)
        missing = 0
      }
    }
    return Buffer.concat(parts, count)
  }
}

/**
 * A startup packet, decoded.
 * @example { kind: 'startup', majorVersion: 3, minorVersion: 0, parameters: { user: 'postgres' } }
 */
export type StartupPacket =
  | { readonly kind: 'ssl' }
  | { readonly kind: 'gssenc' }
  | { readonly kind: 'cancel'; readonly processId: number; readonly secretKey: number }
  | {
      readonly kind: 'startup'
      readonly majorVersion: number
      readonly minorVersion: number
      readonly parameters: Readonly<Record<string, string>>
    }

/**
 * Decodes an untyped startup packet as returned by {@link MessageReader.readStartupPacket}.
 * @example readStartupPacket(Buffer.from([0, 0, 0, 8, 4, 210, 22, 47])) // { kind: 'ssl' }
 */
export function readStartupPacket(packet: Buffer): StartupPacket {
  const code = packet.readInt32BE(4)
  if (code === SSL_REQUEST_CODE) return { kind: 'ssl' }
  if (code === GSSENC_REQUEST_CODE) return { kind: 'gssenc' }
  if (code === CANCEL_REQUEST_CODE && packet.length >= 16) {
    return { kind: 'cancel', processId: packet.readInt32BE(8), secretKey: packet.readInt32BE(12) }
  }
  const parameters: Record<string, string> = {}
  const strings = packet.subarray(8).toString('utf8').split('\0')
  for (let i = 0; i + 1 < strings.length && strings[i] !== ''; i += 2) parameters[strings[i]!] = strings[i + 1]!
  return { kind: 'startup', majorVersion: code >>> 16, minorVersion: code & 0xffff, parameters }
}

/**
 * Splits a client's messages into runs that each end with a message answered by ReadyForQuery
 * (Sync, Query or FunctionCall). The last run may end without one (e.g. after a Flush).
 * @example splitAtSyncPoints([parse, bind, execute, sync, query]).map((s) => s.endsWithSyncPoint) // [true, true]
 */
export function splitAtSyncPoints(messages: readonly FrontendMessage[]): MessageRun[] {
  const runs: MessageRun[] = []
  let current: FrontendMessage[] = []
  for (const message of messages) {
    current.push(message)
    if (message.type === 'S' || message.type === 'Q' || message.type === 'F') {
      runs.push({ messages: current, endsWithSyncPoint: true })
      current = []
    }
  }
  if (current.length > 0) runs.push({ messages: current, endsWithSyncPoint: false })
  return runs
}

/**
 * Messages sent to the database together; see {@link splitAtSyncPoints}.
 * @example { messages: [parse, bind, execute, sync], endsWithSyncPoint: true }
 */
export interface MessageRun {
  /** The messages, in order. */
  readonly messages: readonly FrontendMessage[]
  /** True when the run ends with Sync, Query or FunctionCall, so the client awaits one ReadyForQuery. */
  readonly endsWithSyncPoint: boolean
}

/**
 * Lists the byte offsets of every ReadyForQuery message in a backend response.
 * @example findReadyForQuery(Buffer.from([0x5a, 0, 0, 0, 5, 0x49])) // [0]
 */
export function findReadyForQuery(response: Uint8Array): number[] {
  const offsets: number[] = []
  const view = new DataView(response.buffer, response.byteOffset, response.byteLength)
  for (let offset = 0; offset + 5 <= response.length; offset += 1 + view.getInt32(offset + 1)) {
    if (response[offset] === 0x5a) offsets.push(offset)
    if (view.getInt32(offset + 1) < 4) break
  }
  return offsets
}

/**
 * Keeps at most the last ReadyForQuery of a response and reports its status. PGlite sends an
 * extra ReadyForQuery right after an error in the extended protocol; a client that receives two
 * would finish its next query early, so only the last one may reach it.
 * @param keep - `'last'` when the client awaits one ReadyForQuery, `'none'` when it awaits none
 * @example keepReadyForQuery(errorThenTwoReady, 'last') // { bytes: error + one ReadyForQuery, status: 'I' }
 */
export function keepReadyForQuery(
  response: Uint8Array,
  keep: 'last' | 'none',
): { bytes: Uint8Array; status: TransactionStatus | null } {
  const offsets = findReadyForQuery(response)
  const last = offsets.at(-1)
  const status = last === undefined ? null : (String.fromCharCode(response[last + 5]!) as TransactionStatus)
  const dropped = keep === 'last' ? offsets.slice(0, -1) : offsets
  if (dropped.length === 0) return { bytes: response, status: keep === 'last' ? status : null }
  const parts: Uint8Array[] = []
  let start = 0
  for (const offset of dropped) {
    parts.push(response.subarray(start, offset))
    start = offset + 6
  }
  parts.push(response.subarray(start))
  return { bytes: Buffer.concat(parts), status: keep === 'last' ? status : null }
}

/**
 * Returns a copy of a response whose last ReadyForQuery reports `status` instead.
 * @example withReadyForQueryStatus(commandCompleteThenReadyT, 'I') // same messages, ReadyForQuery 'I'
 */
export function withReadyForQueryStatus(response: Uint8Array, status: TransactionStatus): Uint8Array {
  const last = findReadyForQuery(response).at(-1)
  if (last === undefined) return response
  const copy = Buffer.from(response)
  copy[last + 5] = status.charCodeAt(0)
  return copy
}
