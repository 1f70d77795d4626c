import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { COMMAND_RUNNER } from '../../src/lib/runtime/child-process'
import { WEB_HEAP_GROWING_PERCENT } from '../../src/lib/runtime/web-heap'
import { WORKER_SEMI_SPACE_MB } from '../../src/lib/runtime/worker-heap'
import { DEMO_USERS } from '../../src/seed/demo-content'
import { descendantsOf, startChronotope, type RunningChronotope } from '../helpers/chronotope-process'
import { generateEventsCsv } from '../helpers/generate-events-csv'
import { importOverHttp } from '../helpers/http-import'
import { requestRaw } from '../helpers/raw-http'
import { runScript } from '../helpers/run-script'
import { createTestDatabase, externalServerUrl, type TestDatabase } from '../setup/test-database'

// `npm run serve` with two web processes on one port, as it runs by default on a two-core machine
// with an external PostgreSQL. Against the PostgreSQL server only: on the embedded database the
// app runs one web process.
const onPostgres = externalServerUrl() !== undefined

// Enough for the index to keep a snapshot of it (10,000 events or more).
const EVENTS = 20_000
const demoUser = DEMO_USERS.find((user) => user.role === 'user')!

let database: TestDatabase
let app: RunningChronotope
let dataDir: string
let datasetId: number
let token: string

beforeAll(async () => {
  if (!onPostgres) return
  database = await createTestDatabase('chronotope_e2e_web_processes')
  dataDir = mkdtempSync(path.join(tmpdir(), 'chronotope-e2e-web-processes-'))
  app = await startChronotope({
    dataDir,
    databaseUrl: database.url,
    production: true,
    env: { CHRONOTOPE_WEB_PROCESSES: '2', CHRONOTOPE_WORKERS: '1' },
  })
  const env: NodeJS.ProcessEnv = { ...process.env, CHRONOTOPE_DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: '1' }
  for (const name of ['TEST_DATABASE_URL', 'VITEST', 'NODE_ENV']) delete env[name]
  await runScript('seed', ['--environment', 'demo'], { ...env, DATABASE_URL: database.url })
  const login = await fetch(`${app.baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoUser.email, password: demoUser.password }),
  })
  expect(login.status, app.output()).toBe(200)
  ;({ token } = (await login.json()) as { token: string })
  const progress = await importOverHttp(
    app.baseUrl,
    token,
    { name: 'many.csv', bytes: generateEventsCsv(EVENTS) },
    { catalogName: 'Web processes', datasetName: 'Twenty thousand' },
  )
  expect(progress.status, JSON.stringify(progress)).toBe('completed')
  datasetId = Number(progress.jobs[0].datasetId)
})

afterAll(async () => {
  await app?.interrupt()
  app?.kill()
  await database?.drop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

/**
 * A GET as the demo user on a connection of its own: the primary hands each new connection to the
 * next process.
 */
async function getOnNewConnection(route: string): Promise<{ status: number; body: string }> {
  const response = await requestRaw(`${app.baseUrl}${route}`, { authorization: `JWT ${token}` }, 'GET', '127.0.0.1')
  return { status: response.status, body: response.body.toString('utf8') }
}

/** The launcher's processes running `command`, oldest first (for `web-server`: the primary, then its web processes). */
function processesRunning(command: 'web-server' | 'worker'): number[] {
  const pids = descendantsOf(app.process.pid!)
  const table = execFileSync('ps', ['-o', 'pid=,args=', '-p', pids.join(',')], { encoding: 'utf8' })
  return table
    .split('\n')
    .filter((line) => new RegExp(`chronotope\\.mjs ${command}\\b`).test(line))
    .map((line) => Number(line.trim().split(/\s+/)[0]))
    .sort((a, b) => a - b)
}

const webServerProcesses = () => processesRunning('web-server')

/** The Node options a process was started with: its arguments before the command runner. */
function nodeOptionsOf(pid: number): string[] {
  const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
  return args.slice(1, args.indexOf(COMMAND_RUNNER))
}

/** The index's log lines of loading the imported dataset, with the process that logged each. */
function datasetLoads(): Array<{ pid: number; fromSnapshot: boolean }> {
  return app
    .output()
    .split('\n')
    .filter((line) => line.includes(`Event index: loaded dataset ${datasetId} `))
    .map((line) => ({
      pid: (JSON.parse(line.slice(line.indexOf('{'))) as { pid: number }).pid,
      fromSnapshot: line.includes('from its snapshot'),
    }))
}

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not after ${timeoutMs} ms\n${app.output().slice(-3_000)}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

const list = () => `/api/events/list?datasets=${datasetId}&limit=5&sort=time-asc`

async function indexIdle(): Promise<boolean> {
  const { body } = await getOnNewConnection('/api/health')
  return (JSON.parse(body) as { eventIndex: { loading: number } }).eventIndex.loading === 0
}

describe.runIf(onPostgres)('two web processes on one port', () => {
  it('answer alike, and the database reads a big dataset once: the other process reads its snapshot', async () => {
    expect(webServerProcesses()).toHaveLength(3)
    // Four first reads at once, on four connections: both processes want the dataset together.
    const answers = await Promise.all(Array.from({ length: 4 }, () => getOnNewConnection(list())))
    for (const answer of answers) expect(answer.status, answer.body).toBe(200)
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1)
    expect((JSON.parse(answers[0]!.body) as { events: unknown[] }).events).toHaveLength(5)

    await until('both indexes loaded', async () => datasetLoads().length === 2 && (await indexIdle()))
    const loads = datasetLoads()
    expect(new Set(loads.map((load) => load.pid)).size).toBe(2)
    expect(loads.filter((load) => !load.fromSnapshot)).toHaveLength(1)
  })

  it('run with a heap that grows by a fifth at most, the primary and each web process', () => {
    const processes = webServerProcesses()
    expect(processes).toHaveLength(3)
    for (const pid of processes)
      expect(nodeOptionsOf(pid)).toEqual([`--heap-growing-percent=${WEB_HEAP_GROWING_PERCENT}`])
  })

  it('run the worker with a young generation sized for imports', () => {
    const workers = processesRunning('worker')
    expect(workers).toHaveLength(1)
    expect(nodeOptionsOf(workers[0]!)).toEqual([`--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`])
  })

  it('restart a killed web process while the other answers every request', async () => {
    const [primary, killed, kept] = webServerProcesses()
    process.kill(killed!, 'SIGKILL')
    await until('the kill noticed', () => /Web process \d was killed by SIGKILL/.test(app.output()))
    for (let request = 0; request < 6; request++) expect((await getOnNewConnection(list())).status).toBe(200)

    await until('a new web process', () => webServerProcesses().length === 3, 120_000)
    const now = webServerProcesses()
    expect(now).toContain(primary)
    expect(now).toContain(kept)
    expect(now).not.toContain(killed)
    // The new process reads the dataset from the snapshot on its first read, not the database.
    await until('the new process loaded the dataset', async () => {
      await getOnNewConnection(list())
      return datasetLoads().length === 3
    })
    expect(datasetLoads().filter((load) => !load.fromSnapshot)).toHaveLength(1)
  })

  it('stop, every one of them, with the launcher', async () => {
    const processes = webServerProcesses()
    expect(await app.interrupt()).toBe(0)
    const alive = descendantsOf(app.process.pid!)
    for (const pid of processes) expect(alive).not.toContain(pid)
    for (const pid of processes) expect(() => process.kill(pid, 0)).toThrow()
  })
})
