/**
 * Lets a process that the launcher started (a worker, the production web server) stop when the
 * launcher is gone, e.g. killed with SIGKILL, which gives it no chance to stop its children:
 * otherwise they would run on, attached to a database that is no longer there.
 * @module
 */
import { settings } from '../../config/settings'

const CHECK_INTERVAL_MS = 1_000

/**
 * Calls `stop` once this process's parent is no longer the launcher that started it (the process
 * was handed to another parent). Does nothing in a process the launcher did not start.
 * @param launcherPid - the launcher's process id (default: `CHRONOTOPE_LAUNCHER_PID`)
 * @example stopWhenLauncherExits(() => process.kill(process.pid, 'SIGTERM'))
 */
export function stopWhenLauncherExits(stop: () => void, launcherPid: number | undefined = settings.launcherPid): void {
  if (launcherPid === undefined) return
  const timer = setInterval(() => {
    if (process.ppid === launcherPid) return
    clearInterval(timer)
    console.error(`[chronotope] The launcher (process ${launcherPid}) is gone; stopping.`)
    stop()
  }, CHECK_INTERVAL_MS)
  timer.unref()
}
