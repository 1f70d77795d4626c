/**
 * The web server process: `npm run serve` (start.ts `--production`) starts it with the
 * database's environment, as it once started `next start`. It serves the build with our own gzip
 * (src/server) and stops on SIGTERM or SIGINT. `npm start` starts it with `--dev`, in place of
 * `next dev`, so the app learns each connection's address there too. With `CHRONOTOPE_WEB_PROCESSES`
 * above 1 in production, this process only starts and watches that many web processes on the same
 * port (see lib/runtime/web-cluster.ts).
 * @example node bin/chronotope.mjs web-server --port 3000
 * @module
 */
import cluster from 'node:cluster'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { readSettings } from '../config/settings'
import { DOCS_SITE_DIR, docsBuildStateFile } from '../lib/runtime/docs-site-build'
import { securityHeaderRules } from '../lib/security/security-headers'
import { stopWhenLauncherExits } from '../lib/runtime/launcher-watch'
import { isClusterWorker, startWebCluster } from '../lib/runtime/web-cluster'
import { clusterPeerLink } from '../lib/events-read/event-index/index-peers'
import { startProductionServer, type ProductionServer } from '../server/production-server'

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const portIndex = process.argv.indexOf('--port')
const port = Number(portIndex >= 0 ? process.argv[portIndex + 1] : (process.env.PORT ?? 3000))
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`[chronotope] --port must be a TCP port; got "${process.argv[portIndex + 1] ?? process.env.PORT}"`)
  process.exit(1)
}

const CLOSE_GRACE_MS = 5_000
const settings = readSettings(process.env)
const development = process.argv.includes('--dev')

// The embedded database serves one session, which more processes would only queue on.
const clustered = settings.webProcesses > 1 && !development && settings.databaseKind !== 'embedded'
if (settings.webProcesses > 1 && !clustered)
  console.log('[chronotope] CHRONOTOPE_WEB_PROCESSES applies to `npm run serve` on PostgreSQL: one web process here')
if (clustered && cluster.isPrimary) runPrimary()
else await runServer()

function runPrimary(): void {
  const log = (message: string) => console.log(`[chronotope] ${message}`)
  log(`Starting ${settings.webProcesses} web processes on port ${port} (CHRONOTOPE_WEB_PROCESSES)`)
  const web = startWebCluster({
    count: settings.webProcesses,
    args: process.argv.slice(2),
    log,
    graceMs: CLOSE_GRACE_MS + 2_000,
  })
  let stopping = false
  const stop = (code: number) => {
    if (stopping) return
    stopping = true
    void web.stop().finally(() => process.exit(code))
  }
  process.on('SIGINT', () => stop(0))
  process.on('SIGTERM', () => stop(0))
  stopWhenLauncherExits(() => stop(0))
  void web.gaveUp.then((reason) => {
    console.error(`[chronotope] ${reason}`)
    stop(1)
  })
}

async function runServer(): Promise<void> {
  let running: ProductionServer | undefined
  let stopping = false
  // Open responses (a long export) do not hold the exit up: like `next start`, the process ends.
  const stop = () => {
    if (stopping) return
    stopping = true
    const closed = running ? running.close() : Promise.resolve()
    const timeout = new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref())
    void Promise.race([closed, timeout])
      .catch((error: unknown) => console.error(`[chronotope] Stopping the web server failed: ${String(error)}`))
      .finally(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  // A web process of a cluster stops with its primary, which watches the launcher. It listens to
  // the other processes' index news from the start, before its own index exists.
  if (isClusterWorker()) {
    process.on('disconnect', stop)
    clusterPeerLink()
  } else stopWhenLauncherExits(stop)

  // The headers next.config.ts gives every path, for the assets the server answers before Next.
  const [everyPath] = securityHeaderRules({ development: false, mapStyleUrl: settings.mapStyleUrl })

  try {
    running = await startProductionServer({
      dir: webRoot,
      port,
      dev: development,
      uploadMaxBytes: settings.uploadMaxBytes,
      staticHeaders: everyPath?.headers,
      docsSite: {
        dir: DOCS_SITE_DIR,
        stateFile: docsBuildStateFile(settings.dataDir),
        repositoryUrl: settings.repositoryUrl,
      },
    })
    console.log(`[chronotope] Web server ready on http://localhost:${running.port}`)
  } catch (error) {
    console.error(
      `[chronotope] The web server did not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    )
    process.exit(1)
  }
}
