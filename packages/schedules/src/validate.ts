/**
 * Checks a schedule before it is saved, with a reason per field a form can show beside it.
 * @module
 */
import { parseCronExpression, InvalidCronExpression } from './cron-expression'
import {
  InvalidSchedule,
  MAX_INTERVAL_MINUTES,
  MIN_INTERVAL_MINUTES,
  minutesOfTime,
  SCHEDULE_FREQUENCIES,
  shortestInterval,
  type ScheduleSpec,
} from './schedule'
import { isKnownTimeZone } from './time-zone'

/** What is wrong with one field of a schedule. */
export interface ScheduleProblem {
  /** The field at fault. */
  readonly field: keyof ScheduleSpec
  /** Why, for a person: what was given and what is expected. */
  readonly message: string
}

/** Options of {@link validateSchedule}. */
export interface ValidateScheduleOptions {
  /** A larger minimum interval (e.g. a user's quota); below {@link MIN_INTERVAL_MINUTES} it is ignored. */
  readonly minIntervalMinutes?: number
}

function isWholeNumberIn(value: unknown, low: number, high: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= low && value <= high
}

function minutesText(minutes: number): string {
  return minutes === 1 ? '1 minute' : `${minutes} minutes`
}

function fieldProblems(spec: ScheduleSpec, minimum: number): ScheduleProblem[] {
  const problems: ScheduleProblem[] = []
  const add = (field: keyof ScheduleSpec, message: string) => problems.push({ field, message })
  if (typeof spec.timeZone !== 'string' || spec.timeZone.trim() === '') {
    add('timeZone', 'is required: an IANA time zone such as Europe/Berlin, America/New_York or UTC')
  } else if (!isKnownTimeZone(spec.timeZone)) {
    add(
      'timeZone',
      `${JSON.stringify(spec.timeZone)} is not a known time zone; use an IANA name such as Europe/Berlin, America/New_York or UTC`,
    )
  }
  switch (spec.frequency) {
    case 'every':
      if (spec.intervalMinutes === undefined || spec.intervalMinutes === null) {
        add('intervalMinutes', `is required for "every": the minutes between runs, at least ${minimum}`)
      } else if (!isWholeNumberIn(spec.intervalMinutes, 1, MAX_INTERVAL_MINUTES)) {
        add(
          'intervalMinutes',
          `must be a whole number of minutes from ${minimum} to ${MAX_INTERVAL_MINUTES}; got ${JSON.stringify(spec.intervalMinutes)}`,
        )
      } else if (spec.intervalMinutes < minimum) {
        add('intervalMinutes', `must be at least ${minutesText(minimum)}; got ${spec.intervalMinutes}`)
      }
      break
    case 'hourly':
      if (!isWholeNumberIn(spec.minute, 0, 59)) {
        add('minute', `must be the minute of the hour, a whole number from 0 to 59; got ${JSON.stringify(spec.minute)}`)
      }
      break
    case 'weekly':
      if (!isWholeNumberIn(spec.weekday, 0, 6)) {
        add('weekday', `must be 0 (Sunday) to 6 (Saturday); got ${JSON.stringify(spec.weekday)}`)
      }
    // falls through: weekly needs a time too
    case 'daily':
      if (minutesOfTime(spec.time) === undefined) {
        add('time', `must be a 24-hour time HH:MM such as 06:00 or 18:30; got ${JSON.stringify(spec.time)}`)
      }
      break
    case 'cron':
      if (typeof spec.cron !== 'string' || spec.cron.trim() === '') {
        add('cron', 'is required for "cron": 5 fields, minute hour day month weekday, e.g. "0 6 * * MON-FRI"')
        break
      }
      try {
        parseCronExpression(spec.cron)
      } catch (error) {
        if (!(error instanceof InvalidCronExpression)) throw error
        add('cron', error.message)
      }
      break
    default:
      add('frequency', `must be one of ${SCHEDULE_FREQUENCIES.join(', ')}; got ${JSON.stringify(spec.frequency)}`)
  }
  return problems
}

/**
 * Every problem with a schedule, or `[]` when it can be saved: an unknown time zone, a missing
 * or malformed field of its frequency (`HH:MM`, minute, weekday, interval), a cron expression
 * that cannot be read, has 6 fields (seconds) or never matches, and a schedule that runs more
 * often than the minimum interval ({@link MIN_INTERVAL_MINUTES}, or the caller's larger one).
 * @example validateSchedule({ frequency: 'cron', cron: '* * * * *', timeZone: 'UTC' })
 * // [{ field: 'cron', message: '"* * * * *" runs as often as every 1 minute; the shortest interval allowed is 5 minutes' }]
 */
export function validateSchedule(spec: ScheduleSpec, options: ValidateScheduleOptions = {}): ScheduleProblem[] {
  const minimum = Math.max(MIN_INTERVAL_MINUTES, Math.ceil(options.minIntervalMinutes ?? 0))
  const problems = fieldProblems(spec, minimum)
  if (problems.length > 0 || spec.frequency === 'every') return problems
  let shortest: number
  try {
    shortest = shortestInterval(spec)
  } catch (error) {
    if (!(error instanceof InvalidSchedule)) throw error
    return [{ field: error.field, message: error.reason }]
  }
  if (shortest < minimum) {
    const field: keyof ScheduleSpec = spec.frequency === 'cron' ? 'cron' : 'frequency'
    const what = spec.frequency === 'cron' ? JSON.stringify(spec.cron?.trim()) : `"${spec.frequency}"`
    problems.push({
      field,
      message: `${what} runs as often as every ${minutesText(shortest)}; the shortest interval allowed is ${minutesText(minimum)}`,
    })
  }
  return problems
}
