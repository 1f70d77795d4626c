/**
 * `npm run worker`: runs queued background jobs in a process of its own (in production the web
 * process does not). Several workers may run at once: Payload marks a job as processing before
 * running it, so two workers never run the same job. SIGINT/SIGTERM let the current jobs finish.
 * @module
 */
import { setTimeout as sleep } from 'node:timers/promises'

import { settings } from '../config/settings'
import { runQueuedJobs } from '../lib/import/fair-import-queue'
import { takeOverStaleImports } from '../lib/import/import-job-runner'
import { startJobRunnerHeartbeat } from '../lib/jobs/job-runners'
import { stopWhenLauncherExits } from '../lib/runtime/launcher-watch'
import { loadPayload } from '../lib/runtime/load-payload'
import { markAsWorkerProcess } from '../lib/runtime/process-role'
import { runMain } from '../lib/runtime/run-main'

// Short, so an upload handled by the web process starts here well within a second.
const IDLE_POLL_MS = 250
const JOBS_PER_ROUND = 10
// Scheduled jobs run every few minutes at most; checking for due ones this often is plenty.
const SCHEDULES_INTERVAL_MS = 5_000

async function main(): Promise<void> {
  markAsWorkerProcess()
  const payload = await loadPayload()
  let running = true
  const stop = () => {
    running = false
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  stopWhenLauncherExits(stop)
  // Tells the health check of every web process that queued jobs will run.
  const heartbeat = startJobRunnerHeartbeat(payload, 'worker')
  payload.logger.info('Worker started; waiting for jobs.')
  let nextTakeOverMs = 0
  let nextSchedulesMs = 0
  while (running) {
    if (Date.now() >= nextTakeOverMs) {
      // Imports whose worker died (no heartbeat within the lease) resume here.
      await takeOverStaleImports(payload)
      nextTakeOverMs = Date.now() + (settings.jobLeaseSeconds * 1000) / 2
    }
    if (Date.now() >= nextSchedulesMs) {
      await payload.jobs.handleSchedules({ allQueues: true })
      nextSchedulesMs = Date.now() + SCHEDULES_INTERVAL_MS
    }
    // The import queue in fair turns across uploaders, the other queues oldest first.
    const ran = await runQueuedJobs(payload, JOBS_PER_ROUND)
    if (ran === 0 && running) await sleep(IDLE_POLL_MS)
  }
  await heartbeat.stop()
  payload.logger.info('Worker stopped.')
}

runMain('worker', main)
