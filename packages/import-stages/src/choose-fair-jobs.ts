/**
 * Which queued stage jobs run next, shared out fairly: turn by turn across the people who own
 * imports, then across each person's imports, so one user's big import cannot starve another's.
 * @module
 */

/** A stage job waiting in the import queue. */
export interface QueuedStageJob {
  /** The queued job's id. */
  readonly id: number
  /** Who owns the import: turns are shared out per owner (e.g. the uploader's user id). */
  readonly owner: string
  /** The import the job belongs to (e.g. the import file's id): an owner's turns rotate across them. */
  readonly importKey: string
  /** When the job was queued, ms since the epoch; within one import, older jobs go first. */
  readonly queuedAtMs: number
}

/** What {@link chooseFairJobs} decides from. */
export interface FairChoiceInput {
  /** The runnable queued jobs (the caller may pass only the oldest few per owner). */
  readonly queued: readonly QueuedStageJob[]
  /** How many jobs each owner has running now, in any worker; missing means none. */
  readonly runningByOwner: ReadonlyMap<string, number>
  /** When each owner last had a turn here, ms (any clock that only grows); missing means never. */
  readonly lastTurnMs?: ReadonlyMap<string, number>
  /** Most jobs to choose. */
  readonly limit: number
}

function byAge(a: QueuedStageJob, b: QueuedStageJob): number {
  return a.queuedAtMs - b.queuedAtMs || a.id - b.id
}

/** One owner's jobs in the order they take their turns: round-robin across imports, oldest first. */
function ownerTurnOrder(jobs: readonly QueuedStageJob[]): QueuedStageJob[] {
  const byImport = new Map<string, QueuedStageJob[]>()
  for (const job of [...jobs].sort(byAge)) {
    const list = byImport.get(job.importKey)
    if (list) list.push(job)
    else byImport.set(job.importKey, [job])
  }
  // Map order is insertion order: imports by their oldest job.
  const lists = [...byImport.values()]
  const order: QueuedStageJob[] = []
  for (let round = 0; order.length < jobs.length; round++) {
    for (const list of lists) if (round < list.length) order.push(list[round]!)
  }
  return order
}

interface OwnerTurns {
  readonly owner: string
  readonly jobs: QueuedStageJob[]
  /** Jobs running or chosen in this call. */
  load: number
  lastTurn: number
  readonly oldestMs: number
}

/** Whether `a` should have the next turn before `b`. */
function comesFirst(a: OwnerTurns, b: OwnerTurns): boolean {
  if (a.load !== b.load) return a.load < b.load
  if (a.lastTurn !== b.lastTurn) return a.lastTurn < b.lastTurn
  if (a.oldestMs !== b.oldestMs) return a.oldestMs < b.oldestMs
  return a.owner < b.owner
}

/**
 * Chooses up to `limit` queued jobs to run, in the order to run them. The next turn goes to the
 * owner with the fewest jobs running (counting those chosen here), then to the one whose last
 * turn is longest ago, then to the one who has waited longest. An owner alone gets every turn,
 * so a single import runs as fast as before.
 * @example chooseFairJobs({ queued: [a1, a2, a3, b1], runningByOwner: new Map(), limit: 3 }) // [a1, b1, a2]
 */
export function chooseFairJobs(input: FairChoiceInput): QueuedStageJob[] {
  const byOwner = new Map<string, QueuedStageJob[]>()
  for (const job of input.queued) {
    const list = byOwner.get(job.owner)
    if (list) list.push(job)
    else byOwner.set(job.owner, [job])
  }
  const owners: OwnerTurns[] = [...byOwner].map(([owner, jobs]) => ({
    owner,
    jobs: ownerTurnOrder(jobs),
    load: input.runningByOwner.get(owner) ?? 0,
    lastTurn: input.lastTurnMs?.get(owner) ?? Number.NEGATIVE_INFINITY,
    oldestMs: Math.min(...jobs.map((job) => job.queuedAtMs)),
  }))
  // Turns given here count as later than any recorded one.
  let turn = Math.max(0, ...owners.map((owner) => owner.lastTurn).filter(Number.isFinite)) + 1
  const chosen: QueuedStageJob[] = []
  while (chosen.length < input.limit) {
    let next: OwnerTurns | undefined
    for (const owner of owners) {
      if (owner.jobs.length > 0 && (next === undefined || comesFirst(owner, next))) next = owner
    }
    if (next === undefined) break
    chosen.push(next.jobs.shift()!)
    next.load++
    next.lastTurn = turn++
  }
  return chosen
}
