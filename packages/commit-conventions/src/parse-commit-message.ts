import { SCISSORS_LINE } from './rules.ts'

/**
 * One line of a commit message, numbered as in the file git hands to the commit-msg hook.
 * @example const title: MessageLine = { line: 1, text: 'fix(db): close the pool on shutdown' }
 */
export interface MessageLine {
  /** 1-based line number in the original message, comment lines included. */
  line: number
  /** The line without its trailing whitespace (git strips it too). */
  text: string
}

/**
 * The parts of a `type(scope)!: subject` title.
 * @example parseTitle('feat(ui)!: drop the legacy map')
 * // { type: 'feat', scope: 'ui', isBreaking: true, separator: ' ', subject: 'drop the legacy map' }
 */
export interface ParsedTitle {
  type: string
  /** The text between the parentheses; undefined when the title has none. */
  scope: string | undefined
  /** Whether the title carries the `!` breaking-change marker. */
  isBreaking: boolean
  /** The whitespace after the colon; exactly one space is expected. */
  separator: string
  subject: string
}

/**
 * A commit message split into title and body, with git's comments and scissors section removed.
 * @example parseCommitMessage('fix: close the pool\n\nIt leaked.').body
 * // [{ line: 2, text: '' }, { line: 3, text: 'It leaked.' }]
 */
export interface ParsedCommitMessage {
  /** The first non-blank line; undefined for an empty message. */
  title: MessageLine | undefined
  /** The lines after the title, without trailing blank lines. */
  body: MessageLine[]
  /** Whether git wrote the title: `Merge ...`, `Revert "..."`, `Reapply "..."`, `fixup! `, `squash! `, `amend! `. */
  isGitGenerated: boolean
  /** The title's parts; undefined when the title is not `type(scope): subject`. */
  header: ParsedTitle | undefined
}

const TITLE_PATTERN = /^(?<type>[A-Za-z]+)(?:\((?<scope>[^()]*)\))?(?<breaking>!)?:(?<separator>\s*)(?<subject>.*)$/

// `Reapply "..."` is what git (2.43+) writes when reverting a revert.
const GIT_GENERATED_TITLE = /^(?:Merge |Revert "|Reapply "|fixup! |squash! |amend! )/

/**
 * Splits a title into type, scope, breaking marker and subject.
 * @returns undefined when the title does not have the `type(scope): subject` shape
 * @example parseTitle('docs: explain imports') // { type: 'docs', scope: undefined, isBreaking: false, separator: ' ', subject: 'explain imports' }
 * @example parseTitle('Added stuff.') // undefined
 */
export function parseTitle(title: string): ParsedTitle | undefined {
  const groups = TITLE_PATTERN.exec(title)?.groups
  if (groups === undefined) return undefined
  return {
    type: groups.type ?? '',
    scope: groups.scope,
    isBreaking: groups.breaking === '!',
    separator: groups.separator ?? '',
    subject: groups.subject ?? '',
  }
}

/**
 * Reads a commit message the way git will store it: comment lines (`#`) and everything below the
 * scissors line are dropped, trailing whitespace is ignored, leading blank lines are skipped.
 * @param message - the raw text of the commit message file
 * @example parseCommitMessage('# Please enter...\nfeat(api): add a bounds filter\n').title
 * // { line: 2, text: 'feat(api): add a bounds filter' }
 */
export function parseCommitMessage(message: string): ParsedCommitMessage {
  const content: MessageLine[] = []
  const rawLines = message.split(/\r?\n/)
  for (const [index, raw] of rawLines.entries()) {
    if (raw.trimEnd() === SCISSORS_LINE) break
    if (raw.startsWith('#')) continue
    content.push({ line: index + 1, text: raw.trimEnd() })
  }

  const titleIndex = content.findIndex((line) => line.text !== '')
  if (titleIndex === -1) {
    return { title: undefined, body: [], isGitGenerated: false, header: undefined }
  }
  const title = content[titleIndex] as MessageLine
  const body = content.slice(titleIndex + 1)
  while (body.length > 0 && body[body.length - 1]?.text === '') body.pop()

  return {
    title,
    body,
    isGitGenerated: GIT_GENERATED_TITLE.test(title.text),
    header: parseTitle(title.text),
  }
}
