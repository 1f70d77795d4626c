import { describe, expect, it } from 'vitest'
import { answerStartupPacket, serverParameters } from './startup'
import { describeResponse } from './test-helpers/frontend'

const context = {
  serverParameters: serverParameters({ serverVersion: '18.3', timeZone: 'UTC' }),
  processId: 7,
  secretKey: 99,
}

const GREETING: string[] = ['R', ...Array<string>(11).fill('S'), 'K', 'Z:I']

describe('answerStartupPacket', () => {
  it.each([
    { case: 'SSLRequest is refused', packet: { kind: 'ssl' }, reply: 'N', next: 'startup' },
    { case: 'GSSENCRequest is refused', packet: { kind: 'gssenc' }, reply: 'N', next: 'startup' },
    {
      case: 'CancelRequest hangs up',
      packet: { kind: 'cancel', processId: 7, secretKey: 99 },
      reply: '',
      next: 'close',
    },
  ] as const)('$case', ({ packet, reply, next }) => {
    const answer = answerStartupPacket(packet, context)
    expect(answer.reply.toString('latin1')).toBe(reply)
    expect(answer.next).toBe(next)
  })

  it.each<{ case: string; minorVersion: number; parameters: Record<string, string>; types: string[] }>([
    {
      case: 'protocol 3.0',
      minorVersion: 0,
      parameters: { user: 'postgres' },
      types: GREETING,
    },
    {
      case: 'protocol 3.2 is negotiated down to 3.0',
      minorVersion: 2,
      parameters: { user: 'postgres' },
      types: ['v', ...GREETING],
    },
    { case: '_pq_ options are declined', minorVersion: 0, parameters: { '_pq_.x': '1' }, types: ['v', ...GREETING] },
  ])('greets a StartupMessage: $case', ({ minorVersion, parameters, types }) => {
    const answer = answerStartupPacket({ kind: 'startup', majorVersion: 3, minorVersion, parameters }, context)
    expect(answer.next).toBe('ready')
    expect(describeResponse(answer.reply)).toEqual(types)
  })

  it('reports the server settings and the client application_name', () => {
    const answer = answerStartupPacket(
      { kind: 'startup', majorVersion: 3, minorVersion: 0, parameters: { application_name: 'payload' } },
      context,
    )
    const text = answer.reply.toString('utf8')
    for (const pair of [
      'server_version\u000018.3',
      'server_encoding\u0000UTF8',
      'client_encoding\u0000UTF8',
      'DateStyle\u0000ISO, MDY',
      'integer_datetimes\u0000on',
      'standard_conforming_strings\u0000on',
      'TimeZone\u0000UTC',
      'application_name\u0000payload',
    ]) {
      expect(text).toContain(pair)
    }
  })

  it('refuses protocol 2.0 with a FATAL error and hangs up', () => {
    const answer = answerStartupPacket({ kind: 'startup', majorVersion: 2, minorVersion: 0, parameters: {} }, context)
    expect(answer.next).toBe('close')
    expect(describeResponse(answer.reply)).toEqual(['E:0A000'])
    expect(answer.reply.toString()).toContain('unsupported frontend protocol 2.0')
  })
})
