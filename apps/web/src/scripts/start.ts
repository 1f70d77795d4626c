/**
 * `npm start`: starts Chronotope. Without DATABASE_URL it starts the embedded PostgreSQL + PostGIS
 * with its data in ./data; then it applies migrations, seeds the demo data when the database is
 * new, and serves the app (`next dev`, or with `--production` the build through
 * src/scripts/web-server.ts). Ctrl-C, or SIGTERM or SIGINT sent to this process alone, stops it all.
 * @module
 */
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { readSettings } from '../config/settings'
import { ensureAppSecret } from '../lib/runtime/app-secret'
import { runCommand, startCommand, startNodeProcess, stopChild } from '../lib/runtime/child-process'
import { connectDatabase, databaseEnvironment } from '../lib/runtime/embedded-database'

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const production = process.argv.includes('--production')
const log = (message: string) => console.log(`[chronotope] ${message}`)

async function main(): Promise<number> {
  const base = readSettings({ ...process.env, NODE_ENV: 'development' })
  const secret = ensureAppSecret(base.dataDir)
  const database = await connectDatabase({ databaseUrl: base.databaseUrl, dataDir: base.dataDir, log })
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...databaseEnvironment(database),
    PAYLOAD_SECRET: secret,
    NODE_ENV: production ? 'production' : 'development',
    NEXT_TELEMETRY_DISABLED: '1',
    PAYLOAD_DISABLE_DEPENDENCY_CHECKER: process.env.PAYLOAD_DISABLE_DEPENDENCY_CHECKER ?? 'true',
  }
  let web: ReturnType<typeof startNodeProcess> | undefined
  let stopping: Promise<void> | undefined
  // Every caller (signal handler, web exit) waits for the same shutdown, so the process never
  // exits before the database has flushed and stopped.
  const shutdown = (): Promise<void> => {
    stopping ??= (async () => {
      log('Stopping…')
      if (web) await stopChild(web)
      await database.stop()
      log('Stopped.')
    })()
    return stopping
  }
  process.on('SIGINT', () => void shutdown().then(() => process.exit(0)))
  process.on('SIGTERM', () => void shutdown().then(() => process.exit(0)))

  log(`Database: ${database.kind === 'embedded' ? 'embedded PostgreSQL + PostGIS' : 'DATABASE_URL'}`)
  const migrated = await runCommand('migrate', ['--seed-if-new'], env)
  if (migrated !== 0) {
    await shutdown()
    return migrated
  }
  if (stopping) {
    await stopping
    return 0
  }

  // In production our own server (src/server) serves the build, so it can pick gzip levels.
  const nextBin = createRequire(path.join(webRoot, 'package.json')).resolve('next/dist/bin/next')
  web = production
    ? startCommand('web-server', ['--port', String(base.port)], env)
    : startNodeProcess([nextBin, 'dev', '-p', String(base.port)], env, webRoot)
  log(`Chronotope is starting on ${base.serverUrl} (admin: ${base.serverUrl}/admin)`)
  const code = await new Promise<number>((resolve) => web?.once('exit', (exitCode) => resolve(exitCode ?? 0)))
  const interrupted = stopping !== undefined
  await shutdown()
  return interrupted ? 0 : code
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[chronotope] ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  },
)
