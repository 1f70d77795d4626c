import type { CommitCheckResult, CommitProblem } from './commit-problem.ts'
import { GOOD_TITLE_EXAMPLE } from './rules.ts'

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`

const formatProblem = (problem: CommitProblem): string => `  line ${problem.line} [${problem.rule}] ${problem.message}`

/**
 * Renders a check result for people: each broken rule with its line, then the warnings, and, when
 * the message is rejected, an example of a good title. Returns an empty string when there is
 * nothing to say.
 * @example formatCommitReport(checkCommitMessage('Added stuff.'))
 * // 'Commit message rejected (1 problem):\n  line 1 [bad-title-format] title "Added stuff." is not ...\n\n'
 * // + 'A good title looks like:\n  feat(import): detect the date order of each column'
 */
export function formatCommitReport(result: CommitCheckResult): string {
  const sections: string[] = []
  if (result.problems.length > 0) {
    sections.push(
      [
        `Commit message rejected (${plural(result.problems.length, 'problem')}):`,
        ...result.problems.map(formatProblem),
      ].join('\n'),
    )
  }
  if (result.warnings.length > 0) {
    sections.push(
      [
        `Warnings (${plural(result.warnings.length, 'warning')}, not blocking):`,
        ...result.warnings.map(formatProblem),
      ].join('\n'),
    )
  }
  if (result.problems.length > 0) {
    sections.push(`A good title looks like:\n  ${GOOD_TITLE_EXAMPLE}`)
  }
  return sections.join('\n\n')
}
