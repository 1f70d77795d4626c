/**
 * Command line entry for the commit-msg hook: `tsx cli.ts <message-file>` (the path git passes to
 * the hook) or `tsx cli.ts --stdin`. Prints the report to stderr; exits 1 when the message breaks a
 * rule, 2 on a usage or read error, 0 otherwise (warnings included).
 * @example
 * // .githooks/commit-msg runs:
 * // node node_modules/.bin/tsx packages/commit-conventions/src/cli.ts .git/COMMIT_EDITMSG
 */
import { readFileSync } from 'node:fs'
import { checkCommitMessage } from './check-commit-message.ts'
import { formatCommitReport } from './format-commit-report.ts'

const USAGE = 'usage: cli.ts <commit-message-file> | cli.ts --stdin'

function run(args: readonly string[]): number {
  const [source, ...rest] = args
  if (source === undefined || rest.length > 0 || source === '--help' || source === '-h') {
    process.stderr.write(`${USAGE}\n`)
    return 2
  }
  const fromStdin = source === '--stdin'
  let message: string
  try {
    message = readFileSync(fromStdin ? 0 : source, 'utf8')
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    process.stderr.write(
      `commit-msg: cannot read the commit message from ${fromStdin ? 'stdin' : `"${source}"`}: ${reason}\n`,
    )
    return 2
  }

  const result = checkCommitMessage(message)
  const report = formatCommitReport(result)
  if (report !== '') process.stderr.write(`${report}\n`)
  if (result.valid) return 0
  if (!fromStdin) {
    process.stderr.write(`\nYour message is saved in ${source}; edit it and retry with: git commit -e -F ${source}\n`)
  }
  return 1
}

process.exitCode = run(process.argv.slice(2))
