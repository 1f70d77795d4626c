import { describe, expect, it } from 'vitest'

import { describeDatasetStats, formatEventCount, formatYearSpan } from './dataset-summary-text'

describe('formatEventCount', () => {
  it.each([
    [0, 'no events yet'],
    [1, '1 event'],
    [2, '2 events'],
    [1200, '1,200 events'],
    [1_000_000, '1,000,000 events'],
  ])('%i → %s', (count, expected) => {
    expect(formatEventCount(count)).toBe(expected)
  })
})

/** An instant of any year: `Date.UTC` reads years 0–99 as 1900–1999. */
function utc(year: number, month = 0, day = 1): number {
  const date = new Date(Date.UTC(2000, month, day))
  date.setUTCFullYear(year)
  return date.getTime()
}

describe('formatYearSpan', () => {
  it.each([
    [Date.UTC(2010, 0, 11), Date.UTC(2024, 5, 1), '2010–2024'],
    [Date.UTC(2020, 0, 1), Date.UTC(2020, 11, 31), '2020'],
    [utc(-489, 8, 12), utc(79, 7, 24), '490 BC – AD 79'],
    [Date.UTC(-489, 0, 1), Date.UTC(-399, 0, 1), '490 BC – 400 BC'],
    [Date.UTC(1066, 9, 14), Date.UTC(1918, 10, 11), '1066–1918'],
    // The last instant of 1999 in UTC is 1999, whatever the test machine's zone.
    [Date.UTC(1999, 0, 1), Date.UTC(1999, 11, 31, 23, 59, 59), '1999'],
  ])('%d to %d → %s', (first, last, expected) => {
    expect(formatYearSpan(first, last)).toBe(expected)
  })
})

describe('describeDatasetStats', () => {
  it.each([
    [{ count: 1200, firstMs: Date.UTC(2010, 0, 1), lastMs: Date.UTC(2024, 0, 1) }, '1,200 events · 2010–2024'],
    [{ count: 1, firstMs: Date.UTC(1848, 2, 1), lastMs: Date.UTC(1848, 2, 1) }, '1 event · 1848'],
    [{ count: 0, firstMs: null, lastMs: null }, 'No events yet'],
    [{ count: 5, firstMs: null, lastMs: null }, '5 events'],
  ])('%o → %s', (stats, expected) => {
    expect(describeDatasetStats(stats)).toBe(expected)
  })
})
