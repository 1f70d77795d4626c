/**
 * Builds the documentation site (apps/docs) for the app to serve under `/docs/`: `npm run build`
 * builds it with the app, and `npm start` the first time, in the background, when it is missing.
 * The site is built into a folder beside the served one and put in its place when complete, so a
 * running server never serves half a site. While a build runs, and when one failed, its state is
 * in the data folder for the page `/docs/` shows meanwhile.
 * @module
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { exitCodeOf } from './child-process'

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..')

/** The built documentation site the app serves. */
export const DOCS_SITE_DIR = path.join(repositoryRoot, 'apps', 'docs', 'build')

/** Where a build writes the site before it takes the served one's place. */
const NEXT_SITE_DIR = path.join(repositoryRoot, 'apps', 'docs', 'build-next')

/** A documentation build that runs, or failed, as the page `/docs/` tells it. */
export interface DocsBuildState {
  readonly state: 'building' | 'failed'
  /** ISO 8601. */
  readonly startedAt: string
  /** What went wrong, for a failed build: the end of its output. */
  readonly detail?: string
}

/** The file holding the state of the documentation build, in the data folder. */
export const docsBuildStateFile = (dataDir: string): string => path.join(dataDir, 'docs-build.json')

/** Whether the documentation site is built (its home page is there). */
export function isDocsSiteBuilt(dir: string = DOCS_SITE_DIR): boolean {
  return existsSync(path.join(dir, 'index.html'))
}

/** The state a build left in `file`, if one runs or failed. */
export function readDocsBuildState(file: string): DocsBuildState | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as DocsBuildState
  } catch {
    return undefined
  }
}

// How to run npm: the one running this command (`npm start`, `npm run build`), else the one on PATH.
function npmCommand(): [string, string[]] {
  const cli = process.env.npm_execpath
  return cli && /\.c?js$/.test(cli) ? [process.execPath, [cli]] : ['npm', []]
}

/**
 * Builds the documentation site (`npm run build` of the docs workspace) and puts it in place of
 * the served one; resolves with the build's exit code.
 * @param options.stateFile - where to record that it runs, and whether it failed
 * @param options.inBackground - at the lowest CPU priority, its output kept for the state file
 *   rather than printed (the app is starting beside it)
 * @param options.signal - stops the build when aborted (Chronotope is stopping)
 * @example await buildDocsSite({ stateFile: docsBuildStateFile(dataDir), inBackground: true }) // 0
 */
export async function buildDocsSite(
  options: { stateFile?: string; inBackground?: boolean; signal?: AbortSignal } = {},
): Promise<number> {
  const started = new Date().toISOString()
  const record = (state: DocsBuildState | undefined) => {
    if (!options.stateFile) return
    if (!state) return rmSync(options.stateFile, { force: true })
    mkdirSync(path.dirname(options.stateFile), { recursive: true })
    writeFileSync(options.stateFile, JSON.stringify(state))
  }
  record({ state: 'building', startedAt: started })
  rmSync(NEXT_SITE_DIR, { recursive: true, force: true })
  const [command, prefix] = npmCommand()
  const child = spawn(
    command,
    [...prefix, 'run', 'build', '--workspace', '@chronotope/docs', '--', '--out-dir', NEXT_SITE_DIR],
    {
      cwd: repositoryRoot,
      stdio: options.inBackground ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      ...(options.signal ? { signal: options.signal } : {}),
    },
  )
  let output = ''
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk) => (output = (output + chunk).slice(-4000)))
  if (options.inBackground && child.pid) {
    try {
      os.setPriority(child.pid, os.constants.priority.PRIORITY_LOW)
    } catch {
      // Not allowed here: it runs at the normal priority.
    }
  }
  const code = await exitCodeOf(child).catch(() => 1)
  if (options.signal?.aborted) {
    record(undefined)
    return code
  }
  if (code !== 0 || !isDocsSiteBuilt(NEXT_SITE_DIR)) {
    record({ state: 'failed', startedAt: started, detail: output.trim().split('\n').slice(-12).join('\n') })
    return code || 1
  }
  rmSync(DOCS_SITE_DIR, { recursive: true, force: true })
  renameSync(NEXT_SITE_DIR, DOCS_SITE_DIR)
  record(undefined)
  return 0
}
