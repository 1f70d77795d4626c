/**
 * Starts runs of scheduled imports: those whose time has come (the scheduler's tick), and those
 * people ask for (run now, the trigger URL). A schedule holds at most one run at a time: the run
 * claims the schedule with one conditional UPDATE, so two web processes, two workers or a trigger
 * arriving during a run never start a second one.
 * @module
 */
import type { Payload } from 'payload'

import { COLLECTION_NAMES } from '../../constants/collection-names'
import { JOB_QUEUES, JOB_TYPES } from '../../constants/job-types'
import { idOf } from '../import/import-documents'
import { requestImportRun } from '../import/import-job-runner'
import { databasePool } from '../import/progress-tracking'
import { loadRun, loadSchedule, type ScheduledRunDoc } from './scheduled-import-documents'
import type { RunTrigger } from './scheduled-import-types'

/** What asking for a run gave: a new run, or the one already under way. */
export interface RunRequestOutcome {
  readonly run: ScheduledRunDoc
  /** False when a run of the schedule was already in progress (that run is returned). */
  readonly started: boolean
}

/** Schedules started per tick at most; the rest start on the next tick (a minute later). */
export const DUE_SCHEDULES_PER_TICK = 100

/** Thrown when the schedule to run does not exist (any more). */
export class ScheduleNotFound extends Error {
  override readonly name = 'ScheduleNotFound'
  /** @param scheduleId - the schedule asked for */
  constructor(readonly scheduleId: number) {
    super(`There is no scheduled import ${scheduleId}`)
  }
}

/**
 * Starts a run of a schedule now, unless one is in progress; queues its download on the imports
 * queue, where runs of many schedules take turns with uploads, owner by owner.
 * @throws {@link ScheduleNotFound}
 */
export async function startScheduledRun(
  payload: Payload,
  scheduleId: number,
  trigger: RunTrigger,
  now: Date = new Date(),
): Promise<RunRequestOutcome> {
  const schedule = await loadSchedule(payload, scheduleId)
  if (!schedule) throw new ScheduleNotFound(scheduleId)
  const active = idOf(schedule.state?.activeRun)
  if (active !== undefined) {
    const run = await loadRun(payload, active)
    if (run) return { run, started: false }
  }
  const created = (await payload.create({
    collection: COLLECTION_NAMES.SCHEDULED_IMPORT_RUNS,
    data: {
      scheduledImport: scheduleId,
      trigger,
      status: 'downloading',
      startedAt: now.toISOString(),
      summary: 'Downloading',
      owner: idOf(schedule.owner) ?? null,
      ...(idOf(schedule.dataset) !== undefined ? { dataset: idOf(schedule.dataset) } : {}),
    },
    depth: 0,
    overrideAccess: true,
  })) as unknown as ScheduledRunDoc
  // The claim: only one run may hold the schedule. A run left by a dead process is released when
  // its job gives up (see finishRun); a stale claim never blocks forever.
  const claimed = await databasePool(payload).query(
    `update scheduled_imports set state_active_run_id = $2
      where id = $1 and (state_active_run_id is null or state_active_run_id = $2)`,
    [scheduleId, created.id],
  )
  if ((claimed.rowCount ?? 0) === 0) {
    await payload.delete({ collection: COLLECTION_NAMES.SCHEDULED_IMPORT_RUNS, id: created.id, overrideAccess: true })
    const latest = await loadSchedule(payload, scheduleId)
    const run = await loadRun(payload, idOf(latest?.state?.activeRun) ?? -1)
    if (run) return { run, started: false }
    return startScheduledRun(payload, scheduleId, trigger, now)
  }
  await payload.jobs.queue({
    task: JOB_TYPES.RUN_SCHEDULED_IMPORT as never,
    input: { runId: created.id },
    queue: JOB_QUEUES.IMPORTS,
  })
  requestImportRun(payload)
  return { run: created, started: true }
}

/**
 * The scheduler's tick: starts a run of every enabled schedule whose next run is due by `now` and
 * that has none in progress; a schedule that failed last time starts as a retry.
 * @returns how many runs started
 */
export async function startDueScheduledImports(payload: Payload, now: Date = new Date()): Promise<number> {
  const { docs } = await payload.find({
    collection: COLLECTION_NAMES.SCHEDULED_IMPORTS,
    where: {
      and: [
        { enabled: { equals: true } },
        { 'state.nextRunAt': { less_than_equal: now.toISOString() } },
        { 'state.activeRun': { exists: false } },
      ],
    },
    sort: 'state.nextRunAt',
    depth: 0,
    limit: DUE_SCHEDULES_PER_TICK,
    overrideAccess: true,
    select: { state: true },
  })
  let started = 0
  for (const doc of docs) {
    const failures = Number((doc.state as { consecutiveFailures?: number } | undefined)?.consecutiveFailures ?? 0)
    const outcome = await startScheduledRun(payload, Number(doc.id), failures > 0 ? 'retry' : 'schedule', now)
    if (outcome.started) started++
  }
  return started
}
