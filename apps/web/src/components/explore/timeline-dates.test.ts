import { parseFilterDate } from '@chronotope/filters'
import { describe, expect, it } from 'vitest'

import {
  brushDates,
  bucketIndexAt,
  bucketLabel,
  bucketSpan,
  filterYear,
  formatEventCount,
  formatFilterDateAt,
  formatTimeSpan,
  intervalPrecision,
  nearestBoundary,
  type TimelineBucket,
} from './timeline-dates'

/** An instant of any year (Date.UTC maps 0–99 to the 1900s). */
function utc(year: number, month = 1, day = 1, hour = 0): number {
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  date.setUTCHours(hour)
  return date.getTime()
}

function yearBuckets(first: number, last: number, every = 1): TimelineBucket[] {
  const buckets: TimelineBucket[] = []
  for (let year = first; year <= last; year += every)
    buckets.push({ startMs: utc(year), endMs: utc(year + every), count: 1 })
  return buckets
}

describe('formatFilterDateAt', () => {
  it.each([
    [utc(1914, 7, 28, 5), 'year', '1914'],
    [utc(1914, 7, 28, 5), 'month', '1914-07'],
    [utc(1914, 7, 28, 5), 'day', '1914-07-28'],
    [utc(1914, 7, 28, 5), 'hour', '1914-07-28T05:00Z'],
    [utc(-489, 9, 12), 'year', '-0489'],
    [utc(0), 'month', '0000-01'],
    [utc(79, 8, 24), 'day', '0079-08-24'],
    [utc(12021), 'year', '+012021'],
  ] as const)('%s at %s is %s', (epochMs, precision, expected) => {
    expect(formatFilterDateAt(epochMs, precision)).toBe(expected)
  })

  it('writes what the read API reads back to the same instant', () => {
    for (const epochMs of [utc(-489, 9, 12), utc(1, 1, 1), utc(1914, 7, 28, 5), utc(2024, 12, 31, 23)]) {
      expect(parseFilterDate('start', formatFilterDateAt(epochMs, 'hour'))).toBe(epochMs)
    }
  })

  it('signs years before 1 CE', () => {
    expect(filterYear(-489)).toBe('-0489')
    expect(filterYear(-12000)).toBe('-012000')
  })
})

describe('brushDates', () => {
  it.each([
    ['years', yearBuckets(1910, 1920), 4, 7, 'year', { start: '1914', end: '1917' }],
    ['decades end on their last year', yearBuckets(1900, 1990, 10), 1, 2, 'decade', { start: '1910', end: '1929' }],
    ['years before Christ', yearBuckets(-500, -480), 11, 11, 'year', { start: '-0489', end: '-0489' }],
    [
      'months',
      [
        { startMs: utc(1921, 2), endMs: utc(1921, 3), count: 0 },
        { startMs: utc(1921, 3), endMs: utc(1921, 4), count: 0 },
      ],
      0,
      1,
      'month',
      { start: '1921-02', end: '1921-03' },
    ],
    [
      'weeks end on Sunday',
      [{ startMs: utc(2024, 3, 4), endMs: utc(2024, 3, 11), count: 0 }],
      0,
      0,
      'week',
      { start: '2024-03-04', end: '2024-03-10' },
    ],
    [
      'hours',
      [{ startMs: utc(2024, 3, 4, 5), endMs: utc(2024, 3, 4, 6), count: 0 }],
      0,
      0,
      'hour',
      { start: '2024-03-04T05:00Z', end: '2024-03-04T05:00Z' },
    ],
  ] as const)('%s', (_name, buckets, first, last, interval, expected) => {
    expect(brushDates(buckets, first, last, interval)).toEqual(expected)
  })

  it('covers exactly the brushed buckets when the read API reads it', () => {
    const buckets = yearBuckets(1900, 1990, 10)
    const { start, end } = brushDates(buckets, 1, 2, 'decade')
    expect(parseFilterDate('start', start)).toBe(buckets[1]!.startMs)
    expect(parseFilterDate('end', end)).toBe(buckets[2]!.endMs - 1)
  })

  it('orders reversed indexes', () => {
    expect(brushDates(yearBuckets(1910, 1920), 7, 4, 'year')).toEqual({ start: '1914', end: '1917' })
  })
})

describe('nearestBoundary and bucketSpan', () => {
  const buckets = yearBuckets(2010, 2014)
  it.each([
    [utc(2009), 0],
    [utc(2010, 3), 0],
    [utc(2010, 9), 1],
    [utc(2014, 12), 5],
    [utc(2030), 5],
  ])('%s → %s', (epochMs, expected) => {
    expect(nearestBoundary(buckets, epochMs)).toBe(expected)
  })

  it('finds the bucket holding an instant', () => {
    expect(bucketIndexAt(buckets, utc(2010))).toBe(0)
    expect(bucketIndexAt(buckets, utc(2012, 6))).toBe(2)
    expect(bucketIndexAt(buckets, utc(2015) - 1)).toBe(4)
    expect(bucketIndexAt(buckets, utc(2015))).toBe(-1)
    expect(bucketIndexAt(buckets, utc(2009))).toBe(-1)
  })

  it('snaps a range to whole buckets, one at least', () => {
    expect(bucketSpan(buckets, utc(2011, 2), utc(2012, 11))).toEqual({ first: 1, last: 2 })
    expect(bucketSpan(buckets, utc(2011, 2), utc(2011, 3))).toEqual({ first: 1, last: 1 })
    expect(bucketSpan(buckets, utc(2000), utc(2040))).toEqual({ first: 0, last: 4 })
    expect(bucketSpan([], 0, 1)).toBeUndefined()
  })
})

describe('bucketLabel', () => {
  it.each([
    [{ startMs: utc(1921, 3), endMs: utc(1921, 4) }, 'month', 'March 1921'],
    [{ startMs: utc(1914), endMs: utc(1915) }, 'year', '1914'],
    [{ startMs: utc(-489), endMs: utc(-488) }, 'year', '490 BC'],
    [{ startMs: utc(79), endMs: utc(80) }, 'year', 'AD 79'],
    [{ startMs: utc(1910), endMs: utc(1920) }, 'decade', '1910–1919'],
    [{ startMs: utc(-99), endMs: utc(1) }, 'century', '100 BC – 1 BC'],
    [{ startMs: utc(1066, 10, 14), endMs: utc(1066, 10, 15) }, 'day', '14 October 1066'],
    [{ startMs: utc(1921, 3, 7), endMs: utc(1921, 3, 14) }, 'week', 'week of 7 March 1921'],
    [{ startMs: utc(1066, 10, 14, 9), endMs: utc(1066, 10, 14, 10) }, 'hour', '14 October 1066, 09:00 UTC'],
  ] as const)('%s %s', (bucket, interval, expected) => {
    expect(bucketLabel(bucket, interval)).toBe(expected)
  })
})

describe('formatTimeSpan', () => {
  it.each([
    [utc(1914), utc(1918) - 1, 'year', '1914–1917'],
    [utc(1914), utc(1915) - 1, 'year', '1914'],
    [utc(-489), utc(-479) - 1, 'year', '490 BC – 481 BC'],
    [utc(1921, 1), utc(1921, 7) - 1, 'month', 'January–June 1921'],
    [utc(1921, 11), utc(1922, 2) - 1, 'month', 'November 1921 – January 1922'],
    [utc(1921, 3, 3), utc(1921, 3, 10) - 1, 'day', '3–9 March 1921'],
    [utc(1921, 3, 28), utc(1921, 4, 4) - 1, 'day', '28 March 1921 – 3 April 1921'],
    [utc(1921, 3, 3), utc(1921, 3, 4) - 1, 'day', '3 March 1921'],
  ] as const)('%s–%s at %s', (startMs, endMs, precision, expected) => {
    expect(formatTimeSpan(startMs, endMs, precision)).toBe(expected)
  })
})

describe('interval precision and counts', () => {
  it('names decades by years and weeks by days', () => {
    expect(intervalPrecision('century')).toBe('year')
    expect(intervalPrecision('week')).toBe('day')
    expect(intervalPrecision('hour')).toBe('hour')
  })
  it('writes counts with separators and the right noun', () => {
    expect(formatEventCount(1204)).toBe('1,204 events')
    expect(formatEventCount(1)).toBe('1 event')
    expect(formatEventCount(0)).toBe('0 events')
  })
})
