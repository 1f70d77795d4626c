import { describe, expect, it } from 'vitest'
import { checkCommitMessage } from './check-commit-message.ts'
import type { CommitRuleId } from './commit-problem.ts'
import { formatCommitReport } from './format-commit-report.ts'
import { GOOD_TITLE_EXAMPLE, SCISSORS_LINE } from './rules.ts'

const long = (prefix: string, length: number): string => prefix + 'a'.repeat(length - prefix.length)
const url = `https://example.org/${'a'.repeat(120)}`

describe('checkCommitMessage accepts', () => {
  it.each([
    ['type(scope): subject', 'feat(import): detect the date order of each column'],
    ['type: subject', 'fix: close the pool on shutdown'],
    ['a title of exactly 72 characters', long('feat(import): ', 72)],
    ['every allowed type', 'security: escape the bounds parameter'],
    ['revert as a type', 'revert: undo the date order change'],
    ['the breaking marker with a scope', 'feat(api)!: drop the v1 routes\n\nBREAKING CHANGE: /v1 is gone; use /v2.'],
    ['the breaking marker without a scope', 'feat!: drop the v1 routes'],
    ['a breaking-change description on the next line', 'feat!: drop v1\n\nBREAKING CHANGE:\nthe /v1 routes are gone'],
    [
      'prose that names breaking changes without being a footer',
      'build: add the checker\n\n- enforces the title, mood and BREAKING CHANGE rules',
    ],
    ['a body after a blank line', 'fix(db): close the pool\n\nThe pool leaked one client per request.'],
    ['dash bullets, nested too', 'docs: list the providers\n\n- Nominatim\n- Photon\n  - self-hosted\n1. numbered'],
    ['a body line of exactly 100 characters', `fix: wrap lines\n\n${'b'.repeat(100)}`],
    ['a long line that is a single URL', `docs: cite the spec\n\n${url}`],
    ['a long URL as a bullet or reference', `docs: cite the spec\n\n- ${url}\n[1]: ${url}\nRefs: ${url}`],
    ['trailers', 'fix: close the pool\n\nCo-authored-by: Ada <ada@example.org>\nSigned-off-by: Bo <bo@example.org>'],
    [
      '"breaking change" in lowercase prose',
      'docs: explain the policy\n\nThis avoids a breaking change for API users.',
    ],
    ['a listed proper noun', 'build(deps): PostgreSQL 17 for the embedded database'],
    ['an all-caps word', 'docs: CSV examples for the import page'],
    ['a word with inner capitals', 'feat(geocoding): LocationIQ as an opt-in provider'],
    ['a word with a dot', 'build(web): Next.js 15'],
    ['a possessive proper noun', "fix(geocoding): Nominatim's rate limit is one request a second"],
    ['"embed", which ends in "ed"', 'feat(web): embed the map in the docs'],
    ['"seed", which ends in "ed"', 'chore(db): seed the demo events'],
    ['"reseed"', 'chore(db): reseed the demo events'],
    ['"speed"', 'perf: speed up clustering at low zoom'],
    ['"bring", which ends in "ing"', 'feat(ui): bring back the legend'],
    ['"string"', 'fix(import): string cells keep leading zeros'],
    ['"ping"', 'feat(api): ping endpoint for health checks'],
    ['a code identifier as first word', 'refactor(import): parseDate takes the column order'],
    ['git comment lines', '# Please enter the commit message\nfix: close the pool\n# On branch main\n'],
    ['everything below the scissors line', `fix: close the pool\n\n${SCISSORS_LINE}\n* Added stuff.\n${url} ${url}`],
    ['leading blank lines and trailing whitespace', '\n\nfix: close the pool   \n\n\n'],
    ['CRLF line endings', 'fix: close the pool\r\n\r\n- one\r\n'],
    ['a git merge title', "Merge branch 'main' into import-date-order"],
    [
      'a GitHub merge title',
      'Merge pull request #12 from chronotope/date-order\n\nfeat(import): detect the date order',
    ],
    [
      'a git revert title',
      'Revert "feat(import): detect the date order of each column"\n\nThis reverts commit 1a2b3c4.',
    ],
    ['a fixup! title', 'fixup! feat(import): detect the date order of each column'],
    ['a squash! title', 'squash! Added stuff.'],
    ['an amend! title', 'amend! feat(import): detect the date order'],
  ])('%s', (_case, message) => {
    const result = checkCommitMessage(message)
    expect(result.problems).toEqual([])
    expect(result.valid).toBe(true)
  })
})

describe('checkCommitMessage rejects', () => {
  it.each<[string, string, CommitRuleId[], number]>([
    ['an empty message', '', ['empty-message'], 1],
    ['a message of comments only', '# Please enter the commit message\n#\n', ['empty-message'], 1],
    ['a title over 72 characters', long('feat(import): ', 73), ['title-too-long'], 1],
    ['a title without a type', 'Added stuff', ['bad-title-format'], 1],
    ['a title without a type, lowercase', 'update the readme', ['bad-title-format'], 1],
    ['no space after the colon', 'feat:detect the date order', ['bad-title-format'], 1],
    ['two spaces after the colon', 'feat:  detect the date order', ['bad-title-format'], 1],
    ['a space before the colon', 'feat : detect the date order', ['bad-title-format'], 1],
    ['a space before the scope', 'feat (import): detect the date order', ['bad-title-format'], 1],
    ['a missing colon', 'feat(import) detect the date order', ['bad-title-format'], 1],
    ['an unknown type', 'feature: detect the date order', ['unknown-type'], 1],
    ['a capitalised type', 'Feat: detect the date order', ['unknown-type'], 1],
    ['an unknown type with a breaking marker', 'wip!: detect the date order', ['unknown-type'], 1],
    ['a capitalised scope', 'feat(Import): detect the date order', ['scope-format'], 1],
    ['a scope with a space', 'feat(web ui): add a legend', ['scope-format'], 1],
    ['two scopes', 'feat(web,ui): add a legend', ['scope-format'], 1],
    ['an empty scope', 'feat(): add a legend', ['scope-format'], 1],
    ['an empty subject', 'feat(import):', ['empty-subject'], 1],
    ['a blank subject', 'fix!:   ', ['empty-subject'], 1],
    ['past tense', 'fix(import): added a date check', ['subject-not-imperative'], 1],
    ['past tense of a verb ending in e', 'docs: updated the readme', ['subject-not-imperative'], 1],
    ['past tense with a doubled consonant', 'fix: stopped the worker leaking', ['subject-not-imperative'], 1],
    ['past tense of a verb ending in y', 'fix: copied the wrong column', ['subject-not-imperative'], 1],
    ['an irregular past tense', 'perf: made clustering faster', ['subject-not-imperative'], 1],
    ['a past tense of an unlisted verb', 'fix: frobnicated the cache', ['subject-not-imperative'], 1],
    ['third person', 'fix: adds a date check', ['subject-not-imperative'], 1],
    ['third person of a verb ending in x', 'fix: fixes the bounds filter', ['subject-not-imperative'], 1],
    ['third person of a verb ending in y', 'fix: tries the next provider', ['subject-not-imperative'], 1],
    ['a gerund', 'feat: adding a date check', ['subject-not-imperative'], 1],
    ['a gerund of a verb ending in e', 'docs: updating the readme', ['subject-not-imperative'], 1],
    ['a gerund of an allow-listed verb', 'chore(db): seeding the demo events', ['subject-not-imperative'], 1],
    ['a trailing period', 'fix: close the pool.', ['subject-trailing-period'], 1],
    ['a trailing ellipsis', 'fix: close the pool...', ['subject-trailing-period'], 1],
    ['a capitalised first word', 'fix: Close the pool', ['subject-uppercase-start'], 1],
    ['a capitalised single-letter word', 'docs: A guide to imports', ['subject-uppercase-start'], 1],
    [
      'a capitalised past tense with a period',
      'fix: Fixed the map.',
      ['subject-not-imperative', 'subject-uppercase-start', 'subject-trailing-period'],
      1,
    ],
    ['a body right after the title', 'fix: close the pool\nIt leaked.', ['missing-blank-line'], 2],
    ['a body line over 100 characters', `fix: wrap lines\n\n${'b'.repeat(101)}`, ['body-line-too-long'], 3],
    ['a URL with text around it over the limit', `docs: cite\n\nsee ${url}`, ['body-line-too-long'], 3],
    ['a "* " bullet', 'docs: list\n\n* one', ['bullet-style'], 3],
    ['a "+ " bullet', 'docs: list\n\n+ one', ['bullet-style'], 3],
    ['a "•" bullet', 'docs: list\n\n• one', ['bullet-style'], 3],
    ['a dash without a space', 'docs: list\n\n-one', ['bullet-style'], 3],
    ['a nested "* " bullet', 'docs: list\n\n- one\n  * two', ['bullet-style'], 4],
    [
      'BREAKING CHANGE inside a paragraph',
      'feat!: drop v1\n\nThe v1 routes go.\nBREAKING CHANGE: use /v2',
      ['breaking-change-paragraph'],
      4,
    ],
    [
      'a BREAKING CHANGE: footer mid-line',
      'feat!: drop v1\n\nThis is the BREAKING CHANGE: clients must move to /v2.',
      ['breaking-change-paragraph'],
      3,
    ],
    ['BREAKING-CHANGE with a hyphen', 'feat!: drop v1\n\nBREAKING-CHANGE: use /v2', ['breaking-change-paragraph'], 3],
    [
      '"Breaking change:" in sentence case',
      'feat!: drop v1\n\nBreaking change: use /v2',
      ['breaking-change-paragraph'],
      3,
    ],
    [
      '"BREAKING CHANGES:" in the plural',
      'feat!: drop v1\n\nBREAKING CHANGES: use /v2',
      ['breaking-change-paragraph'],
      3,
    ],
    [
      'BREAKING CHANGE without a colon',
      'feat!: drop v1\n\nBREAKING CHANGE - use /v2',
      ['breaking-change-paragraph'],
      3,
    ],
    ['BREAKING CHANGE indented', 'feat!: drop v1\n\n  BREAKING CHANGE: use /v2', ['breaking-change-paragraph'], 3],
    ['BREAKING CHANGE without a description', 'feat!: drop v1\n\nBREAKING CHANGE:', ['breaking-change-paragraph'], 3],
    ['BREAKING CHANGE in the title', 'feat: BREAKING CHANGE drop v1', ['breaking-change-paragraph'], 1],
    [
      'a problem after comment lines, numbered as in the file',
      '# Please enter\n# the message\nfix: close the pool.',
      ['subject-trailing-period'],
      3,
    ],
    ['a body problem in a git-generated message', 'Merge branch main\n\n* one', ['bullet-style'], 3],
  ])('%s', (_case, message, rules, line) => {
    const result = checkCommitMessage(message)
    expect(result.problems.map((problem) => problem.rule)).toEqual(rules)
    expect(result.problems.map((problem) => problem.line)).toEqual(rules.map(() => line))
    expect(result.valid).toBe(false)
  })

  it('reports every broken rule in one pass, ordered by line', () => {
    const message = `feature(Web): Added stuff.\n* one\n\n${'b'.repeat(101)}`
    expect(checkCommitMessage(message).problems.map(({ rule, line }) => [rule, line])).toEqual([
      ['unknown-type', 1],
      ['scope-format', 1],
      ['subject-not-imperative', 1],
      ['subject-uppercase-start', 1],
      ['subject-trailing-period', 1],
      ['missing-blank-line', 2],
      ['bullet-style', 2],
      ['body-line-too-long', 4],
    ])
  })
})

describe('checkCommitMessage warns without rejecting', () => {
  it.each([
    ['a scope outside the recommended list', 'feat(frontend): add a legend', 'frontend'],
    ['a kebab-case scope outside the list', 'fix(date-order): keep D/M/Y for ambiguous columns', 'date-order'],
  ])('%s', (_case, message, scope) => {
    const result = checkCommitMessage(message)
    expect(result.valid).toBe(true)
    expect(result.warnings.map(({ rule, line }) => [rule, line])).toEqual([['scope-not-recommended', 1]])
    expect(result.warnings[0]?.message).toContain(`scope "${scope}"`)
  })
})

describe('problem messages name the value and the fix', () => {
  it.each<[string, string]>([
    [long('feat(import): ', 81), 'title is 81 characters; the limit is 72'],
    ['Added stuff.', 'title "Added stuff." is not "type(scope): subject" or "type: subject"'],
    ['feat:detect it', 'exactly one space after the colon'],
    [
      'feature: add x',
      'type "feature" is not allowed; use one of: feat, fix, refactor, style, perf, test, docs, build, chore, revert, security; did you mean "feat"?',
    ],
    ['Fix: add x', 'type "Fix" must be lowercase; write "fix"'],
    ['feat(Web UI): add x', 'scope "Web UI" must be lowercase kebab-case (letters, digits and hyphens), e.g. "web-ui"'],
    ['fix: added x', 'subject starts with "added" (past tense); use the imperative mood: write "add"'],
    ['fix: updates x', 'subject starts with "updates" (third person); use the imperative mood: write "update"'],
    ['fix: adding x', 'subject starts with "adding" (gerund); use the imperative mood: write "add"'],
    ['fix: Close x', 'subject starts with "Close"; start it lowercase ("close")'],
    ['fix: close x.', 'subject ends with "."; remove the trailing period'],
    ['fix: x\nbody', 'leave a blank line between the title and the body'],
    [`fix: x\n\n${'b'.repeat(123)}`, 'body line is 123 characters; the limit is 100'],
    ['fix: x\n\n* one', 'bullet starts with "*"; start bullet points with "- "'],
    ['fix: x\n\n-one', 'bullet starts with "-one" (no space after the dash)'],
    ['fix!: x\n\nBreaking change: y', '"Breaking change:" is not recognised; write "BREAKING CHANGE:" exactly'],
    [
      'fix!: x\n\ntext\nBREAKING CHANGE: y',
      '"BREAKING CHANGE:" must start its own paragraph; put a blank line before it',
    ],
  ])('%s', (message, expected) => {
    expect(
      checkCommitMessage(message)
        .problems.map((problem) => problem.message)
        .join('\n'),
    ).toContain(expected)
  })
})

describe('formatCommitReport', () => {
  it('lists each problem with its line and rule, then ends with a good title', () => {
    const report = formatCommitReport(checkCommitMessage('fix: Close the pool.'))
    expect(report).toContain('Commit message rejected (2 problems):')
    expect(report).toContain('line 1 [subject-uppercase-start] subject starts with "Close"')
    expect(report).toContain('line 1 [subject-trailing-period] subject ends with "."')
    expect(report.endsWith(`A good title looks like:\n  ${GOOD_TITLE_EXAMPLE}`)).toBe(true)
  })

  it('prints warnings as not blocking and leaves out the example when the message is valid', () => {
    const report = formatCommitReport(checkCommitMessage('feat(frontend): add a legend'))
    expect(report).toContain('Warnings (1 warning, not blocking):\n  line 1 [scope-not-recommended]')
    expect(report).not.toContain(GOOD_TITLE_EXAMPLE)
  })

  it('says nothing about a message without problems or warnings', () => {
    expect(formatCommitReport(checkCommitMessage(GOOD_TITLE_EXAMPLE))).toBe('')
  })
})
