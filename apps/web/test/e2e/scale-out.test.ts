import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEMO_USERS } from '../../src/seed/demo-content'
import { descendantsOf, startChronotope, type RunningChronotope } from '../helpers/chronotope-process'
import { generateEventsCsv } from '../helpers/generate-events-csv'
import { importOverHttp } from '../helpers/http-import'
import { runScript } from '../helpers/run-script'
import type { Json } from '../helpers/json'
import { startScratchCluster, type ScratchCluster, type ScratchServer } from '../helpers/scratch-postgres'
import { externalServerUrl } from '../setup/test-database'

// Chronotope past one machine, on one: two `npm run serve` launchers (A with two web processes, as
// on a two-core machine by default, B with one; each with a worker) on a PostgreSQL primary of the
// test's own, reading from a streaming replica of it. They
// share one data folder, as machines share a volume for the uploaded files. The servers are the
// test's own, so it runs once, in the pass against PostgreSQL, not again on the embedded database.
const onPostgres = externalServerUrl() !== undefined

const DATABASE = 'chronotope'
const demoUser = DEMO_USERS.find((user) => user.role === 'user')!
let cluster: ScratchCluster
let replica: ScratchServer
let webA: RunningChronotope
let webB: RunningChronotope
let token: string
let dataDir: string

beforeAll(async () => {
  if (!onPostgres) return
  cluster = await startScratchCluster()
  await cluster.primary.query(`create database ${DATABASE}`)
  replica = await cluster.addReplica()
  const settings = {
    DATABASE_READ_URL: replica.url(DATABASE),
    PAYLOAD_SECRET: 'scale-out-test-secret-shared-by-both-web-processes',
    CHRONOTOPE_WORKERS: '1',
    // A killed worker's job is picked up again this long after its last heartbeat.
    CHRONOTOPE_JOB_LEASE_SECONDS: '10',
  }
  dataDir = mkdtempSync(path.join(tmpdir(), 'chronotope-scale-out-'))
  const start = (webProcesses: string) =>
    startChronotope({
      dataDir,
      databaseUrl: cluster.primary.url(DATABASE),
      production: true,
      env: { ...settings, CHRONOTOPE_WEB_PROCESSES: webProcesses },
    })
  // Started together on a new database: they must take turns at migrating and seeding.
  const started = await Promise.allSettled([start('2'), start('1')])
  // One launcher that failed must not leave the other running past the test.
  const failed = started.find((outcome) => outcome.status === 'rejected')
  if (failed) {
    for (const outcome of started) if (outcome.status === 'fulfilled') outcome.value.kill()
    throw failed.reason
  }
  ;[webA, webB] = started.map((outcome) => (outcome as PromiseFulfilledResult<RunningChronotope>).value) as [
    RunningChronotope,
    RunningChronotope,
  ]
  // `npm run serve` seeds nothing; the demo accounts come from the seed command, as in production.
  const env: NodeJS.ProcessEnv = { ...process.env, CHRONOTOPE_DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: '1' }
  for (const name of ['TEST_DATABASE_URL', 'VITEST', 'NODE_ENV']) delete env[name]
  await runScript('seed', ['--environment', 'demo'], { ...env, DATABASE_URL: cluster.primary.url(DATABASE) })
  const login = await fetch(`${webA.baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoUser.email, password: demoUser.password }),
  })
  expect(login.status, webA.output()).toBe(200)
  token = ((await login.json()) as { token: string }).token
})

afterAll(async () => {
  await Promise.all([webA?.interrupt(), webB?.interrupt()])
  // Whatever a crash left of their process groups.
  webA?.kill()
  webB?.kill()
  await cluster?.destroy()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

async function getJson(app: RunningChronotope, route: string): Promise<Json> {
  const response = await fetch(`${app.baseUrl}${route}`, { headers: { authorization: `JWT ${token}` } })
  expect(response.status, `${route}: ${await response.clone().text()}`).toBe(200)
  return response.json()
}

async function eventCount(app: RunningChronotope, datasetId: number): Promise<number> {
  const counts = await getJson(app, `/api/events/dataset-counts?datasets=${datasetId}`)
  return Number(counts.datasets[0]?.count ?? 0)
}

async function countOn(server: ScratchServer, datasetId: number): Promise<number> {
  const [row] = await server.query<{ count: string }>(
    'select count(*) from events where dataset_id = $1',
    [datasetId],
    DATABASE,
  )
  return Number(row!.count)
}

/**
 * The statements the web processes' read pools ran on the replica since `from` (its log's length),
 * beyond the version checks every read makes there.
 */
function replicaEventReads(from: number): string[] {
  return replica
    .log()
    .slice(from)
    .split('\n')
    .filter((line) => /\bchronotope-read LOG: {2}(execute|statement)/.test(line))
    .filter((line) => !line.includes('from event_index_versions'))
}

function processOf(app: RunningChronotope, role: 'worker' | 'web-server'): number {
  const pids = descendantsOf(app.process.pid!)
  const table = execFileSync('ps', ['-o', 'pid=,args=', '-p', pids.join(',')], { encoding: 'utf8' })
  const line = table.split('\n').find((entry) => new RegExp(`chronotope\\.mjs ${role}\\b`).test(entry))
  if (!line) throw new Error(`No ${role} under ${app.baseUrl}:\n${table}`)
  return Number(line.trim().split(/\s+/)[0])
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs
  let value = await read()
  while (!done(value)) {
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 500))
    value = await read()
  }
  return value
}

describe.runIf(onPostgres)('two web processes and two workers on a primary with a streaming replica', () => {
  it('applies each migration once when both launchers start together', async () => {
    for (const app of [webA, webB]) expect(app.output()).toContain('Database schema is current')
    const applied = await cluster.primary.query<{ name: string; times: string }>(
      'select name, count(*) as times from payload_migrations group by name',
      [],
      DATABASE,
    )
    expect(applied.length).toBeGreaterThan(10)
    expect(applied.filter((migration) => migration.times !== '1')).toEqual([])
  })

  it('reports the replica in the health check of each web process', async () => {
    for (const app of [webA, webB]) {
      const health = await getJson(app, '/api/health')
      expect(health.readReplica, JSON.stringify(health)).toMatchObject({ status: 'ok' })
      expect(health.readReplica.lagBytes).toBeGreaterThanOrEqual(0)
    }
  })

  it('shows an import at once through either process while the replica lags, then reads from the replica', async () => {
    await replica.query('select pg_wal_replay_pause()')
    try {
      const logMark = replica.log().length
      const progress = await importOverHttp(
        webA.baseUrl,
        token,
        { name: 'lagging.csv', bytes: generateEventsCsv(300) },
        { catalogName: 'Scale out', datasetName: 'While the replica lags' },
      )
      expect(progress.status, JSON.stringify(progress)).toBe('completed')
      const datasetId = Number(progress.jobs[0].datasetId)
      // The replica has not replayed the import; both processes show it all the same.
      expect(await countOn(replica, datasetId)).toBe(0)
      expect(await eventCount(webA, datasetId)).toBe(300)
      expect(await eventCount(webB, datasetId)).toBe(300)
      const page = await getJson(webB, `/api/events/list?datasets=${datasetId}&limit=5`)
      expect(page.events).toHaveLength(5)
      expect(replicaEventReads(logMark)).toEqual([])

      await replica.query('select pg_wal_replay_resume()')
      await until(
        'replica catching up',
        () => countOn(replica, datasetId),
        (count) => count === 300,
      )
      const caughtUp = replica.log().length
      const again = await getJson(webB, `/api/events/list?datasets=${datasetId}&limit=5`)
      expect(again.events).toEqual(page.events)
      // Current again for this dataset: the events themselves now come from the replica.
      await until(
        'a read on the replica',
        () => Promise.resolve(replicaEventReads(caughtUp).length),
        (count) => count > 0,
        10_000,
      ).catch((error: unknown) => {
        const reads = replica
          .log()
          .slice(caughtUp)
          .split('\n')
          .filter((line) => line.includes('chronotope-read'))
        throw new Error(`${String(error)}; the replica's log since:\n${reads.slice(-20).join('\n')}`)
      })
    } finally {
      await replica.query('select pg_wal_replay_resume()').catch(() => undefined)
    }
  })

  // Up to a minute for the lease, the import's rest and the replica's catching up on a slow machine.
  it(
    'loses nothing when the workers, a web process and the replica are killed mid-import',
    { timeout: 600_000 },
    async () => {
      const rows = 100_000
      const form = new FormData()
      form.append('catalogName', 'Scale out')
      form.append('datasetName', 'Through the crashes')
      form.append('file', new Blob([generateEventsCsv(rows)]), 'crashes.csv')
      const upload = await fetch(`${webA.baseUrl}/api/import/upload`, {
        method: 'POST',
        headers: { authorization: `JWT ${token}` },
        body: form,
      })
      expect(upload.status, await upload.clone().text()).toBe(202)
      const { job } = (await upload.json()) as { job: { importId: number } }
      const progressOf = () => getJson(webB, `/api/import/${job.importId}`)
      const running = await until(
        'events being created',
        progressOf,
        (progress) =>
          ['completed', 'failed'].includes(progress.status as string) || progress.jobs?.[0]?.stage === 'create-events',
      )
      expect(running.status, JSON.stringify(running)).toBe('processing')
      const datasetId = Number(running.jobs[0].datasetId)

      // Whichever worker holds the import dies with it; the replica and the web process that took
      // the upload go down too.
      process.kill(processOf(webA, 'worker'), 'SIGKILL')
      process.kill(processOf(webB, 'worker'), 'SIGKILL')
      await replica.stop('immediate')
      process.kill(processOf(webA, 'web-server'), 'SIGKILL')
      expect(await countOn(cluster.primary, datasetId), 'killed after the import had ended').toBeLessThan(rows)
      // The launcher whose web process died stops its worker too and exits with an error, unasked
      // (a SIGINT sent now could reach npm as it exits, after it stopped forwarding signals, and
      // end it by the signal instead). One web process remains, and its launcher starts a new
      // worker, which takes the import over once its lease runs out.
      const launcherExit = await webA.exited(60_000)
      expect(launcherExit, webA.output().slice(-2_000)).not.toBeNull()
      expect(launcherExit).not.toBe(0)

      // Reads carry on from the primary, through the process still up.
      const demo = await getJson(webB, '/api/events/dataset-counts')
      expect(demo.datasets.length).toBeGreaterThan(0)
      const done = await until(
        'the import',
        progressOf,
        (progress) => ['completed', 'failed'].includes(progress.status as string),
        300_000,
      )
      expect(done.status, JSON.stringify(done)).toBe('completed')
      expect(done.jobs[0].counts).toMatchObject({ eventsCreated: rows, rowErrors: 0 })
      const [stored] = await cluster.primary.query<{ events: string; rows: string }>(
        'select count(*) as events, count(distinct source_row) as rows from events where dataset_id = $1',
        [datasetId],
        DATABASE,
      )
      expect(stored).toEqual({ events: String(rows), rows: String(rows) })
      expect(await eventCount(webB, datasetId)).toBe(rows)

      // The replica comes back, catches up, and serves reads again.
      await replica.start()
      await until(
        'replica catching up',
        () => countOn(replica, datasetId),
        (count) => count === rows,
      )
      await until(
        'the health check',
        async () => (await getJson(webB, '/api/health')).readReplica?.status,
        (status) => status === 'ok',
        30_000,
      )
    },
  )
})
