/**
 * The schedule of a scheduled import and when it runs. Three kinds of time:
 * - `every`: real elapsed time, on multiples of N minutes since 1970-01-01T00:00Z (so "every 15
 *   minutes" runs at :00, :15, :30 and :45 and is never shifted by daylight saving);
 * - `hourly`: at a minute of every real hour (local minute, which differs from UTC's only in
 *   zones offset by a fraction of an hour);
 * - `daily`, `weekly`, `cron`: local wall-clock times, turned into instants by
 *   {@link instantOfWallTime}, so a skipped local time runs once just after the gap and a repeated
 *   one runs once, at its first occurrence.
 * @module
 */
import { parseCronExpression, type CronWallPattern } from './cron-expression'
import { DAY_MS, HOUR_MS, instantOfWallTime, MINUTE_MS, offsetAt, offsetTransitions, wallTimeAt } from './time-zone'

/** How a schedule repeats. */
export type ScheduleFrequency = 'every' | 'hourly' | 'daily' | 'weekly' | 'cron'

/** Every frequency, in the order a form offers them. */
export const SCHEDULE_FREQUENCIES: readonly ScheduleFrequency[] = ['every', 'hourly', 'daily', 'weekly', 'cron']

/**
 * A schedule as stored on a scheduled import. Only the fields of its `frequency` are read.
 * @example { frequency: 'daily', time: '06:00', timeZone: 'Europe/Berlin' }
 */
export interface ScheduleSpec {
  /** How it repeats. */
  readonly frequency: ScheduleFrequency
  /** `every`: whole minutes between runs, at least the minimum (default {@link MIN_INTERVAL_MINUTES}). */
  readonly intervalMinutes?: number
  /** `hourly`: the minute of the hour, 0–59. */
  readonly minute?: number
  /** `daily` and `weekly`: the local time, `HH:MM` on a 24-hour clock. */
  readonly time?: string
  /** `weekly`: the day, 0 = Sunday … 6 = Saturday. */
  readonly weekday?: number
  /** `cron`: a 5-field expression (minute hour day month weekday); names such as `MON` allowed. */
  readonly cron?: string
  /** The IANA time zone the times are in, e.g. `Europe/Berlin`; `UTC` allowed. */
  readonly timeZone: string
}

/** The shortest interval, in minutes, a schedule may have unless a caller raises it. */
export const MIN_INTERVAL_MINUTES = 5

/** The longest `every` interval, in minutes (a year): beyond that, a cron expression says it better. */
export const MAX_INTERVAL_MINUTES = 525_600

/** Thrown by {@link nextRunAt} and {@link shortestInterval} for a schedule that cannot run. */
export class InvalidSchedule extends Error {
  override readonly name = 'InvalidSchedule'
  /**
   * @param field - the field at fault
   * @param reason - why, for a person
   */
  constructor(
    readonly field: keyof ScheduleSpec,
    readonly reason: string,
  ) {
    super(`The schedule's ${field} ${reason}`)
  }
}

const TIME_OF_DAY = /^([01]?\d|2[0-3]):([0-5]\d)$/

/** Minutes after midnight of an `HH:MM` time, or `undefined` when it is not one. */
export function minutesOfTime(time: string | undefined): number | undefined {
  const match = TIME_OF_DAY.exec(time?.trim() ?? '')
  if (match === null) return undefined
  return Number(match[1]) * 60 + Number(match[2])
}

/** The local days and times a wall-clock schedule (daily, weekly, cron) runs at. */
interface WallPattern {
  readonly minutesOfDay: readonly number[]
  /** The first matching day (wall midnight) at or after `dayWall`, or `null`. */
  nextDay(dayWall: number): number | null
}

function isWholeNumberIn(value: unknown, low: number, high: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= low && value <= high
}

function wallPatternOf(spec: ScheduleSpec): WallPattern | undefined {
  if (spec.frequency === 'cron') return parseCronExpression(spec.cron ?? '') satisfies CronWallPattern
  if (spec.frequency !== 'daily' && spec.frequency !== 'weekly') return undefined
  const minutes = minutesOfTime(spec.time)
  if (minutes === undefined)
    throw new InvalidSchedule('time', `must be a 24-hour time HH:MM; got ${JSON.stringify(spec.time)}`)
  if (spec.frequency === 'daily') return { minutesOfDay: [minutes], nextDay: (day) => day }
  const weekday = spec.weekday
  if (!isWholeNumberIn(weekday, 0, 6)) {
    throw new InvalidSchedule('weekday', `must be 0 (Sunday) to 6 (Saturday); got ${JSON.stringify(weekday)}`)
  }
  return {
    minutesOfDay: [minutes],
    // 1970-01-01 was a Thursday (4).
    nextDay: (day) => day + ((((weekday - (Math.floor(day / DAY_MS) + 4)) % 7) + 7) % 7) * DAY_MS,
  }
}

/** The first wall time the pattern names strictly after `wall`, or `null` if none. */
function nextWallTime(pattern: WallPattern, wall: number): number | null {
  const today = Math.floor(wall / DAY_MS) * DAY_MS
  if (pattern.nextDay(today) === today) {
    for (const minute of pattern.minutesOfDay) {
      const candidate = today + minute * MINUTE_MS
      if (candidate > wall) return candidate
    }
  }
  const day = pattern.nextDay(today + DAY_MS)
  const first = pattern.minutesOfDay[0]
  return day === null || first === undefined ? null : day + first * MINUTE_MS
}

function checkTimeZone(spec: ScheduleSpec): void {
  try {
    offsetAt(0, spec.timeZone)
  } catch {
    throw new InvalidSchedule('timeZone', `${JSON.stringify(spec.timeZone)} is not a known IANA time zone`)
  }
}

function intervalOf(spec: ScheduleSpec): number {
  const minutes = spec.intervalMinutes
  if (!isWholeNumberIn(minutes, 1, MAX_INTERVAL_MINUTES)) {
    throw new InvalidSchedule('intervalMinutes', `must be a whole number of minutes; got ${JSON.stringify(minutes)}`)
  }
  return minutes
}

function* everyRuns(intervalMs: number, after: number): Generator<number> {
  for (let run = Math.floor(after / intervalMs) * intervalMs + intervalMs; ; run += intervalMs) yield run
}

/** The instant in the real hour starting at `hour` (a UTC hour) whose local minute is `minute`. */
function instantAtLocalMinute(hour: number, minute: number, timeZone: string): number | undefined {
  for (const offset of new Set([offsetAt(hour, timeZone), offsetAt(hour + HOUR_MS - 1, timeZone)])) {
    const instant = hour + ((((minute * MINUTE_MS - offset) % HOUR_MS) + HOUR_MS) % HOUR_MS)
    if (Math.floor(wallTimeAt(instant, timeZone) / MINUTE_MS) % 60 === minute) return instant
  }
  return undefined
}

function* hourlyRuns(minute: number, timeZone: string, after: number): Generator<number> {
  let last = after
  for (let hour = Math.floor(after / HOUR_MS) * HOUR_MS; ; hour += HOUR_MS) {
    const run = instantAtLocalMinute(hour, minute, timeZone)
    if (run !== undefined && run > last) {
      yield run
      last = run
    }
  }
}

function* wallRuns(pattern: WallPattern, timeZone: string, after: number): Generator<number> {
  // Start a little before `after` in local time: instants never decrease as wall times increase,
  // so every wall time before a start that resolves at or before `after` can be skipped.
  let wall = Math.floor(wallTimeAt(after, timeZone) / MINUTE_MS) * MINUTE_MS - 3 * HOUR_MS
  while (instantOfWallTime(wall, timeZone) > after) wall -= DAY_MS
  let last = after
  for (;;) {
    const next = nextWallTime(pattern, wall)
    if (next === null) return
    wall = next
    const run = instantOfWallTime(wall, timeZone)
    // Wall times inside a spring-forward gap all resolve to its end: one run, not several.
    if (run > last) {
      yield run
      last = run
    }
  }
}

/**
 * The runs of a schedule strictly after `after`, ascending (instants in ms). Endless for every
 * kind except a cron expression whose days run out.
 * @throws {@link InvalidSchedule} naming the first field that keeps it from running
 */
export function scheduleRuns(spec: ScheduleSpec, after: Date): Generator<number> {
  checkTimeZone(spec)
  const start = after.getTime()
  if (Number.isNaN(start)) throw new RangeError('scheduleRuns needs a valid date')
  switch (spec.frequency) {
    case 'every':
      return everyRuns(intervalOf(spec) * MINUTE_MS, start)
    case 'hourly': {
      if (!isWholeNumberIn(spec.minute, 0, 59)) {
        throw new InvalidSchedule('minute', `must be a whole number from 0 to 59; got ${JSON.stringify(spec.minute)}`)
      }
      return hourlyRuns(spec.minute, spec.timeZone, start)
    }
    case 'daily':
    case 'weekly':
    case 'cron': {
      let pattern: WallPattern | undefined
      try {
        pattern = wallPatternOf(spec)
      } catch (error) {
        if (error instanceof InvalidSchedule) throw error
        throw new InvalidSchedule('cron', error instanceof Error ? error.message : String(error))
      }
      if (pattern === undefined) throw new InvalidSchedule('frequency', 'is not known')
      return wallRuns(pattern, spec.timeZone, start)
    }
    default:
      throw new InvalidSchedule(
        'frequency',
        `must be one of ${SCHEDULE_FREQUENCIES.join(', ')}; got ${JSON.stringify(spec.frequency)}`,
      )
  }
}

function neverRuns(spec: ScheduleSpec): InvalidSchedule {
  return new InvalidSchedule('cron', `${JSON.stringify(spec.cron?.trim())} never matches a date in the next 30 years`)
}

/**
 * The first run strictly after `after`.
 * @throws {@link InvalidSchedule} for a schedule that cannot run (bad field, cron that never matches)
 * @example nextRunAt({ frequency: 'daily', time: '06:00', timeZone: 'Europe/Berlin' }, new Date('2026-07-01T12:00:00Z')) // 2026-07-02T04:00:00.000Z
 */
export function nextRunAt(spec: ScheduleSpec, after: Date): Date {
  const next = scheduleRuns(spec, after).next()
  if (next.done === true) throw neverRuns(spec)
  return new Date(next.value)
}

/** The shortest distance between consecutive local wall times of a pattern, in minutes, over ~a year. */
function shortestWallGap(pattern: WallPattern, fromWall: number): number {
  const minutes = pattern.minutesOfDay
  let within = Number.POSITIVE_INFINITY
  for (let index = 1; index < minutes.length; index++) within = Math.min(within, minutes[index]! - minutes[index - 1]!)
  let dayGap = Number.POSITIVE_INFINITY
  const firstDay = Math.floor(fromWall / DAY_MS) * DAY_MS
  let previous = pattern.nextDay(firstDay)
  // A year covers every weekday and month pattern; a leap day needs up to eight years to recur twice.
  for (let count = 0; previous !== null && dayGap > 1; count++) {
    const next = pattern.nextDay(previous + DAY_MS)
    if (next === null) break
    dayGap = Math.min(dayGap, (next - previous) / DAY_MS)
    previous = next
    if (next - firstDay > 366 * DAY_MS && count >= 1) break
    if (next - firstDay > 8 * 366 * DAY_MS) break
  }
  const across = dayGap * 24 * 60 - minutes[minutes.length - 1]! + minutes[0]!
  return Math.min(within, across)
}

/**
 * The shortest time between two consecutive runs, in minutes, over the year from `from`: exact
 * for `every` and `hourly`; for daily, weekly and cron schedules the shortest wall-clock distance,
 * lowered where a daylight-saving change brings two runs closer (a daily run at 06:00 is 23
 * hours after the previous one on a spring-forward day). `Infinity` for a schedule that runs at
 * most once.
 * @throws {@link InvalidSchedule} for a schedule that cannot run
 * @example shortestInterval({ frequency: 'cron', cron: '*\/10 * * * *', timeZone: 'UTC' }) // 10
 */
export function shortestInterval(spec: ScheduleSpec, from: Date = new Date()): number {
  const start = from.getTime()
  const runs = scheduleRuns(spec, from)
  if (spec.frequency === 'every') return intervalOf(spec)
  const pattern = spec.frequency === 'hourly' ? undefined : wallPatternOf(spec)
  if (pattern !== undefined && runs.next().done === true) throw neverRuns(spec)
  const base = pattern === undefined ? 60 : shortestWallGap(pattern, wallTimeAt(start, spec.timeZone))
  let shortest = base
  // Only runs near an offset change can be closer than the wall-clock distance; the window holds
  // the last run before the change and the runs it moves after it (changes are at most hours).
  const window = Math.min(base, 400 * 24 * 60) * MINUTE_MS + 3 * HOUR_MS
  for (const change of offsetTransitions(spec.timeZone, start, start + 366 * DAY_MS)) {
    let previous: number | undefined
    for (const run of scheduleRuns(spec, new Date(change.at - window - 1))) {
      if (previous !== undefined) shortest = Math.min(shortest, (run - previous) / MINUTE_MS)
      previous = run
      if (run > change.at + window) break
    }
  }
  return shortest
}
