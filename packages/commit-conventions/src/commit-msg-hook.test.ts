import { spawnSync, type SpawnSyncReturns } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// End to end: a throwaway repository whose core.hooksPath is this checkout's .githooks/, so the
// real shell hook runs the real checker through tsx.
const HOOKS_DIR = fileURLToPath(new URL('../../../.githooks', import.meta.url))
const TIMEOUT_MS = 30_000

let repo: string

/** The environment without the caller's git variables (tests may run inside a git hook) or config. */
function isolatedEnv(home: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('GIT_')))
  return {
    ...env,
    HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: join(home, '.gitconfig'),
  }
}

function git(...args: string[]): SpawnSyncReturns<string> {
  return spawnSync('git', args, { cwd: repo, env: isolatedEnv(repo), encoding: 'utf8' })
}

beforeAll(() => {
  repo = realpathSync(mkdtempSync(join(tmpdir(), 'commit-msg-hook-')))
  for (const args of [
    ['init', '--quiet'],
    ['config', 'user.name', 'Hook Test'],
    ['config', 'user.email', 'hook-test@example.org'],
    ['config', 'commit.gpgsign', 'false'],
    ['config', 'core.hooksPath', HOOKS_DIR],
  ]) {
    expect(git(...args).status).toBe(0)
  }
})

afterAll(() => {
  rmSync(repo, { recursive: true, force: true })
})

describe('.githooks/commit-msg', () => {
  it('rejects a non-compliant message with the reason', { timeout: TIMEOUT_MS }, () => {
    const commit = git('commit', '--allow-empty', '-m', 'Added stuff.')
    expect(commit.status).not.toBe(0)
    expect(commit.stderr).toContain('[bad-title-format] title "Added stuff." is not "type(scope): subject"')
    expect(commit.stderr).toContain('feat(import): detect the date order of each column')
    expect(git('rev-parse', '--verify', '--quiet', 'HEAD').status).not.toBe(0)
  })

  it('accepts a compliant message', { timeout: TIMEOUT_MS }, () => {
    const commit = git('commit', '--allow-empty', '-m', 'feat(import): detect the date order')
    expect(commit.stderr).toBe('')
    expect(commit.status).toBe(0)
    expect(git('log', '-1', '--format=%s').stdout.trim()).toBe('feat(import): detect the date order')
  })

  it('accepts a message with a warning and prints the warning', { timeout: TIMEOUT_MS }, () => {
    const commit = git('commit', '--allow-empty', '-m', 'feat(frontend): add a legend')
    expect(commit.status).toBe(0)
    expect(commit.stderr).toContain('[scope-not-recommended] scope "frontend"')
  })

  it('rejects a bad body line and names the line', { timeout: TIMEOUT_MS }, () => {
    const commit = git('commit', '--allow-empty', '-m', 'fix: close the pool', '-m', '* leaked one client')
    expect(commit.status).not.toBe(0)
    expect(commit.stderr).toContain('line 3 [bullet-style]')
  })

  it('lets the commit through with a note when the checker is not installed', () => {
    const checkout = realpathSync(mkdtempSync(join(tmpdir(), 'commit-msg-no-deps-')))
    try {
      mkdirSync(join(checkout, '.githooks'))
      copyFileSync(join(HOOKS_DIR, 'commit-msg'), join(checkout, '.githooks', 'commit-msg'))
      writeFileSync(join(checkout, 'MSG'), 'Added stuff.\n')
      const run = spawnSync('sh', [join(checkout, '.githooks', 'commit-msg'), join(checkout, 'MSG')], {
        encoding: 'utf8',
      })
      expect(run.status).toBe(0)
      expect(run.stderr).toContain('commit message not checked: run `npm install`')
    } finally {
      rmSync(checkout, { recursive: true, force: true })
    }
  })
})
