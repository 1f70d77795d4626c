/**
 * Runs one of the app's scripts (`src/scripts/*.ts`) in a child process and resolves when it
 * succeeds, or rejects with its output. Asynchronous on purpose: an embedded database started by
 * the test process answers from this process's event loop, which a synchronous spawn would block.
 * @module
 */
import { spawn } from 'node:child_process'
import path from 'node:path'

import { isUnfinishedExit } from '../../src/lib/runtime/run-main'

const webRoot = path.resolve(import.meta.dirname, '../..')

/**
 * Runs `node --import tsx <script> …args` in apps/web with `env`, again (up to three times in
 * all) when its modules never finished loading, as the launcher does.
 */
export async function runScript(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runScriptOnce(script, args, env)
    } catch (error) {
      if (attempt >= 3 || !isUnfinishedExit((error as { exitCode?: number }).exitCode ?? null)) throw error
    }
  }
}

function runScriptOnce(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: webRoot, env })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('close', (code, signal) => {
      if (code === 0) resolve()
      else
        reject(
          Object.assign(new Error(`${script} ${args.join(' ')} failed (exit ${code ?? signal}):\n${output}`), {
            exitCode: code,
          }),
        )
    })
  })
}
