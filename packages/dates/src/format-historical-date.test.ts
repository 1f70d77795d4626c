import { describe, expect, it } from 'vitest'

import { formatHistoricalDate, formatHistoricalYear } from './format-historical-date'
import type { TimePrecision } from './types'

describe('formatHistoricalYear', () => {
  it.each([
    [-489, '490 BC'],
    [-43, '44 BC'],
    [0, '1 BC'],
    [1, 'AD 1'],
    [79, 'AD 79'],
    [999, 'AD 999'],
    [1000, '1000'],
    [2024, '2024'],
  ])('astronomical %i is %s', (year, expected) => {
    expect(formatHistoricalYear(year)).toBe(expected)
  })
})

describe('formatHistoricalDate', () => {
  it.each<[string | number | null, TimePrecision | undefined, string]>([
    ['-000490-09-12T00:00:00.000Z', 'day', '12 September 491 BC'],
    ['-000489-09-12T06:00:00.000Z', undefined, '12 September 490 BC'],
    ['-000489-01-01T00:00:00.000Z', 'year', '490 BC'],
    ['-000043-03-15T12:00:00.000Z', 'month', 'March 44 BC'],
    ['0000-12-31T23:59:59.999Z', 'second', '31 December 1 BC, 23:59:59 UTC'],
    ['0001-01-01T00:00:00.000Z', 'day', '1 January AD 1'],
    ['0012-08-24T00:00:00.000Z', 'day', '24 August AD 12'],
    ['0079-08-24T13:00:00.000Z', 'minute', '24 August AD 79, 13:00 UTC'],
    ['0999-12-31T23:59:59.999Z', 'hour', '31 December AD 999, 23:59 UTC'],
    ['1066-10-14T09:30:15.250Z', 'second', '14 October 1066, 09:30:15 UTC'],
    ['1850-06-01T00:00:00.000Z', 'year', '1850'],
    ['+012000-01-01T00:00:00.000Z', 'year', '12000'],
    [Date.UTC(2024, 1, 29, 12), 'day', '29 February 2024'],
    [null, 'day', ''],
    ['soon', 'day', ''],
  ])('%s to the %s is %j', (instant, precision, expected) => {
    expect(formatHistoricalDate(instant, precision)).toBe(expected)
  })
})
