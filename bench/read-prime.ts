/**
 * Warms the app's in-memory event index before the read mix is measured: sends one request per
 * filter of the mix (which starts loading the datasets and the data fields the filters name) and
 * waits until `/api/health` reports no loads running, round after round, since a field only loads
 * once its dataset has. Until then reads are answered by SQL; the time this takes is printed.
 * @module
 */

/** Rounds of requests; two are needed (datasets, then fields), one more confirms nothing loads. */
const ROUNDS = 3
const POLL_MS = 200

async function loadsRunning(baseUrl: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/health`)
  const body = (await response.json()) as { eventIndex?: { enabled?: boolean; loading?: number } }
  if (!body.eventIndex?.enabled) return 0
  return body.eventIndex.loading ?? 0
}

/**
 * Primes the index with `paths` (request paths under `baseUrl`), sending them on `connections`
 * connections at once: one per web process, which the server hands new connections to in turn, so
 * each process has its index (the others' loads reach it from their snapshots).
 * @returns the seconds it took
 * @throws Error when loads still run after `timeoutMs`
 */
export async function primeEventIndex(
  baseUrl: string,
  paths: readonly string[],
  timeoutMs: number,
  connections = 1,
): Promise<number> {
  const started = performance.now()
  const send = async () => {
    for (const path of paths) await (await fetch(`${baseUrl}${path}`)).arrayBuffer()
  }
  for (let round = 0; round < ROUNDS; round++) {
    await Promise.all(Array.from({ length: connections }, send))
    while ((await loadsRunning(baseUrl)) > 0) {
      if (performance.now() - started > timeoutMs)
        throw new Error(`The event index still loads after ${timeoutMs / 1000} s`)
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    }
  }
  return (performance.now() - started) / 1000
}

/** What the event index held after a load, as the app logged it. */
export interface IndexLoad {
  readonly events: number
  readonly bytes: number
}

/**
 * The last big load the app logged (`describeLoad` in the app: "it holds N events in B bytes"),
 * read from its output; undefined when no load was big enough to be logged.
 */
export function lastIndexLoad(output: string): IndexLoad | undefined {
  const last = [...output.matchAll(/it holds (\d+) events in (\d+) bytes/g)].at(-1)
  return last ? { events: Number(last[1]), bytes: Number(last[2]) } : undefined
}
