/**
 * The database and server of `npm run bench:ui`: a fresh, uniquely named PostgreSQL database
 * (BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL, else the local server) seeded like
 * `npm run bench:read`'s, and the production app serving it; and the cleanup that stops the server,
 * drops the database and closes the browser, once, at the end or on Ctrl-C.
 * @module
 */
import pg from 'pg'

import { cleanUpOnSignals } from './cleanup'
import { createBenchDatasets, migrateDatabase, seedEvents } from './read-seed'
import { buildApp, freePort, startApp, type RunningApp } from './read-server'

const fmt = (n: number) => Math.round(n).toLocaleString('en')

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

/** The run's cleanup: steps, run once, last registered first, also on Ctrl-C. */
export const { cleanups, cleanUp, isCleaning } = cleanUpOnSignals(
  'closing the browser, stopping the server and dropping the benchmark database',
)

/**
 * Builds the app (unless `options.build` is false), seeds a fresh database with `options.events`
 * events and serves the app on it, registering their cleanup.
 */
export async function prepareApp(
  options: { events: number; build: boolean },
  dataDir: string,
): Promise<{ app: RunningApp; label: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CHRONOTOPE_DATA_DIR: dataDir,
    CHRONOTOPE_RUN_JOBS_IN_WEB: 'false',
    // No jobs are queued; an idle worker polling the queue would only add noise to the figures.
    CHRONOTOPE_WORKERS: '0',
    CHRONOTOPE_SEED_ON_FIRST_START: 'false',
    LOG_LEVEL: 'warn',
    NEXT_TELEMETRY_DISABLED: '1',
  }
  for (const name of ['DATABASE_URL', 'CHRONOTOPE_DATABASE_KIND', 'TEST_DATABASE_URL', 'NODE_ENV', 'VITEST'])
    delete env[name]
  if (options.build) {
    console.log('Building the app (npm run build)…')
    console.log(`  built in ${(await buildApp(env)).toFixed(0)} s`)
  }
  const serverUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    process.env.DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres'
  const database = `chronotope_bench_ui_${process.pid}_${Date.now()}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  cleanups.push(() => admin.end())
  await admin.query(`create database ${database}`)
  const databaseUrl = withDatabase(serverUrl, database)
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 })
  // The drop below ends the pool's connections, mid-COPY too after Ctrl-C: expected, not an error.
  pool.on('error', () => {})
  cleanups.push(() => pool.end())
  cleanups.push(() => admin.query(`drop database if exists ${database} with (force)`))
  console.log(`Migrating ${database} on ${new URL(serverUrl).host} (npm run migrate)…`)
  await migrateDatabase(databaseUrl, env)
  const { datasetIds } = await createBenchDatasets(pool)
  console.log(`Seeding ${fmt(options.events)} events with COPY…`)
  const seconds = await seedEvents(pool, options.events, datasetIds, { copy: true })
  console.log(`  seeded and analyzed in ${seconds.toFixed(1)} s (${fmt(options.events / seconds)} events/s)`)
  console.log('Starting the app (npm run serve)…')
  // Registered after the drop, so the server stops before its database is dropped.
  const app = await startApp({ ...env, DATABASE_URL: databaseUrl }, await freePort(), (launched) =>
    cleanups.push(() => launched.stop()),
  )
  console.log(`  answered /api/health after ${app.startSeconds.toFixed(1)} s`)
  return { app, label: `PostgreSQL on ${new URL(serverUrl).host}` }
}
