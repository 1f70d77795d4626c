/**
 * Runs a script's main function and keeps the process alive until it settles: exit 0 when it
 * finishes, exit 1 with the error when it throws.
 *
 * Node ends a process whose event loop has nothing referenced left, even while a promise is
 * pending; Payload's start-up can wait on unreferenced sockets and timers, which ended scripts
 * silently with code 0 half-way through. A referenced timer holds the loop open, and an exit
 * that still happens early is reported as a failure.
 * @example runMain('migrate', main)
 */
export function runMain(name: string, main: () => Promise<void>): void {
  let settled = false
  const keepAlive = setInterval(() => {}, 60_000)
  process.on('exit', (code) => {
    if (!settled && code === 0) {
      console.error(`[chronotope] ${name} ended before it finished: a step is waiting for something that will never happen.`)
      process.exitCode = 1
    }
  })
  main().then(
    () => {
      settled = true
      clearInterval(keepAlive)
      process.exit(0)
    },
    (error: unknown) => {
      settled = true
      clearInterval(keepAlive)
      console.error(`[chronotope] ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
      process.exit(1)
    },
  )
}
