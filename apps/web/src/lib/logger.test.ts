import { Writable } from 'node:stream'

import pino from 'pino'
import { describe, expect, it } from 'vitest'

import { loggerOptions, REDACTED } from './logger'

function capture(level: string): { logger: pino.Logger; lines: () => Array<Record<string, unknown>> } {
  const chunks: string[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString())
      done()
    },
  })
  return {
    logger: pino(loggerOptions(level), stream),
    lines: () =>
      chunks
        .join('')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  }
}

describe('the app logger', () => {
  it('never writes a password, token, API key or session to the logs', () => {
    const { logger, lines } = capture('info')
    logger.info(
      {
        req: { headers: { authorization: 'JWT abc', cookie: 'payload-token=xyz', accept: 'text/html' } },
        doc: { password: 'hunter2', apiKey: 'k-123', name: 'Nominatim' },
      },
      'saved',
    )
    const [line] = lines()
    expect(JSON.stringify(line)).not.toMatch(/hunter2|k-123|JWT abc|payload-token/)
    expect(line).toMatchObject({
      msg: 'saved',
      req: { headers: { authorization: REDACTED, cookie: REDACTED, accept: 'text/html' } },
      doc: { password: REDACTED, apiKey: REDACTED, name: 'Nominatim' },
    })
  })

  it('logs at the level it is given', () => {
    const { logger, lines } = capture('warn')
    logger.info('quiet')
    logger.warn('loud')
    expect(lines().map((line) => line.msg)).toEqual(['loud'])
  })
})
