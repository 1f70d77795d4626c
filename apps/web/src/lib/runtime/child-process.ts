import { spawn, type ChildProcess } from 'node:child_process'

import { isUnfinishedExit } from './run-main'

/**
 * Runs a Node script in a child process with the given environment and resolves with its exit
 * code; its output goes to this process's.
 * @example await runNodeScript(['--import', 'tsx', 'src/scripts/migrate.ts'], env) // 0
 */
export function runNodeScript(args: string[], env: NodeJS.ProcessEnv, cwd?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, cwd, stdio: 'inherit' })
    child.on('error', reject)
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)))
  })
}

/** Starts a long-running Node child (the web server) that shares this terminal. */
export function startNodeProcess(args: string[], env: NodeJS.ProcessEnv, cwd?: string): ChildProcess {
  return spawn(process.execPath, args, { env, cwd, stdio: 'inherit' })
}

/**
 * Asks a child to stop (SIGTERM), and kills it if it has not exited after `graceMs`.
 * @returns its exit code
 */
export function stopChild(child: ChildProcess, graceMs = 10_000): Promise<number> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode)
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve(code ?? 0)
    })
    child.kill('SIGTERM')
  })
}

/**
 * Runs a Node script like {@link runNodeScript}, running it again (up to `attempts` times in all)
 * when it ended without finishing because its modules never loaded; see `isUnfinishedExit`.
 * @returns the exit code of the last run
 */
export async function runNodeScriptToCompletion(
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd?: string,
  attempts = 3,
): Promise<number> {
  let code = await runNodeScript(args, env, cwd)
  for (let attempt = 2; attempt <= attempts && isUnfinishedExit(code); attempt++) {
    console.error(
      `[chronotope] ${args.at(-1)} did not finish loading (exit ${code}); running it again (attempt ${attempt} of ${attempts})`,
    )
    code = await runNodeScript(args, env, cwd)
  }
  return code
}
