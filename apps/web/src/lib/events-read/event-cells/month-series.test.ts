import { describe, expect, it } from 'vitest'

import { SERIES_MONTH_BYTES, sumMonthSeries } from './month-series'

// A series as PostgreSQL packs it: float8send of each month's start, int4send of its count.
function seriesOf(months: ReadonlyArray<readonly [string, number]>): Uint8Array {
  const bytes = new Uint8Array(months.length * SERIES_MONTH_BYTES)
  const view = new DataView(bytes.buffer)
  months.forEach(([month, count], index) => {
    view.setFloat64(index * SERIES_MONTH_BYTES, Date.parse(`${month}T00:00:00Z`))
    view.setInt32(index * SERIES_MONTH_BYTES + 8, count)
  })
  return bytes
}

const EVERY_TIME = { start: -Infinity, end: Infinity }
const keyed = (counts: Map<number, number>) =>
  Object.fromEntries([...counts].map(([bucket, count]) => [new Date(bucket).toISOString().slice(0, 7), count]))

describe('month series', () => {
  // Two cells' series run together, as string_agg gives them.
  const series = new Uint8Array([
    ...seriesOf([
      ['1989-12-01', 1],
      ['1990-01-01', 2],
      ['1990-07-01', 3],
    ]),
    ...seriesOf([
      ['1990-01-01', 10],
      ['2001-03-01', 20],
    ]),
  ])

  it('sums the months of every cell into the buckets of an interval, as date_trunc groups them', () => {
    expect(keyed(sumMonthSeries(series, EVERY_TIME, 'month'))).toEqual({
      '1989-12': 1,
      '1990-01': 12,
      '1990-07': 3,
      '2001-03': 20,
    })
    expect(keyed(sumMonthSeries(series, EVERY_TIME, 'year'))).toEqual({ '1989-01': 1, '1990-01': 15, '2001-01': 20 })
    expect(keyed(sumMonthSeries(series, EVERY_TIME, 'decade'))).toEqual({ '1980-01': 1, '1990-01': 15, '2000-01': 20 })
    // date_trunc('century') starts a century in a year 1: 1901 and 2001.
    expect(keyed(sumMonthSeries(series, EVERY_TIME, 'century'))).toEqual({ '1901-01': 16, '2001-01': 20 })
  })

  it('keeps only the months of a span, its end left out', () => {
    const span = { start: Date.UTC(1990, 0, 1), end: Date.UTC(1990, 6, 1) }
    expect(keyed(sumMonthSeries(series, span, 'year'))).toEqual({ '1990-01': 12 })
    expect(sumMonthSeries(new Uint8Array(0), EVERY_TIME, 'year').size).toBe(0)
  })

  it('counts months before the common era', () => {
    const ancient = seriesOf([
      ['-000500-03-01', 4],
      ['-000499-01-01', 5],
    ])
    expect(keyed(sumMonthSeries(ancient, EVERY_TIME, 'year'))).toEqual({ '-000500': 4, '-000499': 5 })
  })

  it('refuses intervals shorter than a month and bytes that are not whole months', () => {
    expect(() => sumMonthSeries(series, EVERY_TIME, 'day')).toThrow(RangeError)
    expect(() => sumMonthSeries(series, EVERY_TIME, 'hour')).toThrow(RangeError)
    expect(() => sumMonthSeries(series.subarray(1), EVERY_TIME, 'year')).toThrow(/not whole months/)
  })
})
