/**
 * Ends a scheduled run: records how it ended, releases the schedule for its next run and plans
 * that run. A failed run is retried with backoff; after {@link FAILURES_BEFORE_PAUSE} failures in a
 * row the schedule pauses itself and says why: for its owner in the admin and through the
 * `schedule.paused` webhook, and for operators in `/api/health`.
 * @module
 */
import { FAILURES_BEFORE_PAUSE, nextAttemptAt, nextRunAt } from '@chronotope/schedules'
import type { Payload } from 'payload'

import { settings } from '../../config/settings'
import { idOf } from '../import/import-documents'
import { queueWebhookEvent } from '../webhooks/queue-webhook-event'
import { loadRun, loadSchedule, updateRun, updateSchedule, type ScheduledImportDoc } from './scheduled-import-documents'
import { toScheduleSpec, type RunOutcome } from './scheduled-import-types'

/** What the source answered, kept for the next run's conditional request. */
export interface SourceValidators {
  readonly etag?: string | null
  readonly lastModified?: string | null
  readonly hash?: string | null
}

/** How a run ended, as {@link finishRun} records it. */
export interface RunEnd {
  readonly outcome: RunOutcome
  /** One line for the run list, e.g. "3 added, 1 updated, 2 gone (marked removed)". */
  readonly summary: string
  /** For a failure: what went wrong, in words the owner can act on. */
  readonly error?: string
  /** For a run that read the source: its validators, for the next run's conditional request. */
  readonly validators?: SourceValidators
  /** The dataset a first run created, which later runs import into. */
  readonly datasetId?: number
}

/**
 * The schedule's state after a run, from the schedule and how the run ended. Pure. The next
 * regular run is the schedule's first slot after the run started, so a run's length never shifts
 * the schedule; a retry comes the backoff's delay after the failed run started, or at the first
 * regular slot after that delay (`nextAttemptAt`), so frequent schedules back off too.
 */
export function stateAfterRun(
  schedule: Pick<ScheduledImportDoc, 'schedule' | 'state'>,
  end: Pick<RunEnd, 'outcome' | 'error' | 'validators'>,
  startedAt: Date,
  now: Date,
): { state: Record<string, unknown>; pause: boolean } {
  const spec = toScheduleSpec(schedule.schedule)
  const regular = nextRunAt(spec, startedAt)
  if (end.outcome !== 'failed') {
    return {
      pause: false,
      state: {
        activeRun: null,
        lastRunAt: now.toISOString(),
        lastOutcome: end.outcome,
        consecutiveFailures: 0,
        pausedReason: null,
        nextRunAt: regular.toISOString(),
        ...(end.validators
          ? {
              etag: end.validators.etag ?? null,
              lastModified: end.validators.lastModified ?? null,
              lastHash: end.validators.hash ?? schedule.state?.lastHash ?? null,
            }
          : {}),
      },
    }
  }
  const failures = Number(schedule.state?.consecutiveFailures ?? 0) + 1
  const pause = failures >= FAILURES_BEFORE_PAUSE
  return {
    pause,
    state: {
      activeRun: null,
      lastRunAt: now.toISOString(),
      lastOutcome: 'failed',
      consecutiveFailures: failures,
      pausedReason: pause
        ? `Paused after ${failures} failed runs in a row; the last one: ${end.error ?? 'unknown error'}. Fix the cause, then turn the schedule on again.`
        : null,
      nextRunAt: pause ? null : nextAttemptAt(spec, startedAt, failures).toISOString(),
    },
  }
}

/**
 * Records a run's end on the run and its schedule, and releases the schedule. Safe to call twice:
 * a run that has already ended is left as it is.
 */
export async function finishRun(payload: Payload, runId: number, end: RunEnd, now: Date = new Date()): Promise<void> {
  const run = await loadRun(payload, runId)
  if (!run || run.finishedAt) return
  await updateRun(payload, runId, {
    status: end.outcome,
    finishedAt: now.toISOString(),
    summary: end.summary,
    error: end.error ?? null,
    ...(end.datasetId !== undefined ? { dataset: end.datasetId } : {}),
  })
  const scheduleId = idOf(run.scheduledImport)!
  const schedule = await loadSchedule(payload, scheduleId)
  if (!schedule) return
  // Only the run holding the schedule releases it; a manual run's end never frees another's claim.
  if (idOf(schedule.state?.activeRun) !== runId && schedule.state?.activeRun != null) return
  const startedAt = run.startedAt ? new Date(run.startedAt) : now
  const { state, pause } = stateAfterRun(schedule, end, startedAt, now)
  await updateSchedule(payload, scheduleId, {
    state,
    ...(pause ? { enabled: false } : {}),
    ...(end.datasetId !== undefined && idOf(schedule.dataset) === undefined ? { dataset: end.datasetId } : {}),
  })
  if (pause) {
    payload.logger.warn({ msg: 'Scheduled import paused after repeated failures', scheduledImport: scheduleId })
    const ownerId = idOf(schedule.owner)
    if (ownerId !== undefined) {
      await queueWebhookEvent(payload, {
        event: 'schedule.paused',
        ownerId,
        createdAt: now,
        data: {
          scheduledImportId: scheduleId,
          name: schedule.name,
          reason: end.error ?? String(state.pausedReason),
          failures: Number(state.consecutiveFailures),
          datasetId: idOf(schedule.dataset) ?? null,
          links: {
            schedule: `${settings.serverUrl}/admin/collections/scheduled-imports/${scheduleId}`,
            runs: `${settings.serverUrl}/api/scheduled-imports/${scheduleId}/runs`,
          },
        },
      }).catch((err: unknown) => payload.logger.error({ err, msg: 'Queueing the schedule.paused webhook failed' }))
    }
  }
}
