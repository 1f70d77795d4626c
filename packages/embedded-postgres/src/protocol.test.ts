import { describe, expect, it } from 'vitest'
import { errorResponse, readyForQuery, typedMessage } from './backend-messages'
import { MessageReader, findReadyForQuery, keepReadyForQuery, readStartupPacket, splitAtSyncPoints } from './protocol'
import {
  bind,
  describeResponse,
  execute,
  flush,
  frame,
  parse,
  query,
  startupMessage,
  sync,
  untypedPacket,
} from './test-helpers/frontend'

/** Feeds `stream` to a reader in chunks of the given sizes and collects every typed message. */
function readInChunks(stream: Buffer, chunkSizes: readonly number[]): string[] {
  const reader = new MessageReader()
  const out: string[] = []
  let offset = 0
  for (let i = 0; offset < stream.length; i++) {
    const size = chunkSizes[i % chunkSizes.length]!
    reader.push(stream.subarray(offset, offset + size))
    offset += size
    for (let message = reader.readMessage(); message !== null; message = reader.readMessage()) {
      if ('problem' in message) throw new Error(message.problem)
      out.push(`${message.type}:${message.bytes.length}`)
    }
  }
  expect(reader.bufferedBytes).toBe(0)
  return out
}

describe('MessageReader framing', () => {
  const stream = Buffer.concat([
    query('SELECT 1'),
    parse('s1', 'SELECT $1::int'),
    bind('', 's1', ['7']),
    execute(''),
    sync(),
  ])
  const expected = ['Q:14', 'P:25', 'B:20', 'E:10', 'S:5']

  it.each([
    { case: 'all messages in one chunk', chunks: [stream.length] },
    { case: 'one byte at a time', chunks: [1] },
    { case: 'header split after the type byte', chunks: [1, 4, 9] },
    { case: 'chunks of 3 bytes', chunks: [3] },
    { case: 'chunks of 7 and 2 bytes', chunks: [7, 2] },
    { case: 'chunks of 17 bytes (merged and split)', chunks: [17] },
  ])('$case', ({ chunks }) => {
    expect(readInChunks(stream, chunks)).toEqual(expected)
  })

  it('waits for the whole body of a large message arriving in many chunks', () => {
    const big = query(`SELECT '${'x'.repeat(200_000)}'`)
    expect(readInChunks(big, [65_536])).toEqual([`Q:${big.length}`])
  })

  it.each([
    { case: 'length below 4', bytes: Buffer.from([0x51, 0, 0, 0, 3]), problem: /length 3/ },
    { case: 'negative length', bytes: Buffer.from([0x51, 0xff, 0xff, 0xff, 0xff]), problem: /length -1/ },
  ])('reports a framing problem: $case', ({ bytes, problem }) => {
    const reader = new MessageReader()
    reader.push(bytes)
    const result = reader.readMessage()
    expect(result).toMatchObject({ problem: expect.stringMatching(problem) })
  })

  it('reads a startup packet, then typed messages from the same chunk', () => {
    const reader = new MessageReader()
    reader.push(Buffer.concat([untypedPacket(80877103), startupMessage({ user: 'postgres' }), query('SELECT 1')]))
    expect(readStartupPacket(reader.readStartupPacket() as Buffer)).toEqual({ kind: 'ssl' })
    expect(readStartupPacket(reader.readStartupPacket() as Buffer)).toMatchObject({
      kind: 'startup',
      parameters: { user: 'postgres' },
    })
    expect(reader.readMessage()).toMatchObject({ type: 'Q' })
    expect(reader.readMessage()).toBeNull()
  })

  it('rejects a startup packet longer than 10000 bytes', () => {
    const reader = new MessageReader()
    reader.push(Buffer.from([0, 1, 0, 0, 0, 3, 0, 0]))
    expect(reader.readStartupPacket()).toEqual({ problem: 'startup packet length 65536 is outside 8..10000' })
  })
})

describe('readStartupPacket', () => {
  const cancel = untypedPacket(80877102, Buffer.from([0, 0, 0, 7, 0, 0, 1, 0]))
  it.each([
    { case: 'SSLRequest', packet: untypedPacket(80877103), expected: { kind: 'ssl' } },
    { case: 'GSSENCRequest', packet: untypedPacket(80877104), expected: { kind: 'gssenc' } },
    { case: 'CancelRequest', packet: cancel, expected: { kind: 'cancel', processId: 7, secretKey: 256 } },
    {
      case: 'StartupMessage 3.0',
      packet: startupMessage({ user: 'postgres', database: 'postgres', application_name: 'payload' }),
      expected: {
        kind: 'startup',
        majorVersion: 3,
        minorVersion: 0,
        parameters: { user: 'postgres', database: 'postgres', application_name: 'payload' },
      },
    },
    {
      case: 'StartupMessage 3.2',
      packet: startupMessage({ user: 'u' }, (3 << 16) | 2),
      expected: { kind: 'startup', majorVersion: 3, minorVersion: 2, parameters: { user: 'u' } },
    },
  ])('$case', ({ packet, expected }) => {
    expect(readStartupPacket(packet)).toEqual(expected)
  })
})

describe('splitAtSyncPoints', () => {
  const names = (messages: Buffer[]) =>
    splitAtSyncPoints(messages.map(frame)).map(
      (run) => `${run.messages.map((m) => m.type).join('')}${run.endsWithSyncPoint ? '|' : '…'}`,
    )

  it.each([
    { case: 'one extended batch', messages: [parse('', 'x'), bind('', ''), execute(''), sync()], runs: ['PBES|'] },
    { case: 'two pipelined batches', messages: [parse('', 'x'), sync(), bind('', ''), sync()], runs: ['PS|', 'BS|'] },
    { case: 'simple queries', messages: [query('a'), query('b')], runs: ['Q|', 'Q|'] },
    { case: 'cursor batch ending with Flush', messages: [bind('', ''), execute('', 10), flush()], runs: ['BEH…'] },
    { case: 'batch then unfinished batch', messages: [query('a'), parse('', 'x')], runs: ['Q|', 'P…'] },
  ])('$case', ({ messages, runs }) => {
    expect(names(messages)).toEqual(runs)
  })
})

describe('ReadyForQuery handling', () => {
  const error = errorResponse({ severity: 'ERROR', code: '42601', message: 'syntax error' })
  const commandComplete = typedMessage('C', Buffer.from('SELECT 1\0'))

  it.each([
    { case: 'none', response: Buffer.concat([commandComplete]), offsets: [] },
    {
      case: 'one at the end',
      response: Buffer.concat([commandComplete, readyForQuery('T')]),
      offsets: [commandComplete.length],
    },
    {
      case: 'error then two',
      response: Buffer.concat([error, readyForQuery('I'), readyForQuery('I')]),
      offsets: [error.length, error.length + 6],
    },
  ])('finds offsets: $case', ({ response, offsets }) => {
    expect(findReadyForQuery(response)).toEqual(offsets)
  })

  it.each([
    {
      case: 'keeps the only one',
      response: [commandComplete, readyForQuery('T')],
      keep: 'last',
      types: ['C', 'Z:T'],
      status: 'T',
    },
    {
      case: 'drops the extra one PGlite sends after an error',
      response: [error, readyForQuery('I'), readyForQuery('I')],
      keep: 'last',
      types: ['E:42601', 'Z:I'],
      status: 'I',
    },
    {
      case: 'keeps the last status in a failed transaction',
      response: [error, readyForQuery('E'), readyForQuery('E')],
      keep: 'last',
      types: ['E:42601', 'Z:E'],
      status: 'E',
    },
    {
      case: 'drops all before a Flush',
      response: [error, readyForQuery('I')],
      keep: 'none',
      types: ['E:42601'],
      status: null,
    },
    { case: 'passes a response without one', response: [commandComplete], keep: 'last', types: ['C'], status: null },
  ] as const)('$case', ({ response, keep, types, status }) => {
    const kept = keepReadyForQuery(Buffer.concat([...response]), keep)
    expect(describeResponse(kept.bytes)).toEqual(types)
    expect(kept.status).toBe(status)
  })
})
