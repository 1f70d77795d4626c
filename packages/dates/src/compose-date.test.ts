import { describe, expect, it } from 'vitest'
import { composeDate } from './compose-date'
import { InvalidDate } from './invalid-date'
import { readFixtureColumns } from '@chronotope/test-fixtures'
import type { DateParts, TimePrecision } from './types'

describe('composeDate', () => {
  it.each<[string, DateParts, string, TimePrecision]>([
    ['a month name, day and year', { year: 2015, month: 'February', day: 23 }, '2015-02-23T00:00:00.000Z', 'day'],
    ['text parts', { year: '2015', month: '2', day: '23' }, '2015-02-23T00:00:00.000Z', 'day'],
    ['an abbreviated French month', { year: 2015, month: 'févr.', day: 1 }, '2015-02-01T00:00:00.000Z', 'day'],
    ['a year and month', { year: 2015, month: 'Feb' }, '2015-02-01T00:00:00.000Z', 'month'],
    ['a year alone', { year: 1848 }, '1848-01-01T00:00:00.000Z', 'year'],
    ['empty month and day cells', { year: 1848, month: '', day: ' ' }, '1848-01-01T00:00:00.000Z', 'year'],
    ['a BC year', { year: '44 BC', month: 'March', day: 15 }, '-000043-03-15T00:00:00.000Z', 'day'],
    ['a 24-hour time', { year: 2015, month: 2, day: 23, time: '14:30' }, '2015-02-23T14:30:00.000Z', 'minute'],
    [
      'a 12-hour time with seconds',
      { year: 2015, month: 2, day: 23, time: '2:30:15 PM' },
      '2015-02-23T14:30:15.000Z',
      'second',
    ],
    ['a two-digit year', { year: '15', month: 2, day: 23 }, '2015-02-23T00:00:00.000Z', 'day'],
  ])('%s', (_case, parts, iso, precision) => {
    const parsed = composeDate(parts, { referenceDate: new Date('2025-01-01T00:00:00Z') })
    expect([parsed.iso, parsed.precision]).toEqual([iso, precision])
  })

  it.each<[string, DateParts, string]>([
    [
      '30 February',
      { year: 2015, month: 'February', day: 30 },
      'year 2015, month February, day 30 is not a valid date: February has 28 days in 2015',
    ],
    ['an unknown month', { year: 2015, month: 'Febtober', day: 1 }, '"Febtober" is not a month name or number'],
    ['month 13', { year: 2015, month: 13 }, 'there is no month 13'],
    ['a fractional day', { year: 2015, month: 2, day: 2.5 }, 'the day "2.5" is not a whole number'],
    ['a day without a month', { year: 2015, day: 3 }, 'it has a day but no month'],
    ['a time without a day', { year: 2015, month: 2, time: '10:00' }, 'it has a time but no day'],
    ['an unreadable time', { year: 2015, month: 2, day: 3, time: 'noon' }, 'the time "noon" is not H:mm'],
    ['an unknown year', { year: 'Unknown', month: 2, day: 3 }, 'the year "Unknown" is not a whole number'],
    ['an empty year', { year: '', month: 2, day: 3 }, 'the year "" is not a whole number'],
  ])('rejects %s', (_case, parts, message) => {
    expect(() => composeDate(parts)).toThrow(InvalidDate)
    expect(() => composeDate(parts)).toThrow(message)
  })

  it("composes every row of police-killings' month, day and year", () => {
    const rows = readFixtureColumns('police-killings_police_killings.csv', ['month', 'day', 'year'])
    const dates = rows.map(([month = '', day = '', year = '']) => composeDate({ year, month, day }))
    expect(dates).toHaveLength(467)
    expect(dates[0]).toEqual({
      epochMs: Date.parse('2015-02-23T00:00:00Z'),
      iso: '2015-02-23T00:00:00.000Z',
      precision: 'day',
    })
    // The data covers January to June 2015.
    const months = new Set(dates.map((date) => date.iso.slice(0, 7)))
    expect([...months].sort()).toEqual(['2015-01', '2015-02', '2015-03', '2015-04', '2015-05', '2015-06'])
  })
})
