import { describe, expect, it } from 'vitest'

import { InvalidSchedule, nextRunAt, scheduleRuns, shortestInterval, type ScheduleSpec } from './schedule'
import { wallTimeAt } from './time-zone'

const MINUTE = 60_000

/** The first `count` runs after `from`, as ISO strings. */
function runs(spec: ScheduleSpec, from: string, count: number): string[] {
  const found: string[] = []
  for (const run of scheduleRuns(spec, new Date(from))) {
    found.push(new Date(run).toISOString())
    if (found.length === count) break
  }
  return found
}

/** Every run in [from, to). */
function runsBetween(spec: ScheduleSpec, from: string, to: string): number[] {
  const end = Date.parse(to)
  const found: number[] = []
  for (const run of scheduleRuns(spec, new Date(Date.parse(from) - 1))) {
    if (run >= end) break
    found.push(run)
  }
  return found
}

describe('nextRunAt', () => {
  it('is strictly after the given instant', () => {
    const daily: ScheduleSpec = { frequency: 'daily', time: '06:00', timeZone: 'Europe/Berlin' }
    expect(nextRunAt(daily, new Date('2026-07-01T04:00:00Z')).toISOString()).toBe('2026-07-02T04:00:00.000Z')
    expect(nextRunAt(daily, new Date('2026-07-01T03:59:59.999Z')).toISOString()).toBe('2026-07-01T04:00:00.000Z')
  })

  it('runs "every N minutes" on multiples of N of real time, whatever the zone', () => {
    const every: ScheduleSpec = { frequency: 'every', intervalMinutes: 15, timeZone: 'Asia/Kolkata' }
    expect(nextRunAt(every, new Date('2026-07-01T10:07:00Z')).toISOString()).toBe('2026-07-01T10:15:00.000Z')
    expect(nextRunAt(every, new Date('2026-07-01T10:15:00Z')).toISOString()).toBe('2026-07-01T10:30:00.000Z')
  })

  it('runs "every N minutes" at exactly N minutes through both daylight-saving changes', () => {
    for (const [from, to] of [
      ['2026-03-28T22:00:00Z', '2026-03-29T04:00:00Z'],
      ['2026-10-24T22:00:00Z', '2026-10-25T04:00:00Z'],
    ] as const) {
      const found = runsBetween({ frequency: 'every', intervalMinutes: 20, timeZone: 'Europe/Berlin' }, from, to)
      expect(found).toHaveLength(18)
      for (let index = 1; index < found.length; index++) expect(found[index]! - found[index - 1]!).toBe(20 * MINUTE)
    }
  })

  it('runs "hourly" at the local minute of every real hour, the repeated hour too', () => {
    expect(runs({ frequency: 'hourly', minute: 5, timeZone: 'Europe/Berlin' }, '2026-10-24T23:30:00Z', 4)).toEqual([
      '2026-10-25T00:05:00.000Z', // 02:05 CEST
      '2026-10-25T01:05:00.000Z', // 02:05 CET: the same local time, an hour of real time later
      '2026-10-25T02:05:00.000Z',
      '2026-10-25T03:05:00.000Z',
    ])
    expect(runs({ frequency: 'hourly', minute: 5, timeZone: 'Europe/Berlin' }, '2026-03-28T23:30:00Z', 3)).toEqual([
      '2026-03-29T00:05:00.000Z', // 01:05 CET
      '2026-03-29T01:05:00.000Z', // 03:05 CEST
      '2026-03-29T02:05:00.000Z',
    ])
    // Kolkata is UTC+05:30: minute 15 local is minute 45 of UTC's hour.
    expect(runs({ frequency: 'hourly', minute: 15, timeZone: 'Asia/Kolkata' }, '2026-01-01T00:00:00Z', 2)).toEqual([
      '2026-01-01T00:45:00.000Z',
      '2026-01-01T01:45:00.000Z',
    ])
  })

  it('runs "weekly" on its weekday at the local time, across a change of offset', () => {
    // Mondays at 06:00 in New York: EDT (UTC−4) until 1 November, EST (UTC−5) after.
    expect(
      runs({ frequency: 'weekly', weekday: 1, time: '06:00', timeZone: 'America/New_York' }, '2026-10-25T00:00:00Z', 3),
    ).toEqual(['2026-10-26T10:00:00.000Z', '2026-11-02T11:00:00.000Z', '2026-11-09T11:00:00.000Z'])
  })

  it('reads cron expressions with names, steps and nicknames', () => {
    expect(runs({ frequency: 'cron', cron: '30 6 * * MON-FRI', timeZone: 'UTC' }, '2026-11-27T07:00:00Z', 3)).toEqual([
      '2026-11-30T06:30:00.000Z',
      '2026-12-01T06:30:00.000Z',
      '2026-12-02T06:30:00.000Z',
    ])
    expect(
      runs({ frequency: 'cron', cron: '0 0 1 jan,jul *', timeZone: 'Europe/Berlin' }, '2026-03-01T00:00:00Z', 2),
    ).toEqual(['2026-06-30T22:00:00.000Z', '2026-12-31T23:00:00.000Z'])
    // Quartz's `?` in a day field means "any": Mondays only, not every day.
    expect(runs({ frequency: 'cron', cron: '0 6 ? * MON', timeZone: 'UTC' }, '2026-11-28T12:00:00Z', 2)).toEqual([
      '2026-11-30T06:00:00.000Z',
      '2026-12-07T06:00:00.000Z',
    ])
    expect(runs({ frequency: 'cron', cron: '@daily', timeZone: 'UTC' }, '2026-03-01T00:00:00Z', 1)).toEqual([
      '2026-03-02T00:00:00.000Z',
    ])
    // Day of month OR weekday when both are restricted, as in classic cron.
    expect(runs({ frequency: 'cron', cron: '0 6 1 * MON', timeZone: 'UTC' }, '2026-11-28T12:00:00Z', 3)).toEqual([
      '2026-11-30T06:00:00.000Z',
      '2026-12-01T06:00:00.000Z',
      '2026-12-07T06:00:00.000Z',
    ])
    expect(runs({ frequency: 'cron', cron: '0 0 L * *', timeZone: 'UTC' }, '2026-02-01T00:00:00Z', 2)).toEqual([
      '2026-02-28T00:00:00.000Z',
      '2026-03-31T00:00:00.000Z',
    ])
    expect(runs({ frequency: 'cron', cron: '0 0 29 2 *', timeZone: 'UTC' }, '2026-03-01T00:00:00Z', 2)).toEqual([
      '2028-02-29T00:00:00.000Z',
      '2032-02-29T00:00:00.000Z',
    ])
  })

  it('refuses a schedule it cannot run, naming the field', () => {
    const refusal = (spec: ScheduleSpec): [string, string] | undefined => {
      try {
        nextRunAt(spec, new Date('2026-01-01T00:00:00Z'))
      } catch (error) {
        if (error instanceof InvalidSchedule) return [error.field, error.message]
        throw error
      }
      return undefined
    }
    expect(refusal({ frequency: 'cron', cron: '0 0 31 2 *', timeZone: 'UTC' })).toEqual([
      'cron',
      `The schedule's cron "0 0 31 2 *" never matches a date in the next 30 years`,
    ])
    expect(refusal({ frequency: 'daily', time: '6 am', timeZone: 'UTC' })?.[0]).toBe('time')
    expect(refusal({ frequency: 'daily', time: '06:00', timeZone: 'Europe/Berlln' })?.[0]).toBe('timeZone')
    expect(refusal({ frequency: 'weekly', time: '06:00', timeZone: 'UTC' })?.[0]).toBe('weekday')
    expect(refusal({ frequency: 'hourly', minute: 60, timeZone: 'UTC' })?.[0]).toBe('minute')
    expect(refusal({ frequency: 'every', intervalMinutes: 2.5, timeZone: 'UTC' })?.[0]).toBe('intervalMinutes')
    expect(refusal({ frequency: 'cron', cron: '0 * * * * *', timeZone: 'UTC' })?.[0]).toBe('cron')
    expect(refusal({ frequency: 'monthly' as 'daily', timeZone: 'UTC' })?.[0]).toBe('frequency')
  })
})

/** The daylight-saving guarantee, zone by zone, for a daily time inside the skipped or repeated hour. */
describe('daylight saving neither skips nor doubles a run', () => {
  const changes: [zone: string, time: string, from: string, expected: string[]][] = [
    [
      'Europe/Berlin',
      '02:30',
      '2026-03-27T12:00:00Z',
      ['2026-03-28T01:30:00.000Z', '2026-03-29T01:00:00.000Z', '2026-03-30T00:30:00.000Z'],
    ],
    [
      'Europe/Berlin',
      '02:30',
      '2026-10-23T12:00:00Z',
      ['2026-10-24T00:30:00.000Z', '2026-10-25T00:30:00.000Z', '2026-10-26T01:30:00.000Z'],
    ],
    [
      'America/New_York',
      '02:30',
      '2026-03-06T12:00:00Z',
      ['2026-03-07T07:30:00.000Z', '2026-03-08T07:00:00.000Z', '2026-03-09T06:30:00.000Z'],
    ],
    [
      'America/New_York',
      '01:30',
      '2026-10-30T12:00:00Z',
      ['2026-10-31T05:30:00.000Z', '2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z'],
    ],
    [
      'Australia/Adelaide',
      '02:30',
      '2026-10-02T00:00:00Z',
      ['2026-10-02T17:00:00.000Z', '2026-10-03T16:30:00.000Z', '2026-10-04T16:00:00.000Z'],
    ],
    [
      'Australia/Adelaide',
      '02:30',
      '2026-04-03T00:00:00Z',
      ['2026-04-03T16:00:00.000Z', '2026-04-04T16:00:00.000Z', '2026-04-05T17:00:00.000Z'],
    ],
    [
      'UTC',
      '02:30',
      '2026-03-28T00:00:00Z',
      ['2026-03-28T02:30:00.000Z', '2026-03-29T02:30:00.000Z', '2026-03-30T02:30:00.000Z'],
    ],
  ]

  it.each(changes)('daily in %s at %s from %s', (timeZone, time, from, expected) => {
    expect(runs({ frequency: 'daily', time, timeZone }, from, 3)).toEqual(expected)
    // The same schedule as a cron expression keeps the same guarantee.
    const [hour, minute] = time.split(':').map(Number)
    expect(runs({ frequency: 'cron', cron: `${minute} ${hour} * * *`, timeZone }, from, 3)).toEqual(expected)
  })

  it('keeps one run per local day for a whole year, at any time of day, in every zone', () => {
    for (const timeZone of [
      'Europe/Berlin',
      'America/New_York',
      'Australia/Adelaide',
      'Australia/Lord_Howe',
      'Asia/Kolkata',
      'UTC',
    ]) {
      for (const time of ['00:00', '01:30', '02:00', '02:30', '03:00', '23:59']) {
        const found = runsBetween(
          { frequency: 'daily', time, timeZone },
          '2026-01-01T00:00:00Z',
          '2027-01-01T00:00:00Z',
        )
        const localDays = found.map((run) => new Date(wallTimeAt(run, timeZone)).toISOString().slice(0, 10))
        expect(new Set(localDays).size, `${timeZone} ${time}`).toBe(localDays.length)
        expect(localDays.length, `${timeZone} ${time}`).toBeGreaterThanOrEqual(364)
        expect(localDays.length, `${timeZone} ${time}`).toBeLessThanOrEqual(366)
      }
    }
  })

  it('runs a cron step expression once per existing slot, and once for the slots a gap removes', () => {
    const halfHourly: ScheduleSpec = { frequency: 'cron', cron: '*/30 * * * *', timeZone: 'Europe/Berlin' }
    // 02:00 and 02:30 do not exist on 29 March; croner alone answers 01:00Z, 01:30Z, then 01:00Z again.
    expect(runs(halfHourly, '2026-03-29T00:15:00Z', 4)).toEqual([
      '2026-03-29T00:30:00.000Z', // 01:30 CET
      '2026-03-29T01:00:00.000Z', // 03:00 CEST, standing in for 02:00 and 02:30 too
      '2026-03-29T01:30:00.000Z',
      '2026-03-29T02:00:00.000Z',
    ])
    // 02:00 and 02:30 happen twice on 25 October: each runs once, at its first occurrence.
    expect(runs(halfHourly, '2026-10-24T23:45:00Z', 4)).toEqual([
      '2026-10-25T00:00:00.000Z', // 02:00 CEST
      '2026-10-25T00:30:00.000Z', // 02:30 CEST
      '2026-10-25T02:00:00.000Z', // 03:00 CET
      '2026-10-25T02:30:00.000Z',
    ])
    const newYork: ScheduleSpec = { frequency: 'cron', cron: '0,30 1-3 * * SUN', timeZone: 'America/New_York' }
    expect(runs(newYork, '2026-11-01T04:00:00Z', 5)).toEqual([
      '2026-11-01T05:00:00.000Z', // 01:00 EDT
      '2026-11-01T05:30:00.000Z', // 01:30 EDT
      '2026-11-01T07:00:00.000Z', // 02:00 EST
      '2026-11-01T07:30:00.000Z',
      '2026-11-01T08:00:00.000Z', // 03:00 EST
    ])
    const adelaide: ScheduleSpec = { frequency: 'cron', cron: '15 2,3 * * *', timeZone: 'Australia/Adelaide' }
    expect(runs(adelaide, '2026-10-03T12:00:00Z', 2)).toEqual([
      '2026-10-03T16:30:00.000Z', // 02:15 does not exist: 03:00 ACDT
      '2026-10-03T16:45:00.000Z', // 03:15 ACDT
    ])
  })
})

/** A small deterministic generator, so failures can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296
  }
}

describe('properties over many schedules and dates', () => {
  const zones = [
    'Europe/Berlin',
    'America/New_York',
    'Australia/Adelaide',
    'Australia/Lord_Howe',
    'Asia/Kolkata',
    'UTC',
  ]
  const crons = [
    '*/5 * * * *',
    '*/30 1-4 * * *',
    '0 * * * *',
    '15,45 2 * * *',
    '0 9 * * MON-FRI',
    '30 2 * * 0',
    '0 0 1 * *',
    '59 1,3 * * *',
    '0 */2 * * *',
  ]
  const pick = <T>(next: () => number, items: readonly T[]): T => items[Math.floor(next() * items.length)]!
  const two = (value: number) => String(value).padStart(2, '0')

  function randomSpec(next: () => number): ScheduleSpec {
    const timeZone = pick(next, zones)
    const time = `${two(Math.floor(next() * 24))}:${two(Math.floor(next() * 60))}`
    switch (pick(next, ['every', 'hourly', 'daily', 'weekly', 'cron'] as const)) {
      case 'every':
        return { frequency: 'every', intervalMinutes: 5 + Math.floor(next() * 200), timeZone }
      case 'hourly':
        return { frequency: 'hourly', minute: Math.floor(next() * 60), timeZone }
      case 'daily':
        return { frequency: 'daily', time, timeZone }
      case 'weekly':
        return { frequency: 'weekly', time, weekday: Math.floor(next() * 7), timeZone }
      case 'cron':
        return { frequency: 'cron', cron: pick(next, crons), timeZone }
    }
  }

  // Starts near the 2026 changes of the zones above, and anywhere in the year.
  const starts = [
    '2026-03-07T20:00:00Z',
    '2026-03-28T20:00:00Z',
    '2026-04-04T10:00:00Z',
    '2026-10-03T10:00:00Z',
    '2026-10-24T20:00:00Z',
    '2026-10-31T20:00:00Z',
  ]

  it('gives strictly increasing runs, never closer than shortestInterval, each the next run of the one before', () => {
    const next = random(28)
    for (let sample = 0; sample < 150; sample++) {
      const spec = randomSpec(next)
      const start =
        sample % 2 === 0
          ? Date.parse(pick(next, starts))
          : Date.parse('2026-01-01T00:00:00Z') + next() * 330 * 86_400_000
      const shortest = shortestInterval(spec, new Date('2026-01-01T00:00:00Z'))
      let previous = start
      let observedShortest = Number.POSITIVE_INFINITY
      let count = 0
      for (const run of scheduleRuns(spec, new Date(start))) {
        const label = `${JSON.stringify(spec)} from ${new Date(start).toISOString()}`
        expect(run, label).toBeGreaterThan(previous)
        expect(nextRunAt(spec, new Date(previous)).getTime(), label).toBe(run)
        if (count > 0) {
          expect((run - previous) / MINUTE, label).toBeGreaterThanOrEqual(shortest)
          observedShortest = Math.min(observedShortest, (run - previous) / MINUTE)
        }
        expect(run % MINUTE, label).toBe(0)
        previous = run
        if (++count === 40) break
      }
      if (spec.frequency === 'every') expect(observedShortest).toBe(spec.intervalMinutes)
    }
  })
})

describe('shortestInterval', () => {
  const from = new Date('2026-01-01T00:00:00Z')
  it.each<[ScheduleSpec, number]>([
    [{ frequency: 'every', intervalMinutes: 15, timeZone: 'Europe/Berlin' }, 15],
    [{ frequency: 'hourly', minute: 0, timeZone: 'Europe/Berlin' }, 60],
    // Lord Howe moves its clocks by half an hour: a local minute comes 90 minutes after the last.
    [{ frequency: 'hourly', minute: 0, timeZone: 'Australia/Lord_Howe' }, 60],
    // 23 hours across the spring-forward night.
    [{ frequency: 'daily', time: '06:00', timeZone: 'Europe/Berlin' }, 23 * 60],
    [{ frequency: 'daily', time: '06:00', timeZone: 'UTC' }, 24 * 60],
    [{ frequency: 'daily', time: '02:30', timeZone: 'Europe/Berlin' }, 23 * 60 + 30],
    [{ frequency: 'weekly', weekday: 0, time: '06:00', timeZone: 'America/New_York' }, 7 * 24 * 60 - 60],
    [{ frequency: 'cron', cron: '*/5 * * * *', timeZone: 'Australia/Adelaide' }, 5],
    [{ frequency: 'cron', cron: '0 * * * *', timeZone: 'Europe/Berlin' }, 60],
    [{ frequency: 'cron', cron: '0 9 * * MON-FRI', timeZone: 'UTC' }, 24 * 60],
    [{ frequency: 'cron', cron: '0 9 1,15 * *', timeZone: 'UTC' }, 14 * 24 * 60],
    // 01:59 CET and 03:00 CEST on 29 March are one minute apart.
    [{ frequency: 'cron', cron: '0,59 1,3 * * *', timeZone: 'Europe/Berlin' }, 1],
    [{ frequency: 'cron', cron: '0,59 1,3 * * *', timeZone: 'UTC' }, 59],
  ])('%j → %d minutes', (spec, minutes) => {
    expect(shortestInterval(spec, from)).toBe(minutes)
  })
})
