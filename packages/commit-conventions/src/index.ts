export { checkCommitMessage } from './check-commit-message.ts'
export type { CommitCheckResult, CommitProblem, CommitRuleId } from './commit-problem.ts'
export { formatCommitReport } from './format-commit-report.ts'
export { findNonImperativeWord, type NonImperativeWord, type VerbForm } from './imperative-mood.ts'
export {
  parseCommitMessage,
  parseTitle,
  type MessageLine,
  type ParsedCommitMessage,
  type ParsedTitle,
} from './parse-commit-message.ts'
export { isProperNoun, PROPER_NOUNS } from './proper-nouns.ts'
export {
  BREAKING_CHANGE_TOKEN,
  COMMIT_TYPES,
  GOOD_TITLE_EXAMPLE,
  MAX_BODY_LINE_LENGTH,
  MAX_TITLE_LENGTH,
  RECOMMENDED_SCOPES,
  SCISSORS_LINE,
  SCOPE_PATTERN,
  type CommitType,
} from './rules.ts'
