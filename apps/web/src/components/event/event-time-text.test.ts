import { describe, expect, it } from 'vitest'

import { formatEventTimeRange } from './event-time-text'

describe('formatEventTimeRange', () => {
  it.each<[string | null, string | null, string | null, string]>([
    ['1921-03-01T00:00:00.000Z', null, 'month', 'March 1921'],
    ['2020-05-12T00:00:00.000Z', '2020-05-14T00:00:00.000Z', 'day', '12 May 2020 – 14 May 2020'],
    ['2020-05-12T08:00:00.000Z', '2020-05-12T08:00:00.000Z', 'day', '12 May 2020'],
    ['-000489-09-12T06:00:00.000Z', null, 'year', '490 BC'],
    ['2020-05-12T00:00:00.000Z', null, null, '12 May 2020'],
    ['2020-05-12T00:00:00.000Z', null, 'fortnight', '12 May 2020'],
    [null, '2020-05-14T00:00:00.000Z', 'day', 'Until 14 May 2020'],
    [null, null, 'day', 'Time not known'],
  ])('%s to %s at %s', (start, end, precision, expected) => {
    expect(formatEventTimeRange(start, end, precision)).toBe(expected)
  })
})
