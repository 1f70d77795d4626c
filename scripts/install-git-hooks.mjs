// Points git at the repository's hooks in .githooks/ (the commit-msg hook checks commit messages
// against PRODUCT.md's conventions) and at the list of formatting-only commits for `git blame`. Run by the root `prepare` script on `npm install`.
// It never fails the install: outside a git work tree (a tarball, a dependency install) it does
// nothing and prints nothing.
import { execFileSync } from 'node:child_process'
import { chmodSync, realpathSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const HOOKS_PATH = '.githooks'
const BLAME_IGNORE_FILE = '.git-blame-ignore-revs'
const repoRoot = realpathSync(fileURLToPath(new URL('..', import.meta.url)))

/** Runs git in the repository root and returns its trimmed output, or undefined on any failure. */
function git(...args) {
  try {
    return execFileSync('git', args, {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim()
  } catch {
    return undefined
  }
}

try {
  const topLevel = git('rev-parse', '--show-toplevel')
  // Only our own checkout: when this package sits inside someone else's repository (for example
  // under their node_modules), their git configuration is not ours to change.
  if (topLevel !== undefined && realpathSync(topLevel) === repoRoot) {
    // The executable bit can be lost (Windows checkouts, some archives); git skips such hooks.
    try {
      chmodSync(join(repoRoot, HOOKS_PATH, 'commit-msg'), 0o755)
    } catch {
      // A read-only checkout keeps whatever mode it has.
    }
    if (git('config', '--local', '--get', 'core.hooksPath') !== HOOKS_PATH) {
      git('config', '--local', 'core.hooksPath', HOOKS_PATH)
      console.log(`git hooks: core.hooksPath set to ${HOOKS_PATH} (commit messages are checked on commit)`)
    }
    // `git blame` skips the commits that only reformatted the tree.
    if (git('config', '--local', '--get', 'blame.ignoreRevsFile') !== BLAME_IGNORE_FILE) {
      git('config', '--local', 'blame.ignoreRevsFile', BLAME_IGNORE_FILE)
    }
  }
} catch {
  // Never fail `npm install` because of hooks.
}
process.exit(0)
