import { describe, expect, it } from 'vitest'
import { parseCommitMessage, parseTitle } from './parse-commit-message.ts'
import { SCISSORS_LINE } from './rules.ts'

describe('parseTitle', () => {
  it.each([
    [
      'feat(import): detect the order',
      {
        type: 'feat',
        scope: 'import',
        isBreaking: false,
        separator: ' ',
        subject: 'detect the order',
      },
    ],
    [
      'fix: close the pool',
      {
        type: 'fix',
        scope: undefined,
        isBreaking: false,
        separator: ' ',
        subject: 'close the pool',
      },
    ],
    ['feat(api)!: drop v1', { type: 'feat', scope: 'api', isBreaking: true, separator: ' ', subject: 'drop v1' }],
    ['feat!: drop v1', { type: 'feat', scope: undefined, isBreaking: true, separator: ' ', subject: 'drop v1' }],
    ['feat():x', { type: 'feat', scope: '', isBreaking: false, separator: '', subject: 'x' }],
    ['Added stuff.', undefined],
    ['feat (import): x', undefined],
    ['feat(a)(b): x', undefined],
    ['feat(import) x', undefined],
  ])('%s', (title, expected) => {
    expect(parseTitle(title)).toEqual(expected)
  })
})

describe('parseCommitMessage', () => {
  it.each([
    ['an empty message', '', undefined, []],
    ['comments only', '# one\n# two', undefined, []],
    ['a title only', 'fix: x\n', { line: 1, text: 'fix: x' }, []],
    [
      'leading blank lines and comments',
      '\n# c\n\nfix: x  \n\nbody\n\n',
      { line: 4, text: 'fix: x' },
      [
        { line: 5, text: '' },
        { line: 6, text: 'body' },
      ],
    ],
    [
      'comments in the body',
      'fix: x\n# c\n\nbody',
      { line: 1, text: 'fix: x' },
      [
        { line: 3, text: '' },
        { line: 4, text: 'body' },
      ],
    ],
    [
      'a scissors line',
      `fix: x\n\nbody\n${SCISSORS_LINE}\ndiff --git a b`,
      { line: 1, text: 'fix: x' },
      [
        { line: 2, text: '' },
        { line: 3, text: 'body' },
      ],
    ],
    [
      'CRLF line endings',
      'fix: x\r\n\r\nbody\r\n',
      { line: 1, text: 'fix: x' },
      [
        { line: 2, text: '' },
        { line: 3, text: 'body' },
      ],
    ],
  ])('%s', (_case, message, title, body) => {
    const parsed = parseCommitMessage(message)
    expect(parsed.title).toEqual(title)
    expect(parsed.body).toEqual(body)
  })

  it.each([
    ["Merge branch 'main'", true],
    ['Revert "feat: add x"', true],
    ['Reapply "feat: add x"', true],
    ['fixup! feat: add x', true],
    ['squash! feat: add x', true],
    ['amend! feat: add x', true],
    ['Merged the branch', false],
    ['revert: undo x', false],
    ['fixup: x', false],
  ])('%s is git-generated: %s', (title, expected) => {
    expect(parseCommitMessage(title).isGitGenerated).toBe(expected)
  })
})
