import type { CommitProblem } from './commit-problem.ts'
import type { MessageLine } from './parse-commit-message.ts'
import { BREAKING_CHANGE_TOKEN, MAX_BODY_LINE_LENGTH } from './rules.ts'

/**
 * A line holding a single URL, optionally after a bullet (`- `), a reference label (`[1]: `) or a
 * trailer key (`Refs: `). Such lines may exceed the length limit because URLs cannot be wrapped.
 */
const URL_ONLY_LINE = /^\s*(?:- |\[[^\]]+\]:?\s+|[\w-]+:\s+)?<?[a-z][a-z0-9+.-]*:\/\/\S+?>?$/i

/** Bullet markers other than `- `: `* `, `+ `, `•`, or a dash not followed by a space. */
const WRONG_BULLET = /^\s*(?:\* |\+ |•|-(?! ))/

/** A breaking-change footer spelled some other way: `Breaking change:`, `BREAKING-CHANGE:`, ... */
const BREAKING_VARIANT = /^\s*breaking[\s_-]*changes?\s*:/i
// A footer attempt: the token opening a line, or followed by a colon anywhere. Prose that merely
// names breaking changes ("the BREAKING CHANGE rules") is not one.
const BREAKING_UPPERCASE = /^\s*BREAKING[ -]CHANGES?\b|BREAKING[ -]CHANGES?:/

function checkBullet({ line, text }: MessageLine): CommitProblem | undefined {
  const marker = WRONG_BULLET.exec(text)?.[0].trim()
  if (marker === undefined) return undefined
  const found = marker === '-' ? `"${text.trim().slice(0, 12)}" (no space after the dash)` : `"${marker}"`
  return {
    rule: 'bullet-style',
    line,
    message: `bullet starts with ${found}; start bullet points with "- "`,
  }
}

function checkLength({ line, text }: MessageLine): CommitProblem | undefined {
  const length = [...text].length
  if (length <= MAX_BODY_LINE_LENGTH || URL_ONLY_LINE.test(text)) return undefined
  return {
    rule: 'body-line-too-long',
    line,
    message: `body line is ${length} characters; the limit is ${MAX_BODY_LINE_LENGTH}: wrap it (only a line holding a single URL may be longer)`,
  }
}

function checkBreakingChange(body: readonly MessageLine[], index: number): CommitProblem | undefined {
  const current = body[index] as MessageLine
  const { line, text } = current
  const problem = (message: string): CommitProblem => ({
    rule: 'breaking-change-paragraph',
    line,
    message,
  })

  if (text.startsWith(BREAKING_CHANGE_TOKEN)) {
    // body[0] follows the title directly, so it never starts a paragraph of its own.
    const startsParagraph = index > 0 && body[index - 1]?.text === ''
    if (!startsParagraph) {
      return problem(`"${BREAKING_CHANGE_TOKEN}" must start its own paragraph; put a blank line before it`)
    }
    const description = text.slice(BREAKING_CHANGE_TOKEN.length).trim() || (body[index + 1]?.text.trim() ?? '')
    if (description === '') {
      return problem(`"${BREAKING_CHANGE_TOKEN}" needs a description: say what breaks and how to migrate`)
    }
    return undefined
  }
  const variant = BREAKING_VARIANT.exec(text)?.[0].trim()
  if (variant !== undefined) {
    return problem(
      `"${variant}" is not recognised; write "${BREAKING_CHANGE_TOKEN}" exactly, at the start of its own paragraph`,
    )
  }
  if (BREAKING_UPPERCASE.test(text)) {
    return problem(
      `"BREAKING CHANGE" must open its own paragraph as "${BREAKING_CHANGE_TOKEN} <description>", after a blank line`,
    )
  }
  return undefined
}

/**
 * Checks the lines after the title: the blank separator line, line lengths, bullet markers and
 * breaking-change paragraphs.
 * @param body - the lines after the title, as returned by `parseCommitMessage`
 * @example checkBody([{ line: 2, text: '' }, { line: 3, text: '* one' }])[0].rule // 'bullet-style'
 */
export function checkBody(body: readonly MessageLine[]): CommitProblem[] {
  const problems: CommitProblem[] = []
  const first = body[0]
  if (first !== undefined && first.text !== '') {
    problems.push({
      rule: 'missing-blank-line',
      line: first.line,
      message: `line ${first.line} follows the title directly; leave a blank line between the title and the body`,
    })
  }
  for (const [index, line] of body.entries()) {
    for (const problem of [checkBullet(line), checkLength(line), checkBreakingChange(body, index)]) {
      if (problem !== undefined) problems.push(problem)
    }
  }
  return problems
}
