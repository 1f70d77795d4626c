/**
 * Which kind of process this is. The worker marks itself so the web process's automatic job
 * runner stays off there: the worker runs jobs in its own loop.
 * @module
 */
let worker = false

/** Marks this process as a job worker (`npm run worker`). */
export function markAsWorkerProcess(): void {
  worker = true
}

/**
 * Whether this process is a job worker.
 * @example isWorkerProcess() // false in the web app
 */
export function isWorkerProcess(): boolean {
  return worker
}
