import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  chooseHistogramInterval,
  countBuckets,
  listBuckets,
  nextBucket,
  rollUpDayCounts,
  truncateToInterval,
} from './histogram-buckets'
import type { HistogramInterval } from './histogram-buckets'

const at = (iso: string) => new Date(iso)
const iso = (date: Date) => date.toISOString()

describe('truncateToInterval', () => {
  // Expected values are PostgreSQL 15's `date_trunc(interval, value::timestamptz)` in UTC, read back
  // with expanded ISO years (-000043 is 44 BC, 0000 is 1 BC).
  it.each<[string, HistogramInterval, string]>([
    ['1826-08-16T04:47:04.726Z', 'hour', '1826-08-16T04:00:00.000Z'],
    ['1826-08-16T04:47:04.726Z', 'day', '1826-08-16T00:00:00.000Z'],
    ['1826-08-16T04:47:04.726Z', 'week', '1826-08-14T00:00:00.000Z'],
    ['1826-08-16T04:47:04.726Z', 'month', '1826-08-01T00:00:00.000Z'],
    ['1826-08-16T04:47:04.726Z', 'decade', '1820-01-01T00:00:00.000Z'],
    ['1826-08-16T04:47:04.726Z', 'century', '1801-01-01T00:00:00.000Z'],
    ['0150-08-26T14:32:43.259Z', 'week', '0150-08-24T00:00:00.000Z'],
    ['0150-08-26T14:32:43.259Z', 'century', '0101-01-01T00:00:00.000Z'],
    ['2000-12-31T00:00:00.000Z', 'week', '2000-12-25T00:00:00.000Z'],
    ['2000-12-31T00:00:00.000Z', 'century', '1901-01-01T00:00:00.000Z'],
    ['2001-01-01T00:00:00.000Z', 'century', '2001-01-01T00:00:00.000Z'],
    ['2001-01-01T00:00:00.000Z', 'decade', '2000-01-01T00:00:00.000Z'],
    ['1900-12-31T00:00:00.000Z', 'century', '1801-01-01T00:00:00.000Z'],
    ['1900-12-31T00:00:00.000Z', 'week', '1900-12-31T00:00:00.000Z'],
    ['0101-01-01T00:00:00.000Z', 'week', '0100-12-27T00:00:00.000Z'],
    ['0100-12-31T00:00:00.000Z', 'century', '0001-01-01T00:00:00.000Z'],
    ['0010-01-01T00:00:00.000Z', 'week', '0009-12-28T00:00:00.000Z'],
    ['0009-12-31T00:00:00.000Z', 'decade', '0000-01-01T00:00:00.000Z'],
    ['0001-01-01T00:00:00.000Z', 'decade', '0000-01-01T00:00:00.000Z'],
    ['0001-01-01T00:00:00.000Z', 'century', '0001-01-01T00:00:00.000Z'],
    ['0000-01-01T00:00:00.000Z', 'week', '-000001-12-27T00:00:00.000Z'],
    ['0000-01-01T00:00:00.000Z', 'year', '0000-01-01T00:00:00.000Z'],
    ['0000-01-01T00:00:00.000Z', 'decade', '0000-01-01T00:00:00.000Z'],
    ['0000-01-01T00:00:00.000Z', 'century', '-000099-01-01T00:00:00.000Z'],
    ['-000001-12-31T00:00:00.000Z', 'decade', '-000010-01-01T00:00:00.000Z'],
    ['-000009-12-31T00:00:00.000Z', 'week', '-000009-12-30T00:00:00.000Z'],
    ['-000010-01-01T00:00:00.000Z', 'decade', '-000010-01-01T00:00:00.000Z'],
    ['-000011-01-01T00:00:00.000Z', 'week', '-000012-12-26T00:00:00.000Z'],
    ['-000011-01-01T00:00:00.000Z', 'decade', '-000020-01-01T00:00:00.000Z'],
    ['-000043-03-15T00:00:00.000Z', 'week', '-000043-03-11T00:00:00.000Z'],
    ['-000043-03-15T00:00:00.000Z', 'decade', '-000050-01-01T00:00:00.000Z'],
    ['-000043-03-15T00:00:00.000Z', 'century', '-000099-01-01T00:00:00.000Z'],
    ['-000099-01-01T00:00:00.000Z', 'decade', '-000100-01-01T00:00:00.000Z'],
    ['-000099-01-01T00:00:00.000Z', 'century', '-000099-01-01T00:00:00.000Z'],
    ['-000100-12-31T00:00:00.000Z', 'century', '-000199-01-01T00:00:00.000Z'],
    ['-000165-10-20T14:58:31.940Z', 'hour', '-000165-10-20T14:00:00.000Z'],
    ['-000165-10-20T14:58:31.940Z', 'day', '-000165-10-20T00:00:00.000Z'],
    ['-000165-10-20T14:58:31.940Z', 'week', '-000165-10-19T00:00:00.000Z'],
    ['-000165-10-20T14:58:31.940Z', 'month', '-000165-10-01T00:00:00.000Z'],
    ['-000165-10-20T14:58:31.940Z', 'decade', '-000170-01-01T00:00:00.000Z'],
    ['-000165-10-20T14:58:31.940Z', 'century', '-000199-01-01T00:00:00.000Z'],
    ['-000500-03-01T00:00:00.000Z', 'decade', '-000500-01-01T00:00:00.000Z'],
    ['-000499-03-01T00:00:00.000Z', 'century', '-000499-01-01T00:00:00.000Z'],
    ['1969-12-31T23:00:00.000Z', 'week', '1969-12-29T00:00:00.000Z'],
    ['1969-12-31T23:59:59.999Z', 'hour', '1969-12-31T23:00:00.000Z'],
  ])('%s truncated to the %s is %s, as PostgreSQL', (value, interval, expected) => {
    expect(iso(truncateToInterval(at(value), interval))).toBe(expected)
  })

  it('maps years 0 to 99 to themselves, not to 1900 to 1999 as Date.UTC would', () => {
    expect(iso(truncateToInterval(at('0050-07-04T00:00:00Z'), 'year'))).toBe('0050-01-01T00:00:00.000Z')
    expect(iso(truncateToInterval(at('0055-07-04T00:00:00Z'), 'decade'))).toBe('0050-01-01T00:00:00.000Z')
  })

  it('refuses an invalid Date', () => {
    expect(() => truncateToInterval(new Date(Number.NaN), 'day')).toThrow(RangeError)
  })
})

describe('nextBucket', () => {
  it.each<[string, HistogramInterval, string]>([
    ['2021-01-31T10:00:00Z', 'month', '2021-02-01T00:00:00.000Z'],
    ['2020-02-15T00:00:00Z', 'month', '2020-03-01T00:00:00.000Z'],
    ['2021-12-31T23:59:59Z', 'day', '2022-01-01T00:00:00.000Z'],
    ['2021-01-01T00:00:00Z', 'week', '2021-01-04T00:00:00.000Z'],
    ['2000-06-01T00:00:00Z', 'century', '2001-01-01T00:00:00.000Z'],
    ['-000043-03-15T00:00:00Z', 'decade', '-000040-01-01T00:00:00.000Z'],
    ['-000001-06-01T00:00:00Z', 'year', '0000-01-01T00:00:00.000Z'],
    ['0000-06-01T00:00:00Z', 'century', '0001-01-01T00:00:00.000Z'],
    ['0099-06-01T00:00:00Z', 'year', '0100-01-01T00:00:00.000Z'],
  ])('after %s comes the %s starting %s', (value, interval, expected) => {
    expect(iso(nextBucket(at(value), interval))).toBe(expected)
  })

  it('throws past the last Date JavaScript holds', () => {
    expect(() => nextBucket(new Date(8.64e15), 'year')).toThrow(/no year after/)
  })
})

describe('in a time zone with daylight saving', () => {
  const originalZone = process.env.TZ
  beforeAll(() => {
    process.env.TZ = 'America/New_York'
  })
  afterAll(() => {
    process.env.TZ = originalZone
  })

  it('still counts UTC hours and days (the local clock jumps on 2021-03-14)', () => {
    // Guard: the zone took effect, or this test would pass for the wrong reason.
    expect(new Date(2021, 0, 1).getTimezoneOffset()).not.toBe(new Date(2021, 6, 1).getTimezoneOffset())
    const hours = listBuckets(at('2021-03-14T05:30:00Z'), at('2021-03-14T08:30:00Z'), 'hour').map(iso)
    expect(hours).toEqual([
      '2021-03-14T05:00:00.000Z',
      '2021-03-14T06:00:00.000Z',
      '2021-03-14T07:00:00.000Z',
      '2021-03-14T08:00:00.000Z',
    ])
    expect(iso(truncateToInterval(at('2021-03-14T03:00:00Z'), 'day'))).toBe('2021-03-14T00:00:00.000Z')
    expect(iso(truncateToInterval(at('2021-11-07T05:00:00Z'), 'month'))).toBe('2021-11-01T00:00:00.000Z')
  })
})

describe('listBuckets and countBuckets', () => {
  it.each<[string, string, HistogramInterval, string[]]>([
    ['2020-01-15T00:00:00Z', '2020-03-01T00:00:00Z', 'month', ['2020-01-01', '2020-02-01', '2020-03-01']],
    ['2021-01-01T00:00:00Z', '2021-01-01T00:00:00Z', 'day', ['2021-01-01']],
    ['2020-12-30T00:00:00Z', '2021-01-12T00:00:00Z', 'week', ['2020-12-28', '2021-01-04', '2021-01-11']],
    [
      '1999-06-01T00:00:00Z',
      '2021-06-01T00:00:00Z',
      'decade',
      ['1990-01-01', '2000-01-01', '2010-01-01', '2020-01-01'],
    ],
    ['1850-01-01T00:00:00Z', '2001-01-01T00:00:00Z', 'century', ['1801-01-01', '1901-01-01', '2001-01-01']],
    // 44 BC to AD 10 by decades: 51 BC (-50), 41 BC (-40), …, 1 BC (0), AD 10.
    [
      '-000043-03-15T00:00:00Z',
      '0010-06-01T00:00:00Z',
      'decade',
      ['-000050-01-01', '-000040-01-01', '-000030-01-01', '-000020-01-01', '-000010-01-01', '0000-01-01', '0010-01-01'],
    ],
    [
      '-000150-01-01T00:00:00Z',
      '0150-01-01T00:00:00Z',
      'century',
      ['-000199-01-01', '-000099-01-01', '0001-01-01', '0101-01-01'],
    ],
  ])('from %s to %s by %s', (start, end, interval, expected) => {
    const buckets = listBuckets(at(start), at(end), interval)
    expect(buckets.map((date) => iso(date).slice(0, iso(date).indexOf('T')))).toEqual(expected)
    expect(countBuckets(at(start), at(end), interval)).toBe(expected.length)
  })

  it('counts calendar months and leap days exactly', () => {
    expect(countBuckets(at('2020-01-01T00:00:00Z'), at('2020-12-31T23:59:59Z'), 'month')).toBe(12)
    expect(countBuckets(at('2020-01-01T00:00:00Z'), at('2020-12-31T23:59:59Z'), 'day')).toBe(366)
    expect(countBuckets(at('2021-01-01T00:00:00Z'), at('2021-12-31T23:59:59Z'), 'day')).toBe(365)
    expect(countBuckets(at('-000001-01-01T00:00:00Z'), at('0000-12-31T00:00:00Z'), 'day')).toBe(365 + 366)
  })

  it('refuses more than 10,000 buckets instead of allocating millions', () => {
    expect(countBuckets(at('1000-01-01T00:00:00Z'), at('2000-01-01T00:00:00Z'), 'hour')).toBe(24 * 365_242 + 1)
    expect(() => listBuckets(at('1000-01-01T00:00:00Z'), at('2000-01-01T00:00:00Z'), 'hour')).toThrow(
      /8765809 hour buckets; the most is 10000/,
    )
    const lastOf10000 = new Date(Date.parse('2000-01-01T00:00:00Z') + 9_999 * 3_600_000)
    expect(listBuckets(at('2000-01-01T00:00:00Z'), lastOf10000, 'hour')).toHaveLength(10_000)
    expect(() => listBuckets(at('2000-01-01T00:00:00Z'), new Date(lastOf10000.getTime() + 3_600_000), 'hour')).toThrow(
      RangeError,
    )
  })

  it('refuses a start after the end and invalid dates', () => {
    expect(() => listBuckets(at('2021-01-02T00:00:00Z'), at('2021-01-01T00:00:00Z'), 'day')).toThrow(
      /must not be after end/,
    )
    expect(() => countBuckets(new Date(Number.NaN), at('2021-01-01T00:00:00Z'), 'day')).toThrow(
      /start must be a valid Date/,
    )
  })

  it.each<[HistogramInterval, string]>([
    ['hour', '-000043-03-17T00:00:00Z'],
    ['day', '-000042-03-15T00:00:00Z'],
    ['week', '-000041-03-15T00:00:00Z'],
    ['month', '-000020-03-15T00:00:00Z'],
    ['year', '0300-01-01T00:00:00Z'],
    ['decade', '0300-01-01T00:00:00Z'],
    ['century', '0300-01-01T00:00:00Z'],
  ])('lists %s buckets from 44 BC without gaps: each is nextBucket of the one before', (interval, end) => {
    const buckets = listBuckets(at('-000043-03-15T12:00:00Z'), at(end), interval)
    expect(buckets.length).toBeGreaterThan(3)
    for (let index = 1; index < buckets.length; index++) {
      expect(iso(nextBucket(buckets[index - 1] as Date, interval))).toBe(iso(buckets[index] as Date))
      expect(iso(truncateToInterval(buckets[index] as Date, interval))).toBe(iso(buckets[index] as Date))
    }
  })
})

describe('chooseHistogramInterval', () => {
  it.each<[string, string, string, HistogramInterval]>([
    ['fifty years: 600 months is too many, 50 years fit', '1970-01-01T00:00:00Z', '2019-12-31T00:00:00Z', 'year'],
    ['four days: 97 hours', '2021-01-01T00:00:00Z', '2021-01-05T00:00:00Z', 'hour'],
    ['one hour: nothing finer exists', '2021-01-01T10:00:00Z', '2021-01-01T10:30:00Z', 'hour'],
    ['three months: 92 days', '2021-01-01T00:00:00Z', '2021-04-01T00:00:00Z', 'day'],
    ['three years: 157 weeks', '2019-01-01T00:00:00Z', '2021-12-31T00:00:00Z', 'week'],
    ['ten years: 120 months', '2011-01-01T00:00:00Z', '2020-12-31T00:00:00Z', 'month'],
    ['a millennium: 101 decades', '1000-01-01T00:00:00Z', '2000-12-31T00:00:00Z', 'decade'],
    ['from 3000 BC: 51 centuries', '-002999-01-01T00:00:00Z', '2000-12-31T00:00:00Z', 'century'],
    [
      'the whole supported range: centuries even when over 200',
      '-004713-11-24T00:00:00Z',
      '2020-01-01T00:00:00Z',
      'century',
    ],
  ])('%s', (_, start, end, expected) => {
    expect(chooseHistogramInterval(at(start), at(end))).toBe(expected)
  })

  it('takes another target', () => {
    // 366 days in 2020: too many for 200, fine for 400.
    expect(chooseHistogramInterval(at('2020-01-01T00:00:00Z'), at('2020-12-31T00:00:00Z'))).toBe('week')
    expect(
      chooseHistogramInterval(at('2020-01-01T00:00:00Z'), at('2020-12-31T00:00:00Z'), { min: 100, max: 400 }),
    ).toBe('day')
  })

  it('refuses a target with min above max', () => {
    expect(() =>
      chooseHistogramInterval(at('2020-01-01T00:00:00Z'), at('2020-12-31T00:00:00Z'), { min: 300, max: 200 }),
    ).toThrow(RangeError)
  })
})

describe('rollUpDayCounts', () => {
  const day = (text: string) => at(`${text}T00:00:00.000Z`).getTime()
  const keyed = (buckets: Map<number, number>) =>
    Object.fromEntries([...buckets].map(([start, count]) => [iso(new Date(start)), count]))

  it('sums the days of each bucket under its start, as date_trunc groups them', () => {
    const days = new Map([
      [day('1999-12-27'), 1], // a Monday, in the week of 2000-01-01
      [day('2000-01-01'), 2],
      [day('2000-01-31'), 4],
      [day('2000-02-01'), 8],
      [day('2001-01-01'), 16],
    ])
    expect(keyed(rollUpDayCounts(days, 'week'))).toEqual({
      '1999-12-27T00:00:00.000Z': 3,
      '2000-01-31T00:00:00.000Z': 12,
      '2001-01-01T00:00:00.000Z': 16,
    })
    expect(keyed(rollUpDayCounts(days, 'month'))).toEqual({
      '1999-12-01T00:00:00.000Z': 1,
      '2000-01-01T00:00:00.000Z': 6,
      '2000-02-01T00:00:00.000Z': 8,
      '2001-01-01T00:00:00.000Z': 16,
    })
    // The 20th century runs 1901–2000, so 2000 is in it and 2001 starts the next.
    expect(keyed(rollUpDayCounts(days, 'century'))).toEqual({
      '1901-01-01T00:00:00.000Z': 15,
      '2001-01-01T00:00:00.000Z': 16,
    })
    expect(keyed(rollUpDayCounts(days, 'day'))).toEqual(keyed(days))
  })

  it('keeps days before 1970 and before the common era in their buckets', () => {
    const days = new Map([
      [day('1969-12-31'), 1],
      [day('-000043-03-15'), 5],
    ])
    expect(keyed(rollUpDayCounts(days, 'decade'))).toEqual({
      '1960-01-01T00:00:00.000Z': 1,
      '-000050-01-01T00:00:00.000Z': 5,
    })
  })

  it('refuses hours and keys that are not UTC midnights', () => {
    expect(() => rollUpDayCounts(new Map(), 'hour' as 'day')).toThrow('day counts cannot fill hour buckets')
    expect(() => rollUpDayCounts(new Map([[day('2000-01-01') + 3_600_000, 1]]), 'month')).toThrow(
      '2000-01-01T01:00:00.000Z is not the start of a UTC day',
    )
  })
})
