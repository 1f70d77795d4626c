/**
 * Scheduled imports and their runs as the scheduler reads them, and the one place that saves a
 * schedule's state (as the server, so the collection's hooks leave that state as given).
 * @module
 */
import type { Payload } from 'payload'

import { COLLECTION_NAMES } from '../../constants/collection-names'
import { idOf } from '../import/import-documents'
import type {
  GoneFromSourceAction,
  RunOutcome,
  RunStatus,
  RunTrigger,
  SourceFormat,
  StoredSchedule,
} from './scheduled-import-types'

/** What the scheduler keeps about a schedule (`state` group). */
export interface ScheduleState {
  readonly nextRunAt?: string | null
  readonly lastRunAt?: string | null
  readonly lastOutcome?: RunOutcome | null
  readonly consecutiveFailures?: number | null
  readonly pausedReason?: string | null
  readonly activeRun?: number | { id: number } | null
  readonly etag?: string | null
  readonly lastModified?: string | null
  readonly lastHash?: string | null
}

/** A `scheduled-imports` document as the scheduler uses it. */
export interface ScheduledImportDoc {
  readonly id: number
  readonly name: string
  readonly url: string
  readonly catalog: number | { id: number }
  readonly dataset?: number | { id: number } | null
  readonly format: SourceFormat
  readonly idStrategy: 'auto' | 'external' | 'content-hash'
  readonly idField?: string | null
  readonly duplicateAction: 'skip' | 'update'
  readonly goneFromSource: GoneFromSourceAction
  readonly schedule: StoredSchedule
  readonly enabled?: boolean | null
  readonly state?: ScheduleState | null
  readonly owner?: number | { id: number } | null
}

/** A `scheduled-import-runs` document as the scheduler uses it. */
export interface ScheduledRunDoc {
  readonly id: number
  readonly scheduledImport: number | { id: number }
  readonly status: RunStatus
  readonly trigger: RunTrigger
  readonly importFile?: number | { id: number } | null
  readonly dataset?: number | { id: number } | null
  readonly startedAt?: string | null
  readonly finishedAt?: string | null
  readonly summary?: string | null
  readonly error?: string | null
  readonly counts?: Readonly<Record<string, number | null>> | null
}

/** Loads a schedule as the server, or `undefined` when it was deleted. */
export async function loadSchedule(payload: Payload, id: number): Promise<ScheduledImportDoc | undefined> {
  const { docs } = await payload.find({
    collection: COLLECTION_NAMES.SCHEDULED_IMPORTS,
    where: { id: { equals: id } },
    depth: 0,
    limit: 1,
    overrideAccess: true,
  })
  return docs[0] as unknown as ScheduledImportDoc | undefined
}

/** Loads a run as the server, or `undefined` when it is gone (its schedule was deleted). */
export async function loadRun(payload: Payload, id: number): Promise<ScheduledRunDoc | undefined> {
  const { docs } = await payload.find({
    collection: COLLECTION_NAMES.SCHEDULED_IMPORT_RUNS,
    where: { id: { equals: id } },
    depth: 0,
    limit: 1,
    overrideAccess: true,
  })
  return docs[0] as unknown as ScheduledRunDoc | undefined
}

/** Saves a run's fields as the server. */
export async function updateRun(payload: Payload, id: number, data: Record<string, unknown>): Promise<void> {
  await payload.update({
    collection: COLLECTION_NAMES.SCHEDULED_IMPORT_RUNS,
    id,
    data,
    depth: 0,
    overrideAccess: true,
  })
}

/**
 * Saves a schedule's state (and other fields the scheduler sets) as the server: the collection's
 * checks and planning hooks leave these updates alone.
 */
export async function updateSchedule(
  payload: Payload,
  id: number,
  data: { state?: Partial<Record<keyof ScheduleState, unknown>>; enabled?: boolean; dataset?: number },
): Promise<void> {
  const schedule = await loadSchedule(payload, id)
  if (!schedule) return
  await payload.update({
    collection: COLLECTION_NAMES.SCHEDULED_IMPORTS,
    id,
    data: {
      ...data,
      ...(data.state
        ? { state: { ...schedule.state, activeRun: idOf(schedule.state?.activeRun) ?? null, ...data.state } }
        : {}),
    },
    depth: 0,
    overrideAccess: true,
    context: { scheduler: true },
  })
}
