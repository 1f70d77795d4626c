import { describe, expect, it } from 'vitest'
import { clientPrefix, closeStatement, readCStrings, scopeName, scopeNames } from './statement-names'
import {
  bind,
  close,
  describe as describeMessage,
  execute,
  flush,
  frame,
  parse,
  query,
  sync,
} from './test-helpers/frontend'

describe('scopeName', () => {
  it.each([
    { name: 's1', prefix: '_c3_', expected: '_c3_s1' },
    { name: '', prefix: '_c3_', expected: '' },
    { name: 'select-events-by-dataset', prefix: '_c12_', expected: '_c12_select-events-by-dataset' },
  ])('$name with $prefix is "$expected"', ({ name, prefix, expected }) => {
    expect(scopeName(name, prefix)).toBe(expected)
  })

  it('shortens long names to 63 bytes and keeps them distinct', () => {
    const a = scopeName(`${'a'.repeat(64)}1`, '_c1_')
    const b = scopeName(`${'a'.repeat(64)}2`, '_c1_')
    expect(a.length).toBeLessThanOrEqual(63)
    expect(a.startsWith('_c1_h')).toBe(true)
    expect(a).not.toBe(b)
  })

  it('gives different clients different names', () => {
    expect(scopeName('s1', clientPrefix(1))).not.toBe(scopeName('s1', clientPrefix(11)))
  })
})

describe('scopeNames', () => {
  const prefix = '_c7_'
  it.each([
    { case: 'named Parse', message: parse('s1', 'SELECT 1'), expected: parse('_c7_s1', 'SELECT 1'), parsed: '_c7_s1' },
    { case: 'unnamed Parse', message: parse('', 'SELECT 1'), expected: parse('', 'SELECT 1') },
    { case: 'Bind portal and statement', message: bind('p1', 's1', ['5']), expected: bind('_c7_p1', '_c7_s1', ['5']) },
    { case: 'Bind unnamed portal', message: bind('', 's1'), expected: bind('', '_c7_s1') },
    { case: 'Execute named portal', message: execute('p1', 10), expected: execute('_c7_p1', 10) },
    { case: 'Describe statement', message: describeMessage('S', 's1'), expected: describeMessage('S', '_c7_s1') },
    { case: 'Describe portal', message: describeMessage('P', ''), expected: describeMessage('P', '') },
    { case: 'Close statement', message: close('S', 's1'), expected: close('S', '_c7_s1'), closed: '_c7_s1' },
    { case: 'Close portal', message: close('P', 'p1'), expected: close('P', '_c7_p1') },
    { case: 'Query untouched', message: query('PREPARE x AS SELECT 1'), expected: query('PREPARE x AS SELECT 1') },
    { case: 'Sync untouched', message: sync(), expected: sync() },
    { case: 'Flush untouched', message: flush(), expected: flush() },
  ])('$case', ({ message, expected, parsed, closed }) => {
    const scoped = scopeNames(frame(message), prefix)
    expect(scoped?.message.bytes.equals(expected)).toBe(true)
    expect(scoped?.parsedStatement).toBe(parsed)
    expect(scoped?.closedStatement).toBe(closed)
  })

  it.each([
    { case: 'Parse without terminator', bytes: Buffer.from([0x50, 0, 0, 0, 6, 0x61, 0x62]) },
    { case: 'Describe of unknown kind', bytes: Buffer.from([0x44, 0, 0, 0, 7, 0x58, 0x61, 0]) },
    { case: 'empty Close', bytes: Buffer.from([0x43, 0, 0, 0, 4]) },
  ])('returns null for a malformed message: $case', ({ bytes }) => {
    expect(scopeNames(frame(bytes), prefix)).toBeNull()
  })

  it('keeps non-UTF-8 bytes in names unchanged', () => {
    const raw = Buffer.concat([
      Buffer.from('P'),
      Buffer.from([0, 0, 0, 12]),
      Buffer.from([0xff, 0xfe, 0]),
      Buffer.from('S 1\0'),
      Buffer.alloc(2),
    ])
    const scoped = scopeNames(frame(raw), prefix)
    expect(scoped?.message.bytes.subarray(5, 11)).toEqual(Buffer.from([0x5f, 0x63, 0x37, 0x5f, 0xff, 0xfe]))
  })
})

describe('readCStrings and closeStatement', () => {
  it('reads strings and the rest', () => {
    expect(readCStrings(Buffer.from('a\0b\0xy'), 2)).toEqual({ strings: ['a', 'b'], rest: Buffer.from('xy') })
  })
  it('builds a Close for a statement', () => {
    expect(closeStatement('_c1_s1').equals(close('S', '_c1_s1'))).toBe(true)
  })
})
