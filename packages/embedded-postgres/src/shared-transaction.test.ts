import { describe, expect, it } from 'vitest'
import { splitAtSyncPoints } from './protocol'
import { isShareable } from './shared-transaction'
import { bind, execute, flush, frame, parse, query, sync } from './test-helpers/frontend'

describe('isShareable', () => {
  const unsafeNames = new Set(['begin_stmt'])
  it.each([
    { case: 'a simple SELECT', messages: [query('SELECT 1')], expected: true },
    {
      case: 'an extended SELECT',
      messages: [parse('', 'SELECT $1::int'), bind('', '', ['1']), execute(''), sync()],
      expected: true,
    },
    {
      case: 'Bind of a shareable named statement',
      messages: [bind('', 'count_stmt'), execute(''), sync()],
      expected: true,
    },
    { case: 'a simple BEGIN', messages: [query('BEGIN')], expected: false },
    { case: 'an extended COMMIT', messages: [parse('', 'COMMIT'), bind('', ''), execute(''), sync()], expected: false },
    { case: 'Bind of a named BEGIN', messages: [bind('', 'begin_stmt'), execute(''), sync()], expected: false },
    {
      case: 'a batch without Sync',
      messages: [parse('', 'SELECT 1'), bind('', ''), execute('', 10), flush()],
      expected: false,
    },
  ])('$case → $expected', ({ messages, expected }) => {
    const [run] = splitAtSyncPoints(messages.map(frame))
    expect(isShareable(run!, (name) => unsafeNames.has(name))).toBe(expected)
  })
})
