import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { isPortFree } from '@chronotope/embedded-postgres'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { descendantsOf, startChronotope, type RunningChronotope } from '../helpers/chronotope-process'
import { createTestDatabase, externalServerUrl, type TestDatabase } from '../setup/test-database'

// A process manager, `docker stop` or `kill <pid>` sends its signal to one process, the top one
// (`npm` itself), not to the whole process group as Ctrl-C in a terminal does.
let dataDir: string
let database: TestDatabase | undefined
let app: RunningChronotope | undefined

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'chronotope-e2e-signals-'))
  if (externalServerUrl()) database = await createTestDatabase('chronotope_e2e_signals')
})

// A failed case must not leave its server running: Next allows one development server per folder.
afterEach(() => {
  app?.kill()
  app = undefined
})

afterAll(async () => {
  await database?.drop()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Whether a process runs (a zombie, exited but not yet reaped, does not). */
function isRunning(pid: number): boolean {
  try {
    const state = execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).trim()
    return state !== '' && !state.startsWith('Z')
  } catch {
    return false
  }
}

async function stillRunning(pids: readonly number[], waitMs = 15_000): Promise<number[]> {
  const deadline = Date.now() + waitMs
  let running = pids.filter(isRunning)
  while (running.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    running = running.filter(isRunning)
  }
  return running
}

const portOf = (url: string) => Number(new URL(url).port)

describe('npm start, sent a signal to its top process only', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'stops every process it started, the database cleanly and frees its port on %s',
    async (signal) => {
      const firstStart = !existsSync(path.join(dataDir, 'secret'))
      app = await startChronotope({
        dataDir,
        databaseUrl: database?.url,
        env: { CHRONOTOPE_SEED_ON_FIRST_START: 'false' },
      })
      // The data folder from the run before was found as it was left: no migration to apply.
      if (!firstStart) expect(app.output()).not.toContain('Migrating:')
      expect(app.output()).toContain('Database schema is current')
      const runtimeFile = path.join(dataDir, 'embedded-database.json')
      const databasePort = database
        ? undefined
        : portOf((JSON.parse(readFileSync(runtimeFile, 'utf8')) as { url: string }).url)
      const started = descendantsOf(app.process.pid!)
      // At least the launcher and the web server (the embedded database's processes besides).
      expect(started.length, app.output()).toBeGreaterThanOrEqual(2)

      expect(await app.interrupt(60_000, signal), app.output()).toBe(0)
      expect(await stillRunning(started), app.output()).toEqual([])
      expect(app.output()).toContain('Stopped.')
      expect(existsSync(runtimeFile)).toBe(false)
      const webPort = portOf(app.baseUrl)
      expect(await isPortFree(webPort, '127.0.0.1')).toBe(true)
      expect(await isPortFree(webPort, '::')).toBe(true)
      if (databasePort) expect(await isPortFree(databasePort)).toBe(true)
    },
  )
})
