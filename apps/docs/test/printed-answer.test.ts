/**
 * The comparison of a printed example answer with the real one: exact where nothing is cut, the
 * marked cuts honoured and counted, volatile values checked by type only.
 */
import { describe, expect, it } from 'vitest'

import { withoutCuts } from '../../web/src/lib/api/example-cuts'
import { answerDifferences, printedLike, textDifferences } from '../scripts/examples/printed-answer'
import { shellExamples } from '../scripts/examples/shell-examples'

const timestamps = (path: readonly (string | number)[]) => path.at(-1) === 'createdAt'

describe('answerDifferences', () => {
  it.each([
    ['the same answer', { total: 2, buckets: [{ count: 1 }] }, { total: 2, buckets: [{ count: 1 }] }, []],
    ['another number', { total: 2 }, { total: 3 }, ['$.total: printed 2, real 3']],
    ['a key the real answer lacks', { total: 2, extra: 1 }, { total: 2 }, ['$.extra: not in the real answer']],
    ['a key left unprinted', { total: 2 }, { total: 2, more: 1 }, ['$.more: in the real answer, not printed']],
    ['a key left unprinted, marked', { total: 2, '…': '…' }, { total: 2, more: 1 }, []],
    ['a cut array of the right length', { b: [1, '… 2 more'] }, { b: [1, 5, 6] }, []],
    ['a cut array of another length', { b: [1, '… 2 more'] }, { b: [1, 5] }, ['$.b: printed 3 elements, real 2']],
    ['a cut array that differs where shown', { b: [1, '… 1 more'] }, { b: [2, 5] }, ['$.b[0]: printed 1, real 2']],
    ['an uncut array of another length', { b: [1] }, { b: [1, 2] }, ['$.b: printed 1 elements, real 2']],
    ['a value left out', { sessions: '…' }, { sessions: [{ id: 'x' }] }, []],
    ['a string cut short', { token: 'eyJhbGci…' }, { token: 'eyJhbGciOiJIUzI1NiJ9.e30.x' }, []],
    [
      'a string cut short that starts otherwise',
      { token: 'eyJhbGci…' },
      { token: 'abc' },
      ['$.token: printed "eyJhbGci…", real "abc"'],
    ],
    [
      'a timestamp of another moment',
      { createdAt: '2026-01-01T00:00:00.000Z' },
      { createdAt: '2027-05-05T10:00:00.000Z' },
      [],
    ],
    [
      'a timestamp that is missing',
      { createdAt: '2026-01-01T00:00:00.000Z' },
      { createdAt: null },
      ['$.createdAt: printed a string, real null'],
    ],
    ['an object for an array', { b: [] }, { b: {} }, ['$.b: printed an array, real object']],
  ])('%s', (_, printed, real, differences) => {
    expect(answerDifferences(printed, real, timestamps)).toEqual(differences)
  })
})

describe('printedLike', () => {
  it('cuts the real answer where the printed one is cut, to paste in the page', () => {
    expect(
      printedLike(
        { total: 1, buckets: [{ n: 1 }, '… 1 more'], token: '…', '…': '…' },
        { total: 9, buckets: [{ n: 5 }, { n: 6 }, { n: 7 }], token: 'abc', other: true },
      ),
    ).toEqual({ total: 9, buckets: [{ n: 5 }, '… 2 more'], token: '…', '…': '…' })
  })
})

describe('withoutCuts', () => {
  it('drops the arrays’ cut markers, for an OpenAPI example that must match its schema', () => {
    expect(withoutCuts({ stages: [{ n: 1 }, '… 7 more'], history: ['… 8 more'] })).toEqual({
      stages: [{ n: 1 }],
      history: [],
    })
  })
})

describe('textDifferences', () => {
  it.each([
    ['the same lines', 'a,b\n1,2\n', 'a,b\n1,2', []],
    ['lines left out at the end', 'a,b\n…', 'a,b\n1,2\n3,4', []],
    ['lines left out in the middle', 'a,b\n…\n9,9', 'a,b\n1,2\n3,4\n9,9', []],
    ['a line cut short', 'id,title…\n1,2', 'id,title,time\n1,2', []],
    ['CSV lines, which end in CRLF', 'a,b\n1,2\n', 'a,b\r\n1,2\r\n', []],
    ['another line', 'a,b\n1,2', 'a,b\n1,3', ['line 2: printed "1,2", real "1,3"']],
    ['a longer real text', 'a,b', 'a,b\n1,2', ['line 2: the real text goes on ("1,2")']],
    ['a cut where nothing is left out', 'a,b\n…', 'a,b', ['line 2: a cut, but the real text ends']],
  ])('%s', (_, printed, real, differences) => {
    expect(textDifferences(printed, real)).toEqual(differences)
  })
})

describe('shellExamples', () => {
  const page = [
    '# A page',
    '',
    'Check the app with `curl -s http://localhost:3000/api/health`.',
    '',
    '```bash',
    "curl -s 'http://localhost:3000/api/events/bounds?datasets=3'",
    '```',
    '',
    '```json title="Answer"',
    '{ "count": 900 }',
    '```',
    '',
    '1. In a list:',
    '',
    '   ```sh',
    '   curl -s -o events.csv http://localhost:3000/api/events/export.csv',
    '   head -n 2 events.csv',
    '   ```',
    '',
    '   Then read on.',
    '',
    '   ```json title="Answer"',
    '   { "not": "this one: prose comes between" }',
    '   ```',
    '',
    '```bash',
    'npm start',
    '```',
  ].join('\n')

  it('finds inline and block commands, each block with the answer titled so right after it', () => {
    expect(shellExamples(page)).toEqual([
      { commands: 'curl -s http://localhost:3000/api/health', line: 3 },
      {
        commands: "curl -s 'http://localhost:3000/api/events/bounds?datasets=3'",
        line: 6,
        answer: { language: 'json', text: '{ "count": 900 }', line: 10 },
      },
      {
        commands: 'curl -s -o events.csv http://localhost:3000/api/events/export.csv\nhead -n 2 events.csv',
        line: 16,
      },
    ])
  })
})
