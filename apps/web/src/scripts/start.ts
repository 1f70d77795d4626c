/**
 * `npm start`: starts Chronotope. Without DATABASE_URL it starts the embedded PostgreSQL + PostGIS
 * with its data in ./data; then it applies migrations, seeds the demo data when the database is
 * new, and serves the app through src/scripts/web-server.ts beside `CHRONOTOPE_WORKERS` worker
 * processes, which it restarts when they crash. Three ways to serve:
 * - `npm start`: the production build, built first when the sources changed since the last build
 *   (lib/runtime/app-build.ts), while the database migrates: light and fast for everyone who uses
 *   Chronotope rather than changes it;
 * - `npm run serve` (`--production`): the build as `npm run build` left it, never building;
 * - `npm run dev` (`--dev`): Next's development server, which compiles each page on its first
 *   request and reloads on every change, for working on the code.
 *
 * The first time, it builds the documentation site the app serves under `/docs/` in the
 * background. Ctrl-C, or SIGTERM or SIGINT sent to this process alone, stops it all.
 * @module
 */
import { type ChildProcess } from 'node:child_process'

import { LOCAL_DOCS_URL, readSettings, type Settings } from '../config/settings'
import { ensureAppBuild } from '../lib/runtime/app-build'
import { ensureAppSecret } from '../lib/runtime/app-secret'
import { exitCodeOf, startCommand, stopChild } from '../lib/runtime/child-process'
import { buildDocsSite, docsBuildStateFile, isDocsSiteBuilt } from '../lib/runtime/docs-site-build'
import { connectDatabase, databaseEnvironment, type DatabaseConnection } from '../lib/runtime/embedded-database'
import { webServerNodeOptions } from '../lib/runtime/web-heap'
import { workerNodeOptions } from '../lib/runtime/worker-heap'
import { superviseWorkers, type WorkerSupervisor } from '../lib/runtime/worker-supervisor'

const development = process.argv.includes('--dev')
// `npm run serve` serves the build as it is; `npm start` first builds it when the sources changed.
const buildFirst = !development && !process.argv.includes('--production')
const production = !development
const log = (message: string) => console.log(`[chronotope] ${message}`)
// Short enough that the embedded database still stops cleanly within `docker stop`'s 10 s.
const CHILD_STOP_GRACE_MS = 7_000

/** What runs now, for the shutdown to stop. */
interface Running {
  migrate?: ChildProcess
  appBuild?: { stop: AbortController; done: Promise<number> }
  web?: ChildProcess
  workers?: WorkerSupervisor
  docsBuild?: AbortController
}

async function main(): Promise<number> {
  // `npm start` is one person's Chronotope, on a laptop as often as not: the web process runs the
  // background jobs itself unless told otherwise, which spares a worker process's memory.
  if (buildFirst) process.env.CHRONOTOPE_RUN_JOBS_IN_WEB ??= 'true'
  const base = readSettings({ ...process.env, NODE_ENV: 'development' })
  const secret = ensureAppSecret(base.dataDir)
  const mode = readSettings({
    ...process.env,
    PAYLOAD_SECRET: secret,
    NODE_ENV: production ? 'production' : 'development',
  })
  const connecting = connectDatabase({
    databaseUrl: base.databaseUrl,
    dataDir: base.dataDir,
    sharedBuffersMb: base.embeddedSharedBuffersMb,
    log,
  })
  const running: Running = {}
  let stopping: Promise<void> | undefined
  // Every caller (signal handler, a child's exit) waits for the same shutdown, so the process
  // never exits before the children have stopped and the database has flushed and stopped.
  const shutdown = (): Promise<void> => {
    stopping ??= (async () => {
      log('Stopping…')
      running.docsBuild?.abort()
      running.appBuild?.stop.abort()
      await Promise.all([
        running.appBuild?.done,
        running.migrate && stopChild(running.migrate, CHILD_STOP_GRACE_MS),
        running.web && stopChild(running.web, CHILD_STOP_GRACE_MS),
        running.workers?.stop(),
      ])
      await connecting.then(
        (database) => database.stop(),
        () => undefined,
      )
      log('Stopped.')
    })()
    return stopping
  }
  // A signal may come at any await below.
  const isStopping = () => stopping !== undefined
  // In place before anything starts, so a signal during start-up also stops cleanly.
  process.on('SIGINT', () => void shutdown().then(() => process.exit(0)))
  process.on('SIGTERM', () => void shutdown().then(() => process.exit(0)))

  try {
    return await run(await connecting, secret, mode, running, isStopping, shutdown)
  } catch (error) {
    console.error(`[chronotope] ${error instanceof Error ? error.message : String(error)}`)
    await shutdown()
    return 1
  }
}

/** Migrates, then runs the web server and the workers until one of them or a signal ends it all. */
async function run(
  database: DatabaseConnection,
  secret: string,
  mode: Settings,
  running: Running,
  isStopping: () => boolean,
  shutdown: () => Promise<void>,
): Promise<number> {
  if (isStopping()) return shutdown().then(() => 0)
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...databaseEnvironment(database),
    PAYLOAD_SECRET: secret,
    NODE_ENV: production ? 'production' : 'development',
    NEXT_TELEMETRY_DISABLED: '1',
    PAYLOAD_DISABLE_DEPENDENCY_CHECKER: process.env.PAYLOAD_DISABLE_DEPENDENCY_CHECKER ?? 'true',
    CHRONOTOPE_LAUNCHER_PID: String(process.pid),
  }

  log(`Database: ${database.kind === 'embedded' ? 'embedded PostgreSQL + PostGIS' : 'DATABASE_URL'}`)
  // The build needs no database: it runs while the database migrates and seeds.
  const built = buildFirst ? startAppBuild(env, running) : Promise.resolve(0)
  running.migrate = startCommand('migrate', ['--seed-if-new'], env)
  const migrated = await exitCodeOf(running.migrate)
  delete running.migrate
  if (isStopping()) return shutdown().then(() => 0)
  if (migrated !== 0) {
    await shutdown()
    return migrated
  }
  const buildCode = await built
  delete running.appBuild
  if (isStopping()) return shutdown().then(() => 0)
  if (buildCode !== 0) {
    console.error(`[chronotope] Building the app failed (exit ${buildCode}); its output is above.`)
    await shutdown()
    return buildCode
  }

  if (mode.docsUrl === LOCAL_DOCS_URL && !isDocsSiteBuilt()) {
    log('The documentation site is not built yet: building it in the background; /docs/ shows it when done.')
    const build = new AbortController()
    running.docsBuild = build
    void buildDocsSite({ stateFile: docsBuildStateFile(mode.dataDir), inBackground: true, signal: build.signal }).then(
      (code) => {
        if (build.signal.aborted) return
        log(
          code === 0
            ? 'The documentation site is built: /docs/'
            : 'Building the documentation site failed: /docs/ says why.',
        )
      },
    )
  }

  // Our own server (src/server) serves the app: the build in production, so it can pick gzip
  // levels, and Next's development server otherwise, so the app learns each connection's address.
  running.web = startCommand(
    'web-server',
    ['--port', String(mode.port), ...(development ? ['--dev'] : [])],
    env,
    webServerNodeOptions({ development }),
  )
  const webExited = exitCodeOf(running.web)
  const workers =
    mode.workerProcesses > 0
      ? superviseWorkers({
          count: mode.workerProcesses,
          startWorker: () => startCommand('worker', [], env, workerNodeOptions()),
          log,
        })
      : undefined
  running.workers = workers
  log(`Chronotope is starting on ${mode.serverUrl} (admin: ${mode.serverUrl}/admin)`)
  log(describeJobRunners(mode.workerProcesses, mode.runJobsInWeb))
  const outcome = await Promise.race([
    webExited.then((code) => ({ code, reason: `The web server exited with code ${code}.` })),
    workers ? workers.gaveUp.then((reason) => ({ code: 1, reason })) : new Promise<never>(() => {}),
  ])
  if (isStopping()) return shutdown().then(() => 0)
  console.error(`[chronotope] ${outcome.reason} Stopping Chronotope.`)
  await shutdown()
  return outcome.code
}

/** Builds the app when its sources changed since the last build; resolves to the exit code. */
function startAppBuild(env: NodeJS.ProcessEnv, running: Running): Promise<number> {
  const stop = new AbortController()
  // Kept off the database, which the migration holds meanwhile: the build needs none.
  const { DATABASE_URL: _database, DATABASE_READ_URL: _replica, ...buildEnv } = env
  const done = ensureAppBuild({ env: buildEnv, log, signal: stop.signal }).catch((error: unknown) => {
    if (stop.signal.aborted) return 0
    console.error(`[chronotope] ${error instanceof Error ? error.message : String(error)}`)
    return 1
  })
  running.appBuild = { stop, done }
  return done
}

function describeJobRunners(workerProcesses: number, runJobsInWeb: boolean): string {
  if (workerProcesses > 0) return `Background jobs run in ${workerProcesses} worker process(es).`
  if (runJobsInWeb) return 'Background jobs run in the web process.'
  return 'No background jobs run here (CHRONOTOPE_WORKERS=0): start npm run worker, or uploads wait.'
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[chronotope] ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  },
)
