/**
 * When a scheduled import runs next, in its time zone, across daylight-saving changes; how it
 * retries after a failure and when it pauses itself.
 * @module
 */
export {
  InvalidSchedule,
  MAX_INTERVAL_MINUTES,
  MIN_INTERVAL_MINUTES,
  nextRunAt,
  SCHEDULE_FREQUENCIES,
  scheduleRuns,
  shortestInterval,
} from './schedule'
export type { ScheduleFrequency, ScheduleSpec } from './schedule'
export { validateSchedule } from './validate'
export type { ScheduleProblem, ValidateScheduleOptions } from './validate'
export { describeSchedule } from './describe'
export { FAILURES_BEFORE_PAUSE, nextAttemptAt, RETRY_DELAYS_MINUTES, retryDelayMs } from './retry'
export { InvalidCronExpression, parseCronExpression } from './cron-expression'
export type { CronWallPattern } from './cron-expression'
export { instantOfWallTime, isKnownTimeZone, wallTimeAt } from './time-zone'
