/**
 * The cleanup of a benchmark run: the servers, databases, browsers and folders it started, undone
 * once, last started first, whether the run ends, fails or is stopped with Ctrl-C.
 * @module
 */

/** A run's cleanup steps and the way to run them. */
export interface BenchCleanup {
  /** Steps to run, last registered first. */
  readonly cleanups: Array<() => Promise<unknown>>
  /** Runs the steps once, logging any that fail; later calls get the same promise. */
  readonly cleanUp: () => Promise<void>
  /** Whether the cleanup has begun (after Ctrl-C, say), so the measuring should stop. */
  readonly isCleaning: () => boolean
}

/**
 * A cleanup that also runs on SIGINT and SIGTERM, then exits with 130.
 * @param stopping - what the signal message says is being undone, e.g. "stopping the server"
 */
export function cleanUpOnSignals(stopping: string): BenchCleanup {
  const cleanups: Array<() => Promise<unknown>> = []
  let cleaning: Promise<void> | undefined
  const cleanUp = (): Promise<void> => {
    cleaning ??= (async () => {
      for (const step of cleanups.reverse()) {
        await step().catch((error: unknown) =>
          console.error(`Cleanup failed: ${error instanceof Error ? error.message : String(error)}`),
        )
      }
    })()
    return cleaning
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: ${stopping}…`)
      void cleanUp().finally(() => process.exit(130))
    })
  }
  return { cleanups, cleanUp, isCleaning: () => cleaning !== undefined }
}
