import { spawn } from 'node:child_process'

import { describe, expect, it } from 'vitest'

import { superviseWorkers } from './worker-supervisor'

// Fast, so a test sees several restarts in well under a second.
const policy = { firstDelayMs: 10, maxDelayMs: 50, healthyRunMs: 60_000, maxCrashesInARow: 3 }
const nodeRunning = (code: string) => spawn(process.execPath, ['-e', code], { stdio: 'ignore' })
const waitUntil = async (condition: () => boolean, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
  return condition()
}

describe('superviseWorkers', () => {
  it('restarts a worker that crashed, and stops the new one with the launcher', async () => {
    const started: number[] = []
    const messages: string[] = []
    const workers = superviseWorkers({
      count: 1,
      // The first run crashes at once; the restarted one runs until it is stopped.
      startWorker: (index) => {
        started.push(index)
        return nodeRunning(started.length === 1 ? 'process.exit(3)' : 'setInterval(() => {}, 1000)')
      },
      log: (message) => messages.push(message),
      policy,
    })
    expect(await waitUntil(() => started.length === 2)).toBe(true)
    expect(messages[0]).toMatch(/^Worker 1 exited with code 3 after 0 s; restarting it in 0.01 s\.$/)
    await workers.stop()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(started).toEqual([1, 1])
  })

  it('gives up, saying so, on a worker that keeps crashing right after it starts', async () => {
    let starts = 0
    const workers = superviseWorkers({
      count: 2,
      startWorker: (index) => {
        starts++
        return nodeRunning(index === 2 ? 'process.exit(1)' : 'setInterval(() => {}, 1000)')
      },
      log: () => {},
      policy,
    })
    const reason = await workers.gaveUp
    expect(reason).toMatch(
      /^Worker 2 exited with code 1 after 0 s: 3 crashes in a row, each soon after it started; not restarting/,
    )
    // Worker 1 started once, worker 2 three times.
    expect(starts).toBe(4)
    await workers.stop()
  })

  it('stops its workers with SIGTERM and starts none after', async () => {
    const children: ReturnType<typeof nodeRunning>[] = []
    const workers = superviseWorkers({
      count: 2,
      startWorker: () => {
        const child = nodeRunning('setInterval(() => {}, 1000)')
        children.push(child)
        return child
      },
      log: () => {},
      policy,
    })
    await workers.stop()
    expect(children.map((child) => child.signalCode)).toEqual(['SIGTERM', 'SIGTERM'])
    expect(children).toHaveLength(2)
  })
})
