/**
 * The vocabulary of scheduled imports: source formats, what happens to events gone from the
 * source, how a run was started and how it ended. Shared by the collections, the runner and the
 * API so each word is written once.
 * @module
 */
import type { ScheduleFrequency, ScheduleSpec } from '@chronotope/schedules'

/** The schedule kinds, as `@chronotope/schedules` reads them. */
export const SCHEDULE_FREQUENCIES = [
  'every',
  'hourly',
  'daily',
  'weekly',
  'cron',
] as const satisfies readonly ScheduleFrequency[]

/** The formats a source may be read as: `auto` detects it from the content, as for uploads. */
export const SOURCE_FORMATS = ['auto', 'csv', 'tsv', 'xlsx', 'xls', 'ods', 'json', 'geojson'] as const

/** A source format. */
export type SourceFormat = (typeof SOURCE_FORMATS)[number]

/**
 * What a run does to events whose row is gone from the source: keep them, mark them removed
 * (hidden from explore and the read API, still in the admin), or delete them.
 */
export const GONE_FROM_SOURCE_ACTIONS = ['keep', 'mark-removed', 'delete'] as const

/** One of {@link GONE_FROM_SOURCE_ACTIONS}. */
export type GoneFromSourceAction = (typeof GONE_FROM_SOURCE_ACTIONS)[number]

/** How a run started: its schedule, an owner's "run now", the trigger URL, or a retry of a failed run. */
export const RUN_TRIGGERS = ['schedule', 'manual', 'webhook', 'retry'] as const

/** One of {@link RUN_TRIGGERS}. */
export type RunTrigger = (typeof RUN_TRIGGERS)[number]

/**
 * Where a run is: downloading, importing through the upload stages, waiting for a schema change
 * to be approved, or one of its ends.
 */
export const RUN_STATUSES = [
  'downloading',
  'importing',
  'awaiting-approval',
  'unchanged',
  'completed',
  'failed',
] as const

/** One of {@link RUN_STATUSES}. */
export type RunStatus = (typeof RUN_STATUSES)[number]

/** How a finished run ended. */
export const RUN_OUTCOMES = ['unchanged', 'completed', 'failed'] as const

/** One of {@link RUN_OUTCOMES}. */
export type RunOutcome = (typeof RUN_OUTCOMES)[number]

/** Updated events whose changed fields a run lists (old → new); the counts cover them all. */
export const LISTED_CHANGES = 100

/** A scheduled import's stored schedule group, as the collection keeps it (weekday as text). */
export interface StoredSchedule {
  readonly frequency?: string | null
  readonly intervalMinutes?: number | null
  readonly minute?: number | null
  readonly time?: string | null
  readonly weekday?: string | number | null
  readonly cron?: string | null
  readonly timeZone?: string | null
}

/**
 * The stored schedule as `@chronotope/schedules` takes it.
 * @example toScheduleSpec({ frequency: 'weekly', time: '06:00', weekday: '1', timeZone: 'Europe/Berlin' })
 */
export function toScheduleSpec(stored: StoredSchedule | null | undefined): ScheduleSpec {
  const frequency = (stored?.frequency ?? 'daily') as ScheduleFrequency
  const weekday = stored?.weekday
  return {
    frequency,
    timeZone: stored?.timeZone?.trim() || 'UTC',
    ...(stored?.intervalMinutes != null ? { intervalMinutes: stored.intervalMinutes } : {}),
    ...(stored?.minute != null ? { minute: stored.minute } : {}),
    ...(stored?.time ? { time: stored.time.trim() } : {}),
    ...(weekday != null && weekday !== '' ? { weekday: Number(weekday) } : {}),
    ...(stored?.cron ? { cron: stored.cron.trim() } : {}),
  }
}
