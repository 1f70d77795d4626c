/**
 * A bash session that runs documentation examples one after another, as a reader pastes them
 * into one terminal: variables (`TOKEN=…`) and files (`cookies.txt`) carry over from one example
 * to the next. A command that fails ends the session (`set -e`), and the example that ran it
 * fails with what bash printed.
 * @module
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import path from 'node:path'

/** What an example printed. */
export interface ShellOutput {
  readonly stdout: string
  readonly stderr: string
}

/** A running {@link startShellSession}. */
export interface ShellSession {
  /** Runs the commands and resolves with what they printed, once they are done. */
  run(commands: string): Promise<ShellOutput>
  close(): void
}

/** Starts `bash` in `cwd`, with nothing from the test's environment but `PATH` (with `node` on it). */
export function startShellSession(cwd: string): ShellSession {
  const child: ChildProcessWithoutNullStreams = spawn('bash', ['--noprofile', '--norc'], {
    cwd,
    // A plain record: Next's types make NODE_ENV a required member of ProcessEnv.
    env: {
      PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? '/usr/bin:/bin'}`,
      HOME: cwd,
      LANG: 'C.UTF-8',
    } as Record<string, string> as NodeJS.ProcessEnv,
  })
  let stdout = ''
  let stderr = ''
  let exited: string | undefined
  const waiting = new Set<() => void>()
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8')
    for (const wake of waiting) wake()
  })
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  child.on('exit', (code, signal) => {
    exited = `bash ended (exit ${code ?? signal})`
    for (const wake of waiting) wake()
  })
  child.stdin.write('set -eo pipefail\n')
  let count = 0

  return {
    run(commands) {
      const marker = `@@example-${++count}-done@@`
      stdout = ''
      stderr = ''
      child.stdin.write(`${commands}\nprintf '\\n${marker}\\n'\n`)
      return new Promise((resolve, reject) => {
        const check = () => {
          const end = stdout.indexOf(`\n${marker}\n`)
          if (end >= 0) {
            waiting.delete(check)
            resolve({ stdout: stdout.slice(0, end), stderr })
          } else if (exited) {
            waiting.delete(check)
            reject(new Error(`${exited} while running:\n${commands}\nstdout:\n${stdout}\nstderr:\n${stderr}`))
          }
        }
        waiting.add(check)
        check()
      })
    },
    close() {
      child.stdin.end()
      child.kill()
    },
  }
}
