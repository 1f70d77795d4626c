/**
 * Builds and serves the app for `npm run bench:read` the way a user does (`npm run build`, then
 * `npm run serve`), on a free port, and stops it again. The server runs in a process group of its
 * own so the benchmark decides when it stops, also on Ctrl-C.
 * @module
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'

import { COMMAND_RUNNER } from '../apps/web/src/lib/runtime/child-process'
import { WEB_ROOT } from './read-seed'

const OUTPUT_KEPT_CHARS = 20_000

/** A TCP port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/**
 * Runs `npm run build` (the app's build script) quietly, printing its output only if it fails.
 * @returns the seconds it took
 */
export async function buildApp(env: NodeJS.ProcessEnv): Promise<number> {
  const started = performance.now()
  const child = spawn(process.execPath, [COMMAND_RUNNER, 'build'], {
    cwd: WEB_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output = (output + chunk).slice(-OUTPUT_KEPT_CHARS)))
  child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-OUTPUT_KEPT_CHARS)))
  const [code] = (await once(child, 'exit')) as [number | null]
  if (code !== 0) throw new Error(`npm run build failed (exit ${code}):\n${output}`)
  return (performance.now() - started) / 1000
}

/** The app served by {@link startApp}. */
export interface RunningApp {
  readonly baseUrl: string
  /** The launcher's process id: the root of the app's process tree. */
  readonly pid: number
  /** Seconds from launch until `/api/health` answered 200. */
  readonly startSeconds: number
  /** The last 20,000 characters the app printed. */
  output(): string
  /** Stops the app like Ctrl-C (the launcher stops Next and the embedded database), killing it after 30 s. */
  stop(): Promise<void>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Stops a process group the way Ctrl-C does, by sending every member SIGINT: the launcher, Next,
 * and a migration the launcher may still be running (which would outlive the launcher and, as
 * Payload creates a missing database, bring back a database just dropped). Kills what is left
 * after `graceMs`, and resolves when the group is gone.
 */
async function stopProcessGroup(pid: number | undefined, graceMs = 30_000): Promise<void> {
  if (pid === undefined) return
  // kill() on a group with no members left throws ESRCH.
  const signalGroup = (signal: NodeJS.Signals | 0): boolean => {
    try {
      process.kill(-pid, signal)
      return true
    } catch {
      return false
    }
  }
  if (!signalGroup('SIGINT')) return
  const killAt = Date.now() + graceMs
  while (signalGroup(0)) {
    if (Date.now() > killAt + 5_000) throw new Error(`Process group ${pid} is still running after SIGKILL`)
    if (Date.now() > killAt) signalGroup('SIGKILL')
    await sleep(200)
  }
}

/** Called with each launched app before it is healthy, so a Ctrl-C while it starts still stops it. */
export type OnLaunch = (app: RunningApp) => void

/** How the app is started: `npm run serve` (the build as it is), `npm start` (built first when
 * the sources changed) or `npm run dev` (Next's development server). */
export type StartCommand = 'serve' | 'start' | 'dev'

const LAUNCHER_ARGS: Readonly<Record<StartCommand, readonly string[]>> = {
  serve: ['start', '--production'],
  start: ['start'],
  dev: ['start', '--dev'],
}

/**
 * Starts the app as `npm run serve` does (or `command`) with `env` on `port`, and waits until
 * `GET /api/health` answers 200.
 * @throws when the app exits or is not healthy within `timeoutMs`; the error holds its output
 */
export async function startApp(
  env: NodeJS.ProcessEnv,
  port: number,
  onLaunch: OnLaunch,
  timeoutMs = 300_000,
  command: StartCommand = 'serve',
): Promise<RunningApp> {
  const started = performance.now()
  const baseUrl = `http://localhost:${port}`
  const args = LAUNCHER_ARGS[command]
  const child = spawn(process.execPath, [COMMAND_RUNNER, ...args], {
    cwd: WEB_ROOT,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output = (output + chunk).slice(-OUTPUT_KEPT_CHARS)))
  child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-OUTPUT_KEPT_CHARS)))
  let stopping: Promise<void> | undefined
  const app: RunningApp = {
    baseUrl,
    pid: child.pid ?? 0,
    startSeconds: 0,
    output: () => output,
    stop: () => (stopping ??= stopProcessGroup(child.pid)),
  }
  onLaunch(app)
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw Object.assign(
        new Error(
          `npm ${command === 'start' ? 'start' : `run ${command}`} exited with ${child.exitCode ?? child.signalCode} before /api/health answered:\n${output}`,
        ),
        {
          exitCode: child.exitCode,
        },
      )
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(30_000) })
      await response.arrayBuffer()
      if (response.status === 200) return { ...app, startSeconds: (performance.now() - started) / 1000 }
    } catch {
      // Not listening yet.
    }
    await sleep(500)
  }
  await app.stop()
  throw new Error(`npm run serve did not answer 200 on ${baseUrl}/api/health within ${timeoutMs / 1000} s:\n${output}`)
}
