/**
 * A schedule in words, for the admin list and run history.
 * @module
 */
import { minutesOfTime, type ScheduleSpec } from './schedule'

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

function twoDigits(value: number): string {
  return String(value).padStart(2, '0')
}

function timeOf(spec: ScheduleSpec): string {
  const minutes = minutesOfTime(spec.time)
  return minutes === undefined ? String(spec.time) : `${twoDigits(Math.floor(minutes / 60))}:${twoDigits(minutes % 60)}`
}

function everyText(minutes: number | undefined): string {
  if (minutes === 1) return 'every minute'
  if (minutes !== undefined && minutes % 60 === 0) return minutes === 60 ? 'every hour' : `every ${minutes / 60} hours`
  return `every ${String(minutes)} minutes`
}

/**
 * Describes a schedule in English: `every 15 minutes`, `hourly at :05 (Europe/Berlin)`,
 * `daily at 06:00 (Europe/Berlin)`, `weekly on Monday at 06:00 (UTC)`,
 * `cron "0 6 * * 1-5" (America/New_York)`. `every` has no zone: it counts real time.
 * @example describeSchedule({ frequency: 'daily', time: '6:00', timeZone: 'Europe/Berlin' }) // 'daily at 06:00 (Europe/Berlin)'
 */
export function describeSchedule(spec: ScheduleSpec): string {
  const zone = `(${spec.timeZone})`
  switch (spec.frequency) {
    case 'every':
      return everyText(spec.intervalMinutes)
    case 'hourly':
      return `hourly at :${twoDigits(spec.minute ?? 0)} ${zone}`
    case 'daily':
      return `daily at ${timeOf(spec)} ${zone}`
    case 'weekly':
      return `weekly on ${WEEKDAYS[spec.weekday ?? -1] ?? `weekday ${String(spec.weekday)}`} at ${timeOf(spec)} ${zone}`
    case 'cron':
      return `cron "${(spec.cron ?? '').trim()}" ${zone}`
    default:
      return `unknown schedule ${JSON.stringify(spec.frequency)}`
  }
}
