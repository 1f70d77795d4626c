/**
 * Reads 5-field cron expressions with croner and answers "which local days and times match":
 * croner decides which days match (day of month, month, weekday, `L`, `W`, `#`, names), while
 * the times of day come from its parsed minute and hour fields. Run instants are made from those
 * wall times in `schedule.ts`, so daylight saving is handled in one place, not by croner.
 * @module
 */
import { Cron, CronPattern } from 'croner'

import { DAY_MS } from './time-zone'

/** Thrown for a cron expression that cannot be read; the message says why, for a person. */
export class InvalidCronExpression extends Error {
  override readonly name = 'InvalidCronExpression'
  /**
   * @param expression - the expression as given
   * @param reason - why it cannot be used
   */
  constructor(
    readonly expression: string,
    readonly reason: string,
  ) {
    super(`"${expression}" is not a usable cron expression: ${reason}`)
  }
}

const NICKNAMES: Readonly<Record<string, string>> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
}

const FIELD_NAMES = ['minute', 'hour', 'day of month', 'month', 'weekday'] as const

/** croner's messages start with its class name and quote its own modes; keep only the reason. */
function readableCronerMessage(message: string): string {
  const reason = message.replace(/^Cron(Pattern|Date)?:\s*/, '').replace(/\.$/, '')
  const entry = /configuration entry (\d) \((.*)\) contains illegal characters/.exec(reason)
  if (entry !== null) {
    const field = FIELD_NAMES[Number(entry[1]) - 1] ?? `field ${entry[1]}`
    return `the ${field} field "${entry[2]}" contains characters cron does not allow`
  }
  return reason.charAt(0).toLowerCase() + reason.slice(1)
}

/** The five fields of an expression, nicknames (`@daily`) expanded. */
function fieldsOf(expression: string): string[] {
  const trimmed = expression.trim()
  if (trimmed === '')
    throw new InvalidCronExpression(expression, 'it is empty; write 5 fields: minute hour day month weekday')
  const expanded = NICKNAMES[trimmed.toLowerCase()] ?? trimmed
  if (expanded.startsWith('@')) {
    throw new InvalidCronExpression(
      expression,
      `${trimmed} is not a known nickname; use @hourly, @daily, @weekly, @monthly or @yearly, or 5 fields`,
    )
  }
  const fields = expanded.split(/\s+/)
  if (fields.length === 6 || fields.length === 7) {
    throw new InvalidCronExpression(
      expression,
      `it has ${fields.length} fields, and the first would be seconds, which scheduled imports do not use; ` +
        'write 5 fields: minute hour day month weekday',
    )
  }
  if (fields.length !== 5) {
    throw new InvalidCronExpression(
      expression,
      `it has ${fields.length} field${fields.length === 1 ? '' : 's'}; write 5: minute hour day month weekday`,
    )
  }
  return fields
}

/** A parsed cron expression, asked about local wall times (see `time-zone.ts`). */
export interface CronWallPattern {
  /** The expression with nicknames expanded. */
  readonly expression: string
  /** Minutes after local midnight at which it runs on a matching day, ascending, never empty. */
  readonly minutesOfDay: readonly number[]
  /** The first matching local day (wall time of its midnight) at or after `dayWall`, or `null` if none in 30 years. */
  nextDay(dayWall: number): number | null
}

/**
 * Parses a 5-field cron expression (names such as `MON-FRI` and `JAN`, steps, ranges, `L`, `W`,
 * `#`, and the nicknames `@hourly` … `@yearly`); day of month and weekday combine with OR when
 * both are restricted, as in classic cron. 6- and 7-field expressions (seconds, years) are refused.
 * @throws {@link InvalidCronExpression} with a reason a person can act on
 * @example parseCronExpression('0 6 * * MON-FRI').minutesOfDay // [360]
 */
export function parseCronExpression(expression: string): CronWallPattern {
  // `?` (Quartz's "no specific value") is croner's "any", but croner then ORs it with the other
  // day field and runs daily; as `*` it means what it says: `0 6 ? * MON` is Mondays only.
  const fields = fieldsOf(expression).map((field, index) => (index >= 2 && field === '?' ? '*' : field))
  const normalized = fields.join(' ')
  let pattern: CronPattern
  let days: Cron
  try {
    pattern = new CronPattern(normalized, 'UTC', { mode: '5-part' })
    // Only the day fields: its runs are the matching days' midnights, in UTC as wall times.
    days = new Cron(`0 0 ${fields.slice(2).join(' ')}`, { timezone: 'UTC', paused: true, mode: '5-part' })
  } catch (error) {
    throw new InvalidCronExpression(
      expression,
      readableCronerMessage(error instanceof Error ? error.message : String(error)),
    )
  }
  const minutesOfDay: number[] = []
  pattern.hour.forEach((hourOn, hour) => {
    if (hourOn === 0) return
    pattern.minute.forEach((minuteOn, minute) => {
      if (minuteOn !== 0) minutesOfDay.push(hour * 60 + minute)
    })
  })
  if (minutesOfDay.length === 0) throw new InvalidCronExpression(expression, 'it names no minute or hour')
  const cache = new Map<number, number | null>()
  const horizon = 30 * 366 * DAY_MS
  return {
    expression: normalized,
    minutesOfDay,
    nextDay(dayWall: number): number | null {
      const cached = cache.get(dayWall)
      if (cached !== undefined) return cached
      const next = days.nextRun(new Date(dayWall - 1))
      const found = next === null || next.getTime() - dayWall > horizon ? null : next.getTime()
      cache.set(dayWall, found)
      return found
    },
  }
}
