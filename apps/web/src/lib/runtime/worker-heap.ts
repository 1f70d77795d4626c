/**
 * How a worker's young generation is sized. An import builds, serializes and drops a few kilobytes
 * of short-lived strings and objects per row; with V8's default 16 MB semi-spaces a worker spent a
 * quarter of its time collecting them (10 s of 43 s of CPU for a million-row import, measured with
 * the bench's importer and a `gc` performance observer), and much of that copying rows that were
 * about to die. Semi-spaces of 64 MB halved the collection time and took 13 % off the worker's CPU,
 * which on a machine shared with the database is time the database gets back. The cost is memory
 * the young generation may hold: up to about 130 MB more, within the import's 1 GB.
 * @module
 */

/** The size of each of the young generation's two semi-spaces, in megabytes. */
export const WORKER_SEMI_SPACE_MB = 64

/**
 * The Node options a worker process is started with, by the launcher and by `npm run worker`
 * (whose script names them too).
 * @example workerNodeOptions() // ['--max-semi-space-size=64']
 */
export function workerNodeOptions(): string[] {
  return [`--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`]
}
