/**
 * Several web processes on one port (Node's `cluster`): the web server's first process becomes
 * the primary, which serves nothing itself. It starts `count` web processes that share its
 * listening socket (the primary hands each new connection to the next in turn), restarts one that
 * crashes as the launcher restarts its workers, relays their event indexes' news to each other
 * (see `events-read/event-index/index-peers`), and stops them all with itself.
 * @module
 */
import cluster from 'node:cluster'

import { IndexPeerRelay, type PrimaryMessage } from '../events-read/event-index/index-peers'
import { COMMAND_RUNNER } from './child-process'
import { superviseWorkers, type WorkerSupervisor } from './worker-supervisor'

/** Set in the environment of each web process the primary starts. */
export const CLUSTER_WORKER_VARIABLE = 'CHRONOTOPE_WEB_CLUSTER_WORKER'

/** How the primary starts its web processes. */
export interface WebClusterOptions {
  readonly count: number
  /** The web server's arguments (`--port 3000`), given to each process. */
  readonly args: readonly string[]
  readonly log: (message: string) => void
  /** How long a web process may take to close its connections when stopped, in ms. */
  readonly graceMs: number
}

/** Whether this process is a web process the primary started. */
export function isClusterWorker(env: NodeJS.ProcessEnv = process.env): boolean {
  return env[CLUSTER_WORKER_VARIABLE] === '1' && cluster.isWorker
}

/**
 * Starts the web processes and keeps them running until `stop()`.
 * @example const web = startWebCluster({ count: 2, args: ['--port', '3000'], log: console.log, graceMs: 5000 })
 */
export function startWebCluster(options: WebClusterOptions): WorkerSupervisor {
  // Through the command runner, as the launcher starts every command (it works around a Node 20
  // deadlock on loading Payload's config).
  cluster.setupPrimary({ exec: COMMAND_RUNNER, args: ['web-server', ...options.args] })
  const relay = new IndexPeerRelay()
  return superviseWorkers({
    count: options.count,
    label: 'Web process',
    log: options.log,
    graceMs: options.graceMs,
    startWorker: () => {
      const worker = cluster.fork({ [CLUSTER_WORKER_VARIABLE]: '1' })
      relay.add(worker.id, (message: PrimaryMessage) => {
        if (worker.isConnected()) worker.send(message)
      })
      worker.on('message', (message: unknown) => relay.receive(worker.id, message))
      // A send to a process that is just ending fails; its exit is handled above.
      worker.on('error', () => {})
      worker.once('exit', () => relay.remove(worker.id))
      return worker.process
    },
  })
}
