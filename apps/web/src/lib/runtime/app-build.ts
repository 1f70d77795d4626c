/**
 * The app's production build (`next build` into apps/web/.next, then a gzipped copy of each static
 * asset), and whether the build there is current: `npm run build` always builds; `npm start`
 * builds only when the sources changed since the last build (the first start of a fresh clone,
 * or after `git pull`), then serves the build. A build records the fingerprint of what it was made
 * from (the app's and the packages' sources, the public files, the configuration, the lockfile,
 * Node's version) in `.next/chronotope-build.json`; the next start compares it with the files as
 * they are now.
 * @module
 */
import { createHash } from 'node:crypto'
import { closeSync, existsSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { precompressStaticAssets } from '../../server/precompress-static-assets'
import { exitCodeOf, startNodeProcess, stopChild } from './child-process'

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const repositoryRoot = path.resolve(webRoot, '../..')

/** The build's record of what it was made from. */
export const BUILD_RECORD = path.join(webRoot, '.next', 'chronotope-build.json')
// Held while a build runs, so two launchers started together do not build into one folder at once.
const BUILD_LOCK = path.join(webRoot, '.next-build.lock')
const LOCK_POLL_MS = 1_000

/** Folders and files the build is made from, relative to the repository. */
const BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/next.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages',
  'package.json',
  'package-lock.json',
]
// Tests and what tools write beside the sources do not change the build.
const IGNORED = /(^|\/)(node_modules|\.next|dist|build|coverage|test-helpers)(\/|$)|\.test\.tsx?$|\.tsbuildinfo$/

function* inputFiles(root: string, relative: string): Generator<string> {
  const absolute = path.join(root, relative)
  let stats
  try {
    stats = statSync(absolute)
  } catch {
    return
  }
  if (stats.isFile()) {
    yield relative
    return
  }
  for (const entry of readdirSync(absolute, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const child = `${relative}/${entry.name}`
    if (IGNORED.test(child)) continue
    if (entry.isDirectory()) yield* inputFiles(root, child)
    else if (entry.isFile()) yield child
  }
}

/**
 * A hash of every file the build is made from (names and contents) and of Node's version.
 * @param root - the repository (this one by default)
 * @example buildInputsFingerprint() // 'a3f1…' (64 hex digits)
 */
export function buildInputsFingerprint(root: string = repositoryRoot): string {
  const hash = createHash('sha256').update(process.version)
  for (const input of BUILD_INPUTS)
    for (const file of inputFiles(root, input))
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(path.join(root, file)))
  return hash.digest('hex')
}

/** Whether `.next` holds a complete build of the sources as they are now. */
export function isAppBuildCurrent(fingerprint: string = buildInputsFingerprint()): boolean {
  if (!existsSync(path.join(webRoot, '.next', 'BUILD_ID'))) return false
  try {
    return (JSON.parse(readFileSync(BUILD_RECORD, 'utf8')) as { fingerprint?: string }).fingerprint === fingerprint
  } catch {
    return false
  }
}

/** How a build runs. */
export interface AppBuildOptions {
  /** The environment of `next build`: a secret and a database address are set when missing. */
  readonly env: NodeJS.ProcessEnv
  readonly log: (message: string) => void
  /** Stops the build (`next build` is asked to stop, then killed). */
  readonly signal?: AbortSignal
}

/**
 * Builds the app: `next build`, the gzipped static assets, then the record of what it was built
 * from (only once all of it succeeded, so a failed build is built again next time).
 * @returns the exit code of `next build` (0 when it all succeeded)
 */
export async function buildApp(options: AppBuildOptions): Promise<number> {
  const fingerprint = buildInputsFingerprint()
  rmSync(BUILD_RECORD, { force: true })
  const nextBin = createRequire(path.join(webRoot, 'package.json')).resolve('next/dist/bin/next')
  options.signal?.throwIfAborted()
  const child = startNodeProcess(
    [nextBin, 'build'],
    {
      ...options.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      DATABASE_URL: options.env.DATABASE_URL ?? 'postgres://build-needs-no-database@127.0.0.1:1/none',
    },
    webRoot,
  )
  const stop = () => void stopChild(child)
  options.signal?.addEventListener('abort', stop, { once: true })
  const code = await exitCodeOf(child).finally(() => options.signal?.removeEventListener('abort', stop))
  if (code !== 0 || options.signal?.aborted) return code || 1
  const started = performance.now()
  const { files, bytes, gzipBytes } = await precompressStaticAssets(path.join(webRoot, '.next', 'static'))
  const kb = (n: number) => `${Math.round(n / 1024).toLocaleString('en')} KB`
  options.log(
    `Gzipped ${files} static assets (${kb(bytes)} → ${kb(gzipBytes)}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
  writeFileSync(BUILD_RECORD, JSON.stringify({ fingerprint, builtAt: new Date().toISOString() }))
  return 0
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

// Takes the build lock, waiting while another live process holds it; a dead holder's lock is taken over.
async function takeBuildLock(log: (message: string) => void, signal?: AbortSignal): Promise<() => void> {
  let told = false
  for (;;) {
    signal?.throwIfAborted()
    try {
      const handle = openSync(BUILD_LOCK, 'wx')
      writeFileSync(handle, String(process.pid))
      closeSync(handle)
      return () => rmSync(BUILD_LOCK, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const holder = Number(readFileSync(BUILD_LOCK, { encoding: 'utf8', flag: 'r' }).trim() || Number.NaN)
    if (!Number.isInteger(holder) || !isAlive(holder)) {
      rmSync(BUILD_LOCK, { force: true })
      continue
    }
    if (!told) log(`Another process (${holder}) is building the app: waiting for it.`)
    told = true
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS))
  }
}

/**
 * Builds the app unless the build is current, under a lock shared by every launcher of this
 * checkout (a second one waits, then finds the build current).
 * @returns 0 when the build is current (built now or before), else `next build`'s exit code
 */
export async function ensureAppBuild(options: AppBuildOptions): Promise<number> {
  if (isAppBuildCurrent()) {
    options.log('The app is built from the sources as they are: serving that build.')
    return 0
  }
  const release = await takeBuildLock(options.log, options.signal)
  try {
    if (isAppBuildCurrent()) {
      options.log('The app was built meanwhile: serving that build.')
      return 0
    }
    const started = performance.now()
    options.log(
      'Building the app for production, as the sources changed since the last build (a few minutes the first time; later starts skip it)…',
    )
    const code = await buildApp(options)
    if (code === 0) options.log(`Built the app in ${((performance.now() - started) / 1000).toFixed(0)} s.`)
    return code
  } finally {
    release()
  }
}
