import { describe, expect, it } from 'vitest'

import { formatDateReading } from './format-date-reading'
import type { DateNumberReading, DateOrder } from './types'

describe('formatDateReading', () => {
  it.each<[string, DateOrder | undefined, DateNumberReading | undefined, string]>([
    ['03/04/2024', 'DMY', undefined, '3 April 2024'],
    ['03/04/2024', 'MDY', undefined, '4 March 2024'],
    ['03/04/2024', undefined, undefined, '3 April 2024 (day first) or 4 March 2024 (month first)'],
    ['21/01/2024', undefined, undefined, '21 January 2024'],
    ['2024-04-05', 'DMY', undefined, '5 April 2024'],
    ['April 7, 2024', 'DMY', undefined, '7 April 2024'],
    ['c. 1850', undefined, undefined, 'about 1850'],
    ['1914–1918', undefined, undefined, '1914 – 1918'],
    ['2024-04-05T10:30+02:00', undefined, undefined, '5 April 2024, 08:30 UTC'],
    ['45388', undefined, 'excel-serial', '6 April 2024'],
    ['13/25/2024', 'DMY', undefined, 'row error: there is no month 25'],
    ['25/03/2024', 'MDY', undefined, 'row error: there is no month 25'],
    ['soon', 'DMY', undefined, 'row error: "soon" is not part of a date'],
  ])('%s read %s', (raw, order, numbers, expected) => {
    expect(formatDateReading(raw, order, numbers)).toBe(expected)
  })
})
