import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

/** The command runner that `npm start`, `npm run worker` and the others call (apps/web/bin/chronotope.mjs). */
export const COMMAND_RUNNER = path.join(webRoot, 'bin', 'chronotope.mjs')

/**
 * Runs a Node script in a child process with the given environment and resolves with its exit
 * code; its output goes to this process's.
 * @example await runNodeScript([nextBin, 'build'], env, webRoot) // 0
 */
export function runNodeScript(args: string[], env: NodeJS.ProcessEnv, cwd?: string): Promise<number> {
  return exitCodeOf(spawn(process.execPath, args, { env, cwd, stdio: 'inherit' }))
}

/**
 * Resolves with a child's exit code once it has exited (1 when a signal ended it); rejects when
 * it could not be started.
 */
export function exitCodeOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code) => resolve(code ?? 1))
  })
}

/** Starts a long-running Node child (the web server) that shares this terminal. */
export function startNodeProcess(args: string[], env: NodeJS.ProcessEnv, cwd?: string): ChildProcess {
  return spawn(process.execPath, args, { env, cwd, stdio: 'inherit' })
}

/**
 * Starts one of the app's commands (`start`, `worker`, `migrate`, ...) in a child process, as
 * `npm run <command>` would, sharing this terminal.
 * @param nodeOptions - options for Node itself, before the command runner (cluster forks inherit them)
 * @example startCommand('worker', [], env) // the worker's ChildProcess
 */
export function startCommand(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  nodeOptions: readonly string[] = [],
): ChildProcess {
  return startNodeProcess([...nodeOptions, COMMAND_RUNNER, command, ...args], env, webRoot)
}

/**
 * Runs one of the app's commands to its end, like {@link startCommand}, and resolves with its exit code.
 * @example await runCommand('migrate', ['--seed-if-new'], env) // 0
 */
export function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return runNodeScript([COMMAND_RUNNER, command, ...args], env, webRoot)
}

/**
 * Asks a child to stop (SIGTERM), and kills it if it has not exited after `graceMs`.
 * @returns its exit code, or 1 when a signal ended it
 */
export function stopChild(child: ChildProcess, graceMs = 10_000): Promise<number> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode)
  if (child.signalCode !== null) return Promise.resolve(1)
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve(code ?? 1)
    })
    child.kill('SIGTERM')
  })
}
