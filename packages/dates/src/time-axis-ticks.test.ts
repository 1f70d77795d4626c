import { describe, expect, it } from 'vitest'

import { timeAxisTicks } from './time-axis-ticks'

/** An instant of any year (Date.UTC maps 0–99 to the 1900s). */
function utc(year: number, month = 1, day = 1, hour = 0): number {
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  date.setUTCHours(hour)
  return date.getTime()
}

function labels(startMs: number, endMs: number, maxTicks: number): string[] {
  return timeAxisTicks(startMs, endMs, maxTicks).map((tick) => tick.label)
}

describe('timeAxisTicks', () => {
  it.each([
    ['a century by 20 years', utc(1900), utc(2000), 6, ['1900', '1920', '1940', '1960', '1980', '2000']],
    [
      'the demo span by 2 years',
      utc(2010),
      utc(2024, 12, 31),
      8,
      ['2010', '2012', '2014', '2016', '2018', '2020', '2022', '2024'],
    ],
    ['millennia', utc(-2999), utc(2000), 6, ['3000 BC', '2000 BC', '1000 BC', 'AD 1', '1000', '2000']],
    [
      'centuries across the era',
      utc(-499),
      utc(100),
      8,
      ['500 BC', '400 BC', '300 BC', '200 BC', '100 BC', 'AD 1', 'AD 100'],
    ],
    ['years before Christ', utc(-489), utc(-484), 6, ['490 BC', '489 BC', '488 BC', '487 BC', '486 BC', '485 BC']],
    ['years across the era', utc(-2), utc(3), 6, ['3 BC', '2 BC', '1 BC', 'AD 1', 'AD 2', 'AD 3']],
    ['early years carry AD', utc(70), utc(90), 5, ['AD 70', 'AD 75', 'AD 80', 'AD 85', 'AD 90']],
    ['quarters', utc(1921, 1), utc(1921, 12, 31), 5, ['January 1921', 'April 1921', 'July 1921', 'October 1921']],
    ['months', utc(1921, 2, 10), utc(1921, 5, 1), 3, ['March 1921', 'April 1921', 'May 1921']],
    [
      'weeks as days 1, 8, 15, 22',
      utc(1066, 10, 1),
      utc(1066, 11, 2),
      6,
      ['1 Oct 1066', '8 Oct 1066', '15 Oct 1066', '22 Oct 1066', '1 Nov 1066'],
    ],
    [
      'days before Christ',
      utc(-489, 9, 10),
      utc(-489, 9, 13),
      4,
      ['10 Sep 490 BC', '11 Sep 490 BC', '12 Sep 490 BC', '13 Sep 490 BC'],
    ],
    ['hours name the new day', utc(1066, 10, 14, 18), utc(1066, 10, 15, 6), 3, ['18:00', '15 Oct 1066', '06:00']],
  ])('%s', (_name, startMs, endMs, maxTicks, expected) => {
    expect(labels(startMs, endMs, maxTicks)).toEqual(expected)
  })

  it('puts each tick on its calendar instant', () => {
    const ticks = timeAxisTicks(utc(1921, 1), utc(1921, 7), 7)
    expect(ticks.map((tick) => new Date(tick.epochMs).toISOString().slice(0, 10))).toEqual([
      '1921-01-01',
      '1921-02-01',
      '1921-03-01',
      '1921-04-01',
      '1921-05-01',
      '1921-06-01',
      '1921-07-01',
    ])
    expect(ticks.every((tick) => tick.unit === 'month')).toBe(true)
  })

  it('never gives a year tick a time of day', () => {
    for (const tick of timeAxisTicks(utc(1500), utc(2020), 10)) {
      expect(tick.unit).toBe('year')
      expect(tick.label).toMatch(/^(AD )?\d+$/)
    }
  })

  it('keeps to about the number of ticks asked for', () => {
    for (const [startMs, endMs] of [
      [utc(-4000), utc(2024)],
      [utc(2010), utc(2024)],
      [utc(2020, 1), utc(2020, 3)],
      [utc(2020, 1, 1), utc(2020, 1, 2)],
    ] as const) {
      for (const maxTicks of [3, 7, 12]) {
        const count = timeAxisTicks(startMs, endMs, maxTicks).length
        expect(count).toBeGreaterThan(0)
        expect(count).toBeLessThanOrEqual(maxTicks + 1)
      }
    }
  })

  it('gives nothing for an empty or unreadable range', () => {
    expect(timeAxisTicks(utc(2020), utc(2019), 5)).toEqual([])
    expect(timeAxisTicks(Number.NaN, utc(2019), 5)).toEqual([])
    expect(timeAxisTicks(0, 9e15, 5)).toEqual([])
  })
})
