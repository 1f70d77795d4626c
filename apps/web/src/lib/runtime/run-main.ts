/**
 * Runs a script's main function and makes every way it can end explicit: exit 0 when it
 * finishes, exit 1 with the error when it throws, and exit 1 with a clear message when Node
 * would otherwise end silently with code 0 because nothing was left to wait for (a promise
 * somewhere that will never settle).
 * @example runMain('migrate', main)
 */
export function runMain(name: string, main: () => Promise<void>): void {
  let settled = false
  process.on('exit', (code) => {
    if (!settled && code === 0) {
      console.error(`[chronotope] ${name} ended before it finished: a step is waiting for something that will never happen.`)
      process.exitCode = 1
    }
  })
  main().then(
    () => {
      settled = true
      process.exit(0)
    },
    (error: unknown) => {
      settled = true
      console.error(`[chronotope] ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
      process.exit(1)
    },
  )
}
