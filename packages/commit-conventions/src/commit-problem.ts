/**
 * The stable id of each commit-message rule. Tests, docs and tooling refer to rules by these ids.
 * @example const rule: CommitRuleId = 'title-too-long'
 */
export type CommitRuleId =
  | 'empty-message'
  | 'title-too-long'
  | 'bad-title-format'
  | 'unknown-type'
  | 'scope-format'
  | 'scope-not-recommended'
  | 'empty-subject'
  | 'subject-not-imperative'
  | 'subject-trailing-period'
  | 'subject-uppercase-start'
  | 'missing-blank-line'
  | 'body-line-too-long'
  | 'bullet-style'
  | 'breaking-change-paragraph'

/**
 * One broken rule (or, in `warnings`, one doubtful choice) found in a commit message.
 * @example const problem: CommitProblem = { rule: 'title-too-long', line: 1, message: 'title is 81 characters; the limit is 72' }
 */
export interface CommitProblem {
  rule: CommitRuleId
  /** 1-based line number in the message file, comment lines included. */
  line: number
  /** What is wrong, naming the value found and the fix. */
  message: string
}

/**
 * The verdict on a commit message: it is valid when `problems` is empty; warnings never reject it.
 * @example checkCommitMessage('fix(db): close the pool on shutdown') // { valid: true, problems: [], warnings: [] }
 */
export interface CommitCheckResult {
  valid: boolean
  problems: CommitProblem[]
  warnings: CommitProblem[]
}
