/**
 * How many web processes `npm run serve` runs side by side on one port. Node answers a process's
 * requests on one thread, so reads from the in-memory event index queue behind each other on a
 * machine with cores to spare; several processes (Node's `cluster`) answer them in parallel, each
 * with its own index, read from the snapshots the first one wrote.
 * @module
 */

/**
 * Memory each web process is given room for by default: Next and Payload (about 300 MB), its
 * event index's share and its requests. A machine or container with less gets fewer processes.
 */
export const WEB_PROCESS_MEMORY_BYTES = 2 * 1024 ** 3

/** Most web processes started without a setting: past this, more machines serve better than more processes. */
export const MAX_DEFAULT_WEB_PROCESSES = 8

/** What the default depends on. */
export interface WebProcessContext {
  /** Cores this process may use (`os.availableParallelism()`). */
  readonly cores: number
  /** Memory this process may use, in bytes (see `processMemoryLimit`). */
  readonly memoryBytes: number
  /** Serving the production build (not `npm run dev`). */
  readonly production: boolean
  /** The launcher's embedded database, which serves one session at a time. */
  readonly embeddedDatabase: boolean
}

/**
 * The default number of web processes: one per core in production on an external PostgreSQL, as
 * many as the memory has room for ({@link WEB_PROCESS_MEMORY_BYTES} each), at most
 * {@link MAX_DEFAULT_WEB_PROCESSES}. One for the development server and for the embedded
 * database, which a laptop runs and whose single session more processes would only queue on.
 * @example defaultWebProcesses({ cores: 2, memoryBytes: 24 * 1024 ** 3, production: true, embeddedDatabase: false }) // 2
 * @example defaultWebProcesses({ cores: 4, memoryBytes: 2 * 1024 ** 3, production: true, embeddedDatabase: false }) // 1
 */
export function defaultWebProcesses(context: WebProcessContext): number {
  if (!context.production || context.embeddedDatabase) return 1
  const byMemory = Math.floor(context.memoryBytes / WEB_PROCESS_MEMORY_BYTES)
  return Math.max(1, Math.min(Math.floor(context.cores), byMemory, MAX_DEFAULT_WEB_PROCESSES))
}
