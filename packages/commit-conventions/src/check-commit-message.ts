import { checkBody } from './check-body.ts'
import { checkTitle } from './check-title.ts'
import type { CommitCheckResult, CommitProblem } from './commit-problem.ts'
import { parseCommitMessage } from './parse-commit-message.ts'
import { GOOD_TITLE_EXAMPLE } from './rules.ts'

const byLine = (a: CommitProblem, b: CommitProblem): number => a.line - b.line

/**
 * Checks a commit message against Chronotope's commit-message conventions (PRODUCT.md) and lists
 * every broken rule, so one run reports them all. Git's comment lines and scissors section are
 * ignored; titles git writes itself (`Merge ...`, `Revert "..."`, `fixup! ...`, `squash! ...`)
 * skip the title rules, but their body is still checked.
 * @param message - the text of the commit message file, as git hands it to the commit-msg hook
 * @example checkCommitMessage('feat(import): detect the date order of each column')
 * // { valid: true, problems: [], warnings: [] }
 * @example checkCommitMessage('fix: Fixed the map.').problems.map((p) => p.rule)
 * // ['subject-not-imperative', 'subject-uppercase-start', 'subject-trailing-period']
 */
export function checkCommitMessage(message: string): CommitCheckResult {
  const parsed = parseCommitMessage(message)
  if (parsed.title === undefined) {
    const problem: CommitProblem = {
      rule: 'empty-message',
      line: 1,
      message: `the commit message is empty; write a title such as "${GOOD_TITLE_EXAMPLE}"`,
    }
    return { valid: false, problems: [problem], warnings: [] }
  }

  const title = parsed.isGitGenerated ? { problems: [], warnings: [] } : checkTitle(parsed.title)
  const problems = [...title.problems, ...checkBody(parsed.body)].sort(byLine)
  return { valid: problems.length === 0, problems, warnings: title.warnings }
}
