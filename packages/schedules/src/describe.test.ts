import { describe, expect, it } from 'vitest'

import { describeSchedule } from './describe'

describe('describeSchedule', () => {
  it.each([
    [{ frequency: 'every', intervalMinutes: 15, timeZone: 'UTC' }, 'every 15 minutes'],
    [{ frequency: 'every', intervalMinutes: 60, timeZone: 'UTC' }, 'every hour'],
    [{ frequency: 'every', intervalMinutes: 180, timeZone: 'UTC' }, 'every 3 hours'],
    [{ frequency: 'hourly', minute: 5, timeZone: 'Asia/Kolkata' }, 'hourly at :05 (Asia/Kolkata)'],
    [{ frequency: 'daily', time: '6:00', timeZone: 'Europe/Berlin' }, 'daily at 06:00 (Europe/Berlin)'],
    [{ frequency: 'weekly', weekday: 1, time: '18:30', timeZone: 'UTC' }, 'weekly on Monday at 18:30 (UTC)'],
    [
      { frequency: 'cron', cron: ' 0 6 * * 1-5 ', timeZone: 'America/New_York' },
      'cron "0 6 * * 1-5" (America/New_York)',
    ],
  ] as const)('%j → %s', (spec, text) => {
    expect(describeSchedule(spec)).toBe(text)
  })
})
