import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'

// scripts/install-git-hooks.mjs acts on the checkout it sits in, so each test copies it into a
// throwaway directory laid out like the repository.
const SCRIPT = fileURLToPath(new URL('../../../scripts/install-git-hooks.mjs', import.meta.url))
const temporary: string[] = []

/** No caller git variables or config; repository discovery stops at the temporary directory's parent. */
function env(home: string): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('GIT_')))
  return {
    ...clean,
    HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: join(home, '.gitconfig'),
    GIT_CEILING_DIRECTORIES: dirname(home),
  }
}

/** Lays out `<base>/<relative>/{scripts/install-git-hooks.mjs,.githooks/commit-msg}`; returns the checkout. */
function makeCheckout(base: string, relative = '.'): string {
  const checkout = join(base, relative)
  mkdirSync(join(checkout, 'scripts'), { recursive: true })
  mkdirSync(join(checkout, '.githooks'), { recursive: true })
  copyFileSync(SCRIPT, join(checkout, 'scripts', 'install-git-hooks.mjs'))
  writeFileSync(join(checkout, '.githooks', 'commit-msg'), '#!/bin/sh\n', { mode: 0o644 })
  return checkout
}

function tempDir(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'install-git-hooks-')))
  temporary.push(dir)
  return dir
}

function run(command: string, args: string[], cwd: string, home: string) {
  return spawnSync(command, args, { cwd, env: env(home), encoding: 'utf8' })
}

afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('scripts/install-git-hooks.mjs', () => {
  it('points core.hooksPath at .githooks and makes the hook executable, once', () => {
    const base = tempDir()
    const checkout = makeCheckout(base)
    expect(run('git', ['init', '--quiet'], checkout, base).status).toBe(0)

    const first = run('node', ['scripts/install-git-hooks.mjs'], checkout, base)
    expect(first.status).toBe(0)
    expect(first.stdout).toContain('core.hooksPath set to .githooks')
    expect(run('git', ['config', 'core.hooksPath'], checkout, base).stdout.trim()).toBe('.githooks')
    expect(statSync(join(checkout, '.githooks', 'commit-msg')).mode & 0o111).toBe(0o111)

    const second = run('node', ['scripts/install-git-hooks.mjs'], checkout, base)
    expect(second.status).toBe(0)
    expect(second.stdout).toBe('')
  })

  it('does nothing, silently, outside a git work tree', () => {
    const base = tempDir()
    const checkout = makeCheckout(base)
    const result = run('node', ['scripts/install-git-hooks.mjs'], checkout, base)
    expect(result.status).toBe(0)
    expect(result.stdout + result.stderr).toBe('')
  })

  it("leaves an enclosing repository's config alone when installed as a dependency", () => {
    const base = tempDir()
    expect(run('git', ['init', '--quiet'], base, base).status).toBe(0)
    const checkout = makeCheckout(base, 'node_modules/chronotope')
    const result = run('node', ['scripts/install-git-hooks.mjs'], checkout, base)
    expect(result.status).toBe(0)
    expect(result.stdout).toBe('')
    expect(run('git', ['config', 'core.hooksPath'], base, base).status).not.toBe(0)
  })
})
