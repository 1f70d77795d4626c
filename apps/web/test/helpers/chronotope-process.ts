/**
 * Starts Chronotope the way `npm start` (or, with `production`, `npm run serve`) does: the launcher
 * script, embedded database unless a DATABASE_URL is given, on a free port with its own data
 * folder; and stops it like Ctrl-C.
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'

const webRoot = path.resolve(import.meta.dirname, '../..')

/** A running Chronotope and what it printed. */
export interface RunningChronotope {
  readonly baseUrl: string
  readonly process: ChildProcess
  output(): string
  /** Sends SIGINT (what Ctrl-C sends) and resolves with the exit code. */
  interrupt(timeoutMs?: number): Promise<number | null>
}

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

/** Starts the launcher and waits until the home page answers 200. */
export async function startChronotope(options: {
  dataDir: string
  databaseUrl?: string
  /** Serve the production build (`npm run serve`, which needs `npm run build` first) instead of `next dev`. */
  production?: boolean
  timeoutMs?: number
}): Promise<RunningChronotope> {
  const port = await freePort()
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    CHRONOTOPE_DATA_DIR: options.dataDir,
    NEXT_TELEMETRY_DISABLED: '1',
  }
  delete env.DATABASE_URL
  delete env.TEST_DATABASE_URL
  delete env.VITEST
  delete env.NODE_ENV
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl
  const args = ['--import', 'tsx', 'src/scripts/start.ts', ...(options.production ? ['--production'] : [])]
  const child = spawn(process.execPath, args, {
    cwd: webRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const baseUrl = `http://localhost:${port}`
  const deadline = Date.now() + (options.timeoutMs ?? 300_000)
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`Chronotope exited with ${child.exitCode} before answering:\n${output}`)
    try {
      const response = await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(60_000) })
      if (response.status === 200) break
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000))
  }
  if (Date.now() >= deadline) {
    child.kill('SIGKILL')
    throw new Error(`Chronotope did not answer on ${baseUrl} in time:\n${output}`)
  }
  return {
    baseUrl,
    process: child,
    output: () => output,
    interrupt: (timeoutMs = 60_000) =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode)
        const timer = setTimeout(() => {
          child.kill('SIGKILL')
          resolve(null)
        }, timeoutMs)
        child.once('exit', (code) => {
          clearTimeout(timer)
          resolve(code)
        })
        child.kill('SIGINT')
      }),
  }
}
