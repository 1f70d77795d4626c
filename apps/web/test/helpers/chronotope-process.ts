/**
 * Starts Chronotope as a user does, with `npm start` (or, with `production`, `npm run serve`) from
 * the repository root: embedded database unless a DATABASE_URL is given, on a free port with its
 * own data folder; and stops it with a signal to `npm` alone, as Ctrl-C, a process manager or
 * `docker stop` does.
 * @module
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..')

/** A running Chronotope and what it printed. */
export interface RunningChronotope {
  readonly baseUrl: string
  /** The top process: `npm` itself. */
  readonly process: ChildProcess
  output(): string
  /**
   * Sends `signal` (default SIGINT, what Ctrl-C sends) to the top process only and resolves with
   * its exit code, or `null` when it had to be killed after `timeoutMs`.
   */
  interrupt(timeoutMs?: number, signal?: NodeJS.Signals): Promise<number | null>
  /**
   * Waits, sending nothing, for the top process to end on its own and resolves with its exit code,
   * or `null` when it had to be killed after `timeoutMs`.
   */
  exited(timeoutMs?: number): Promise<number | null>
  /** Kills whatever is left of its processes (after a failed test). */
  kill(): void
}

/**
 * The process ids of every live descendant of `pid` (children, their children, ...), from `ps`;
 * zombies (exited, not yet reaped) are not counted.
 */
export function descendantsOf(pid: number): number[] {
  const table = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,stat='], { encoding: 'utf8' })
  const children = new Map<number, number[]>()
  for (const line of table.split('\n')) {
    const [child, parent, state] = line.trim().split(/\s+/)
    if (!child || !parent || state?.startsWith('Z')) continue
    children.set(Number(parent), [...(children.get(Number(parent)) ?? []), Number(child)])
  }
  const found: number[] = []
  const queue = [pid]
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child)
      queue.push(child)
    }
  }
  return found
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
  /**
   * How to start it: `npm start` by default (the production build, built first when the sources
   * changed since `npm run build`); `npm run serve` with `production` (the build as it is); `npm
   * run dev` with `dev` (Next's development server).
   */
  production?: boolean
  dev?: boolean
  timeoutMs?: number
  /** More environment variables (settings) for it. */
  env?: Readonly<Record<string, string>>
}): Promise<RunningChronotope> {
  const port = await freePort()
  // A plain record: Next's types make NODE_ENV a required, read-only member of ProcessEnv.
  const env: Record<string, string | undefined> = {
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
  for (const name of Object.keys(env)) if (name.startsWith('npm_')) delete env[name]
  // A process group of its own, so that a failed test can still clean up everything it started.
  const command = options.production ? 'serve' : options.dev ? 'dev' : 'start'
  // The tests of `npm run serve` bring their own data; a new database would get the demo data too.
  if (options.production && options.env?.CHRONOTOPE_SEED_ON_FIRST_START === undefined)
    env.CHRONOTOPE_SEED_ON_FIRST_START = 'false'
  // One web process (the default, set here so a setting in the environment does not change the
  // tests) unless a test asks for more: web-processes.test.ts, scale-out.test.ts.
  env.CHRONOTOPE_WEB_PROCESSES = '1'
  const child = spawn('npm', ['run', command], {
    cwd: repositoryRoot,
    // Without NODE_ENV on purpose: the launcher sets it for each process it starts.
    env: { ...env, ...options.env } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
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
  const kill = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL')
    } catch {
      // Nothing left.
    }
  }
  if (Date.now() >= deadline) {
    kill()
    throw new Error(`Chronotope did not answer on ${baseUrl} in time:\n${output}`)
  }
  return {
    baseUrl,
    process: child,
    output: () => output,
    kill,
    interrupt: (timeoutMs = 60_000, signal = 'SIGINT') => exitOf(child, timeoutMs, kill, signal),
    exited: (timeoutMs = 60_000) => exitOf(child, timeoutMs, kill),
  }
}

/** Resolves with `child`'s exit code once it ends (after `signal`, if given), or null after `kill`. */
function exitOf(
  child: ChildProcess,
  timeoutMs: number,
  kill: () => void,
  signal?: NodeJS.Signals,
): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode)
    const timer = setTimeout(() => {
      kill()
      resolve(null)
    }, timeoutMs)
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve(code)
    })
    if (signal) child.kill(signal)
  })
}
