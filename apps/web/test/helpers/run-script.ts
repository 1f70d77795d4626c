/**
 * Runs one of the app's commands (`migrate`, `seed`, `build`, ...) in a child process the way
 * `npm run <command>` does (`node bin/chronotope.mjs <command>`, plain JavaScript with no loader
 * hooks), and resolves when it succeeds, or rejects with its output. Once: a command that fails
 * is a failure, never retried. Asynchronous on purpose: an embedded database started by the test
 * process answers from this process's event loop, which a synchronous spawn would block.
 * @module
 */
import { spawn } from 'node:child_process'

import { COMMAND_RUNNER } from '../../src/lib/runtime/child-process'

/** Runs `node bin/chronotope.mjs <command> …args` with `env`; resolves with what it printed. */
export function runScript(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [COMMAND_RUNNER, command, ...args], { env })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('close', (code, signal) => {
      if (code === 0) resolve(output)
      else reject(new Error(`${command} ${args.join(' ')} failed (exit ${code ?? signal}):\n${output}`))
    })
  })
}
