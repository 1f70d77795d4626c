import { describe, expect, it } from 'vitest'
import { DatabaseSession, isFatal, sessionFailureFields } from './database-session'
import { DatabaseStopped } from './errors'
import { silentLogger } from './logger'

/** A backend whose calls finish only when the test says so. */
function slowBackend() {
  const calls: string[] = []
  const pending: Array<() => void> = []
  let closed = false
  return {
    calls,
    finishNext: () => pending.shift()?.(),
    isClosed: () => closed,
    backend: {
      execProtocolRaw: (message: Uint8Array) =>
        new Promise<Uint8Array>((resolve) => {
          calls.push(Buffer.from(message).toString())
          pending.push(() => resolve(new Uint8Array()))
        }),
      close: () => {
        closed = true
        return Promise.resolve()
      },
    },
  }
}

const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('DatabaseSession', () => {
  it('keeps an exclusive sequence together while other callers wait', async () => {
    const fake = slowBackend()
    const session = new DatabaseSession(fake.backend, silentLogger)
    const sequence = session.exclusive(async (run) => {
      await run(Buffer.from('a1'))
      await run(Buffer.from('a2'))
    })
    const other = session.run(Buffer.from('b'))
    await tick()
    fake.finishNext()
    await tick()
    expect(fake.calls).toEqual(['a1', 'a2'])
    fake.finishNext()
    await sequence
    await tick()
    fake.finishNext()
    await other
    expect(fake.calls).toEqual(['a1', 'a2', 'b'])
  })

  it('closes only after the call in flight, then refuses calls', async () => {
    const fake = slowBackend()
    const session = new DatabaseSession(fake.backend, silentLogger)
    const inFlight = session.run(Buffer.from('x'))
    await tick()
    const closing = session.close()
    await tick()
    expect(fake.isClosed()).toBe(false)
    fake.finishNext()
    await Promise.all([inFlight, closing, session.close()])
    expect(fake.isClosed()).toBe(true)
    await expect(session.run(Buffer.from('y'))).rejects.toThrow(DatabaseStopped)
  })

  it('never calls PGlite again after it exited, and skips closing it', async () => {
    let calls = 0
    const exited = Object.assign(new Error('Program terminated with exit(1)'), { name: 'ExitStatus' })
    const session = new DatabaseSession(
      {
        execProtocolRaw: () => {
          calls++
          return Promise.reject(exited)
        },
        close: () => Promise.reject(new Error('close must not be called')),
      },
      silentLogger,
    )
    await expect(session.run(Buffer.from('x'))).rejects.toBe(exited)
    await expect(session.run(Buffer.from('y'))).rejects.toThrow(
      'the embedded database crashed earlier (Program terminated with exit(1)) and cannot run queries; restart the server',
    )
    expect(calls).toBe(1)
    expect(session.hasCrashed).toBe(true)
    await session.close()
  })

  it.each([
    { error: { name: 'ExitStatus', status: 1 }, fatal: true },
    { error: Object.assign(new Error('unreachable'), { name: 'RuntimeError' }), fatal: true },
    { error: new Error('disk full'), fatal: false },
    { error: 'text', fatal: false },
  ])('isFatal($error) is $fatal', ({ error, fatal }) => {
    expect(isFatal(error)).toBe(fatal)
  })

  it.each([
    { error: new DatabaseStopped(), fields: { severity: 'FATAL', code: '57P01' } },
    {
      error: new Error('boom'),
      fields: { severity: 'ERROR', code: 'XX000', message: 'embedded database failed: boom' },
    },
  ])('answers $fields.code for $error.message', ({ error, fields }) => {
    expect(sessionFailureFields(error)).toMatchObject(fields)
  })
})
