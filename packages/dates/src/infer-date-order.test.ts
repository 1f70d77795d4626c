import { readFixtureColumns } from '@chronotope/test-fixtures'
import { describe, expect, it } from 'vitest'

import type { DateOrderReading } from './date-order-tally'
import {
  classifyDateOrder,
  countDateOrder,
  decideDateOrder,
  emptyDateOrderTally,
  valuesAgainstOrder,
} from './date-order-tally'
import { inferDateOrder } from './infer-date-order'

describe('classifyDateOrder', () => {
  it.each<[string, DateOrderReading | undefined]>([
    ['21/01/2024', 'day-first'],
    ['13.09.2016', 'day-first'],
    ['25/12/2020 10:00', 'day-first'],
    ['24/12/2020T09:00', 'day-first'],
    ['12/25/2024', 'month-first'],
    ['9/13/16', 'month-first'],
    ['03/04/2024', 'either'],
    ['11-12-2020', 'either'],
    ['2024-04-05', 'year-first'],
    ['2021/04/03', 'year-first'],
    ['2021.12.31 23:00', 'year-first'],
    // Not evidence: the same both ways, no date either way, or no numeric date at all.
    ['05/05/2024', undefined],
    ['13/25/2024', undefined],
    ['00/04/2024', undefined],
    ['32/01/2024', undefined],
    ['31/02/2024', undefined],
    ['30/02/2024', undefined],
    ['29/02/2024', 'day-first'],
    ['02/31/2024', undefined],
    ['31/04/2024', undefined],
    ['31/03/2024', 'day-first'],
    ['3/4/202', undefined],
    ['03/04-2024', undefined],
    ['April 7, 2024', undefined],
    ['04/2021', undefined],
    ['', undefined],
  ])('%s reads %s', (value, reading) => {
    expect(classifyDateOrder(value)).toBe(reading)
  })
})

describe('inferDateOrder', () => {
  it.each<[string, string[], string | undefined, boolean, [number, number, number, number]]>([
    ['a second part over 12 proves month first', ['9/5/2016', '9/13/2016'], 'MDY', false, [0, 1, 1, 0]],
    ['a first part over 12 proves day first', ['05.09.2016', '13.09.2016'], 'DMY', false, [1, 0, 1, 0]],
    ['all parts 12 or less decide nothing', ['03/04/2021', '11-12-2020'], undefined, true, [0, 0, 2, 0]],
    ['conflicts go to the majority', ['13/01/2021', '14/01/2021', '01/13/2021'], 'DMY', false, [2, 1, 0, 0]],
    ['a tie decides nothing', ['13/01/2021', '01/13/2021'], undefined, true, [1, 1, 0, 0]],
    ['times after the date are ignored', ['25/12/2020 10:00', '24/12/2020T09:00'], 'DMY', false, [2, 0, 0, 0]],
    ['year-first dates alone are year first', ['2021/04/03', '2021.12.31'], 'YMD', false, [0, 0, 0, 2]],
    [
      'year-first dates never decide the day/month order (issue 26)',
      ['2024-04-05', '2024-04-06', '2024-04-07', '21/01/2024', '03/04/2024'],
      'DMY',
      false,
      [1, 0, 1, 3],
    ],
    [
      'year-first dates beside ambiguous ones leave them undecided',
      ['2024-04-05', '2024-04-06', '03/04/2024'],
      undefined,
      true,
      [0, 0, 1, 2],
    ],
    ['no numeric dates need no order', ['March 5, 2021', '', 'N/A'], undefined, false, [0, 0, 0, 0]],
    ['impossible values are not evidence', ['13/13/2021', '9/13/2016'], 'MDY', false, [0, 1, 0, 0]],
    ['days equal to months are not evidence', ['05/05/2024', '12/12/2024'], undefined, false, [0, 0, 0, 0]],
  ])('%s', (_case, samples, order, isAmbiguous, [dayFirst, monthFirst, either, yearFirst]) => {
    const decision = inferDateOrder(samples)
    expect(decision.order).toBe(order)
    expect(decision.isAmbiguous).toBe(isAmbiguous)
    expect(decision.evidence).toMatchObject({ dayFirst, monthFirst, either, yearFirst })
  })

  it.each<[string, string[], string]>([
    [
      'a decided column',
      ['21/01/2024', '22/01/2024', '03/04/2024'],
      'day first: 2 values such as 21/01/2024 can only be read so',
    ],
    [
      'a column with values that contradict the majority',
      ['13/01/2021', '14/01/2021', '01/13/2021'],
      'day first: 2 values such as 13/01/2021 can only be read so; 1 value such as 01/13/2021 can only be read month first and will be row errors',
    ],
    ['a month-first column', ['12/25/2024'], 'month first: 1 value such as 12/25/2024 can only be read so'],
    [
      'an undecided column',
      ['2024-04-05', '03/04/2024', '04/05/2024'],
      'undecided: all 2 values written with numbers and the year last, such as 03/04/2024, can be read day first or month first; values such as 2024-04-05 start with the year and do not tell',
    ],
    [
      'a tie',
      ['13/01/2021', '01/13/2021'],
      'undecided: 1 value such as 13/01/2021 can only be read day first, and as many such as 01/13/2021 only month first',
    ],
    ['a year-first column', ['2024-04-05'], 'year first: 1 value such as 2024-04-05 starts with the year'],
  ])('gives its reason in words for %s', (_case, samples, reason) => {
    expect(inferDateOrder(samples).reason).toBe(reason)
  })

  it('counts how many values contradict the order', () => {
    expect(inferDateOrder(['13/01/2021', '14/01/2021', '01/13/2021']).contradicting).toBe(1)
  })

  // The FiveThirtyEight date columns are all M/D/YYYY.
  it.each([
    ['presidential-campaign-trail_trump.csv', 'date', 106],
    ['presidential-campaign-trail_clinton.csv', 'date', 71],
    ['gop-candidate-visits-2024_candidate_visits.csv', 'Date', 1741],
  ])('reads %s as M/D/Y', (file, column, rowCount) => {
    const values = readFixtureColumns(file, [column]).map(([value = '']) => value)
    const decision = inferDateOrder(values)
    expect(values).toHaveLength(rowCount)
    expect([decision.order, decision.isAmbiguous, decision.evidence.dayFirst]).toEqual(['MDY', false, 0])
  })
})

describe('a tally', () => {
  it('sums values counted one at a time to the same decision as inferDateOrder', () => {
    const values = ['21/01/2024', '2024-04-05', 'April 7, 2024', '03/04/2024', '13/25/2024']
    const tally = emptyDateOrderTally()
    expect(values.map((value) => countDateOrder(tally, value))).toEqual([
      'day-first',
      'year-first',
      undefined,
      'either',
      undefined,
    ])
    expect(tally.examples).toEqual({ 'day-first': '21/01/2024', 'year-first': '2024-04-05', either: '03/04/2024' })
    expect(decideDateOrder(tally)).toEqual(inferDateOrder(values))
  })
})

describe('valuesAgainstOrder', () => {
  const tally = {
    dayFirst: 41,
    monthFirst: 2,
    either: 9,
    yearFirst: 70,
    examples: { 'day-first': '21/01/2024', 'month-first': '12/25/2024', either: '03/04/2024' },
  }

  it.each([
    ['DMY', { count: 2, example: '12/25/2024' }],
    ['MDY', { count: 41, example: '21/01/2024' }],
    ['YMD', { count: 52, example: '21/01/2024' }],
  ] as const)('counts the values %s cannot read', (order, expected) => {
    expect(valuesAgainstOrder(tally, order)).toEqual(expected)
  })
})
