/**
 * Keeps the launcher's worker processes running: starts them, restarts one that exits on its own
 * (see ./worker-restart-policy), gives up loudly on one that keeps crashing, and stops them all
 * with the launcher.
 * @module
 */
import type { ChildProcess } from 'node:child_process'

import { stopChild } from './child-process'
import { decideWorkerRestart, WORKER_RESTART_POLICY, type WorkerRestartPolicy } from './worker-restart-policy'

/** The running workers of a {@link superviseWorkers}. */
export interface WorkerSupervisor {
  /** Settles, with what happened, when a worker kept crashing and the supervisor stopped restarting it. */
  readonly gaveUp: Promise<string>
  /** Stops every worker (SIGTERM, SIGKILL after the grace period) and restarts none. */
  stop(): Promise<void>
}

/** How to start and watch the workers. */
export interface WorkerSupervisorOptions {
  /** How many workers to keep running. */
  readonly count: number
  /** Starts worker number `index` (1-based). */
  readonly startWorker: (index: number) => ChildProcess
  /** Told about each crash and restart. */
  readonly log: (message: string) => void
  readonly policy?: WorkerRestartPolicy
  /** How long a worker may take to finish its current job when stopped, in ms. */
  readonly graceMs?: number
  /** What the log calls each process before its number; default `Worker`. */
  readonly label?: string
}

function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `was killed by ${signal}` : `exited with code ${code}`
}

/**
 * Starts `count` workers and keeps them running until {@link WorkerSupervisor.stop}.
 * @example const workers = superviseWorkers({ count: 1, startWorker: () => spawn(...), log: console.log })
 */
export function superviseWorkers(options: WorkerSupervisorOptions): WorkerSupervisor {
  const policy = options.policy ?? WORKER_RESTART_POLICY
  const running = new Set<ChildProcess>()
  const restartTimers = new Set<NodeJS.Timeout>()
  let stopping = false
  let giveUp: (reason: string) => void = () => {}
  const gaveUp = new Promise<string>((resolve) => (giveUp = resolve))

  const run = (index: number, crashesInARow: number) => {
    if (stopping) return
    const startedAt = Date.now()
    const child = options.startWorker(index)
    running.add(child)
    let exited = false
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      if (exited) return
      exited = true
      running.delete(child)
      if (stopping) return
      const ranMs = Date.now() - startedAt
      const decision = decideWorkerRestart(crashesInARow, ranMs, policy)
      const what = `${options.label ?? 'Worker'} ${index} ${describeExit(code, signal)} after ${Math.round(ranMs / 1000)} s`
      if (decision.action === 'give-up') {
        giveUp(
          `${what}: ${decision.crashesInARow} crashes in a row, each soon after it started; not restarting it again. See its output above.`,
        )
        return
      }
      options.log(`${what}; restarting it in ${decision.delayMs / 1000} s.`)
      const timer = setTimeout(() => {
        restartTimers.delete(timer)
        run(index, decision.crashesInARow)
      }, decision.delayMs)
      restartTimers.add(timer)
    }
    child.once('exit', onExit)
    // A worker that could not be started at all (e.g. node is gone) counts as a crash.
    child.once('error', () => onExit(null, null))
  }

  for (let index = 1; index <= options.count; index++) run(index, 0)

  return {
    gaveUp,
    stop: async () => {
      stopping = true
      for (const timer of restartTimers) clearTimeout(timer)
      restartTimers.clear()
      await Promise.all([...running].map((child) => stopChild(child, options.graceMs)))
    },
  }
}
