import { describe, expect, it } from 'vitest'

import type { ScheduleSpec } from './schedule'
import { validateSchedule } from './validate'

const problemsOf = (spec: Partial<ScheduleSpec>, minIntervalMinutes?: number) =>
  validateSchedule({ timeZone: 'Europe/Berlin', ...spec } as ScheduleSpec, { minIntervalMinutes })

describe('validateSchedule', () => {
  it('accepts sound schedules of every kind', () => {
    for (const spec of [
      { frequency: 'every', intervalMinutes: 5 },
      { frequency: 'hourly', minute: 0 },
      { frequency: 'daily', time: '06:00' },
      { frequency: 'daily', time: '6:05' },
      { frequency: 'weekly', weekday: 6, time: '23:59' },
      { frequency: 'cron', cron: '*/5 * * * *' },
      { frequency: 'cron', cron: '0 6 * * MON-FRI' },
      { frequency: 'cron', cron: '  @weekly ' },
      { frequency: 'cron', cron: '0 0 1 JAN *', timeZone: 'UTC' },
    ] as const) {
      expect(problemsOf(spec), JSON.stringify(spec)).toEqual([])
    }
  })

  it('names an unknown or missing time zone', () => {
    expect(problemsOf({ frequency: 'daily', time: '06:00', timeZone: 'Europe/Berlln' })).toEqual([
      {
        field: 'timeZone',
        message:
          '"Europe/Berlln" is not a known time zone; use an IANA name such as Europe/Berlin, America/New_York or UTC',
      },
    ])
    expect(problemsOf({ frequency: 'daily', time: '06:00', timeZone: '' })[0]?.field).toBe('timeZone')
  })

  it('names a bad time, minute, weekday or frequency', () => {
    expect(problemsOf({ frequency: 'daily', time: '24:00' })).toEqual([
      { field: 'time', message: 'must be a 24-hour time HH:MM such as 06:00 or 18:30; got "24:00"' },
    ])
    expect(problemsOf({ frequency: 'daily', time: '6pm' })[0]?.field).toBe('time')
    expect(problemsOf({ frequency: 'daily' })[0]?.message).toContain('got undefined')
    expect(problemsOf({ frequency: 'weekly', weekday: 7, time: '99:00' })).toEqual([
      { field: 'weekday', message: 'must be 0 (Sunday) to 6 (Saturday); got 7' },
      { field: 'time', message: 'must be a 24-hour time HH:MM such as 06:00 or 18:30; got "99:00"' },
    ])
    expect(problemsOf({ frequency: 'hourly', minute: 1.5 })[0]?.field).toBe('minute')
    expect(problemsOf({ frequency: 'fortnightly' as 'daily' })).toEqual([
      { field: 'frequency', message: 'must be one of every, hourly, daily, weekly, cron; got "fortnightly"' },
    ])
  })

  it('holds "every" to the minimum, which a caller may raise but not lower', () => {
    expect(problemsOf({ frequency: 'every', intervalMinutes: 4 })).toEqual([
      { field: 'intervalMinutes', message: 'must be at least 5 minutes; got 4' },
    ])
    expect(problemsOf({ frequency: 'every', intervalMinutes: 4 }, 1)[0]?.field).toBe('intervalMinutes')
    expect(problemsOf({ frequency: 'every', intervalMinutes: 30 }, 60)).toEqual([
      { field: 'intervalMinutes', message: 'must be at least 60 minutes; got 30' },
    ])
    expect(problemsOf({ frequency: 'every' })[0]?.message).toContain('is required')
    expect(problemsOf({ frequency: 'every', intervalMinutes: 7.5 })[0]?.message).toContain('whole number')
  })

  it('holds hourly, daily and cron schedules to a raised minimum', () => {
    expect(problemsOf({ frequency: 'hourly', minute: 0 }, 120)).toEqual([
      {
        field: 'frequency',
        message: '"hourly" runs as often as every 60 minutes; the shortest interval allowed is 120 minutes',
      },
    ])
    // A daily run is 23 hours after the last one on the spring-forward day.
    expect(problemsOf({ frequency: 'daily', time: '06:00' }, 23 * 60)).toEqual([])
    expect(problemsOf({ frequency: 'daily', time: '06:00' }, 24 * 60)[0]?.field).toBe('frequency')
    expect(problemsOf({ frequency: 'cron', cron: '0 */2 * * *', timeZone: 'UTC' }, 180)[0]?.message).toBe(
      '"0 */2 * * *" runs as often as every 120 minutes; the shortest interval allowed is 180 minutes',
    )
    // In Berlin the 02:00 run moves to 03:00 on the spring-forward night, an hour before the 04:00 one.
    expect(problemsOf({ frequency: 'cron', cron: '0 */2 * * *' }, 90)[0]?.message).toContain('every 60 minutes')
  })

  it('refuses cron expressions that run more often than the minimum', () => {
    expect(problemsOf({ frequency: 'cron', cron: '* * * * *' })).toEqual([
      {
        field: 'cron',
        message: '"* * * * *" runs as often as every 1 minute; the shortest interval allowed is 5 minutes',
      },
    ])
    expect(problemsOf({ frequency: 'cron', cron: '0,2 * * * *' })[0]?.message).toContain('every 2 minutes')
    // Steps restart every hour: :56 is followed by :00, four minutes later.
    expect(problemsOf({ frequency: 'cron', cron: '*/7 * * * *' })[0]?.message).toContain('every 4 minutes')
    expect(problemsOf({ frequency: 'cron', cron: '*/6 * * * *' })).toEqual([])
    // Only on the spring-forward night do these two runs come one minute apart.
    expect(problemsOf({ frequency: 'cron', cron: '0,59 1,3 * * *' })[0]?.message).toContain('every 1 minute')
    expect(problemsOf({ frequency: 'cron', cron: '0,59 1,3 * * *', timeZone: 'UTC' })).toEqual([])
  })

  it('turns cron syntax errors into reasons a person can act on', () => {
    const message = (cron: string) =>
      problemsOf({ frequency: 'cron', cron }).map((problem) => `${problem.field}: ${problem.message}`)
    expect(message('0 * * * * *')).toEqual([
      'cron: "0 * * * * *" is not a usable cron expression: it has 6 fields, and the first would be seconds, ' +
        'which scheduled imports do not use; write 5 fields: minute hour day month weekday',
    ])
    expect(message('0 6 * *')).toEqual([
      'cron: "0 6 * *" is not a usable cron expression: it has 4 fields; write 5: minute hour day month weekday',
    ])
    expect(message('x 6 * * *')).toEqual([
      'cron: "x 6 * * *" is not a usable cron expression: the minute field "x" contains characters cron does not allow',
    ])
    expect(message('61 6 * * *')).toEqual([
      'cron: "61 6 * * *" is not a usable cron expression: invalid value for minute: 61',
    ])
    expect(message('0 6 * * FUNDAY')[0]).toMatch(
      /^cron: "0 6 \* \* FUNDAY" is not a usable cron expression: the weekday field/,
    )
    expect(message('@fortnightly')[0]).toContain('not a known nickname')
    expect(message('')).toEqual([
      'cron: is required for "cron": 5 fields, minute hour day month weekday, e.g. "0 6 * * MON-FRI"',
    ])
    expect(message('0 0 30 2 *')).toEqual(['cron: "0 0 30 2 *" never matches a date in the next 30 years'])
    for (const line of [...message('5-1 * * * *'), ...message('*/0 * * * *')]) {
      expect(line).not.toMatch(/CronPattern|undefined/)
    }
  })
})
