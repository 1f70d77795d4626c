import type { CommitProblem } from './commit-problem.ts'
import { findNonImperativeWord } from './imperative-mood.ts'
import { parseTitle, type MessageLine } from './parse-commit-message.ts'
import { isProperNoun } from './proper-nouns.ts'
import { COMMIT_TYPES, GOOD_TITLE_EXAMPLE, MAX_TITLE_LENGTH, RECOMMENDED_SCOPES, SCOPE_PATTERN } from './rules.ts'

/**
 * What {@link checkTitle} found: problems reject the commit, warnings are only printed.
 * @example const findings: TitleFindings = { problems: [], warnings: [] }
 */
export interface TitleFindings {
  problems: CommitProblem[]
  warnings: CommitProblem[]
}

/** Types people write out of habit, mapped to the title they should write instead. */
const TYPE_ALIASES: Record<string, string> = {
  feature: 'feat',
  bugfix: 'fix',
  hotfix: 'fix',
  doc: 'docs',
  tests: 'test',
  refactoring: 'refactor',
  performance: 'perf',
  deps: 'build(deps)',
  ci: 'build(ci)',
}

const ALLOWED_TYPES = new Set<string>(COMMIT_TYPES)
const RECOMMENDED = new Set<string>(RECOMMENDED_SCOPES)

function unknownTypeMessage(type: string): string {
  const lower = type.toLowerCase()
  if (ALLOWED_TYPES.has(lower)) return `type "${type}" must be lowercase; write "${lower}"`
  const alias = TYPE_ALIASES[lower]
  const hint = alias === undefined ? '' : `; did you mean "${alias}"?`
  return `type "${type}" is not allowed; use one of: ${COMMIT_TYPES.join(', ')}${hint}`
}

function scopeFormatMessage(scope: string): string {
  if (scope === '') return 'scope "()" is empty; name a scope inside the parentheses or remove them'
  const suggestion = scope
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
  const hint = SCOPE_PATTERN.test(suggestion) ? `, e.g. "${suggestion}"` : ''
  return `scope "${scope}" must be lowercase kebab-case (letters, digits and hyphens)${hint}`
}

function checkSubject(subject: string, line: number): CommitProblem[] {
  if (subject.trim() === '') {
    return [
      {
        rule: 'empty-subject',
        line,
        message: 'subject is empty; say what the commit does after the colon',
      },
    ]
  }
  const problems: CommitProblem[] = []
  const firstWord = subject.split(/\s+/)[0] ?? ''
  const nonImperative = findNonImperativeWord(subject)
  if (nonImperative !== undefined) {
    const form = nonImperative.form.replace('-', ' ')
    const fix =
      nonImperative.imperative === undefined
        ? 'write it as a command, e.g. "add", not "added", "adds" or "adding"'
        : `write "${nonImperative.imperative}"`
    problems.push({
      rule: 'subject-not-imperative',
      line,
      message: `subject starts with "${nonImperative.word}" (${form}); use the imperative mood: ${fix}`,
    })
  }
  if (/^\p{Lu}/u.test(subject) && !isProperNoun(firstWord)) {
    const lowered = firstWord.charAt(0).toLowerCase() + firstWord.slice(1)
    problems.push({
      rule: 'subject-uppercase-start',
      line,
      message: `subject starts with "${firstWord}"; start it lowercase ("${lowered}"); proper nouns such as PostGIS may stay capitalised (known names: packages/commit-conventions/src/proper-nouns.ts)`,
    })
  }
  if (subject.endsWith('.')) {
    problems.push({
      rule: 'subject-trailing-period',
      line,
      message: `subject ends with "."; remove the trailing period`,
    })
  }
  return problems
}

/**
 * Checks a title written by a person (not git) against the conventions: shape, type, scope,
 * subject and length.
 * @param title - the first line of the message, as returned by `parseCommitMessage`
 * @example checkTitle({ line: 1, text: 'feat(frontend): add a legend' }).warnings[0].rule // 'scope-not-recommended'
 * @example checkTitle({ line: 1, text: 'Added stuff.' }).problems[0].rule // 'bad-title-format'
 */
export function checkTitle(title: MessageLine): TitleFindings {
  const { line, text } = title
  const problems: CommitProblem[] = []
  const warnings: CommitProblem[] = []

  const parsed = parseTitle(text)
  if (parsed === undefined) {
    problems.push({
      rule: 'bad-title-format',
      line,
      message: `title "${text}" is not "type(scope): subject" or "type: subject", with a type from: ${COMMIT_TYPES.join(', ')}; e.g. "${GOOD_TITLE_EXAMPLE}"`,
    })
  } else {
    if (parsed.separator !== ' ' && parsed.subject !== '') {
      problems.push({
        rule: 'bad-title-format',
        line,
        message: `title "${text}" needs exactly one space after the colon`,
      })
    }
    if (!ALLOWED_TYPES.has(parsed.type)) {
      problems.push({ rule: 'unknown-type', line, message: unknownTypeMessage(parsed.type) })
    }
    if (parsed.scope !== undefined) {
      if (!SCOPE_PATTERN.test(parsed.scope)) {
        problems.push({ rule: 'scope-format', line, message: scopeFormatMessage(parsed.scope) })
      } else if (!RECOMMENDED.has(parsed.scope)) {
        warnings.push({
          rule: 'scope-not-recommended',
          line,
          message: `scope "${parsed.scope}" is not a recommended scope; if one fits, use it: ${RECOMMENDED_SCOPES.join(', ')}`,
        })
      }
    }
    problems.push(...checkSubject(parsed.subject, line))
  }

  if (/BREAKING[ -]CHANGE/.test(text)) {
    problems.push({
      rule: 'breaking-change-paragraph',
      line,
      message:
        'title mentions "BREAKING CHANGE"; mark the title with "!" (e.g. "feat(api)!: ...") and explain in a "BREAKING CHANGE:" paragraph of the body',
    })
  }

  const length = [...text].length
  if (length > MAX_TITLE_LENGTH) {
    problems.push({
      rule: 'title-too-long',
      line,
      message: `title is ${length} characters; the limit is ${MAX_TITLE_LENGTH}: shorten it and put the details in the body`,
    })
  }
  return { problems, warnings }
}
