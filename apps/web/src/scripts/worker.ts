/**
 * `npm run worker`: runs queued background jobs in a process of its own (in production the web
 * process does not). Several workers may run at once: Payload marks a job as processing before
 * running it, so two workers never run the same job. SIGINT/SIGTERM let the current jobs finish.
 * @module
 */
import { setTimeout as sleep } from 'node:timers/promises'

import { loadPayload } from '../lib/runtime/load-payload'
import { markAsWorkerProcess } from '../lib/runtime/process-role'
import { runMain } from '../lib/runtime/run-main'

const IDLE_POLL_MS = 1_000
const JOBS_PER_ROUND = 10

async function main(): Promise<void> {
  markAsWorkerProcess()
  const payload = await loadPayload()
  let running = true
  const stop = () => {
    running = false
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  payload.logger.info('Worker started; waiting for jobs.')
  while (running) {
    await payload.jobs.handleSchedules({ allQueues: true })
    const result = await payload.jobs.run({ allQueues: true, limit: JOBS_PER_ROUND })
    const ran = Object.keys(result?.jobStatus ?? {}).length
    if (ran === 0 && running) await sleep(IDLE_POLL_MS)
  }
  payload.logger.info('Worker stopped.')
}

runMain('worker', main)
