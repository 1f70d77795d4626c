import { describe, expect, it } from 'vitest'
import { inferDateOrder } from './infer-date-order'
import { readFixtureColumns } from '@chronotope/test-fixtures'

describe('inferDateOrder', () => {
  it.each([
    [
      'a second part over 12 proves MDY',
      ['9/5/2016', '9/13/2016'],
      'MDY',
      false,
      { mdyOnly: 1, dmyOnly: 0, either: 1 },
    ],
    [
      'a first part over 12 proves DMY',
      ['05.09.2016', '13.09.2016'],
      'DMY',
      false,
      { mdyOnly: 0, dmyOnly: 1, either: 1 },
    ],
    [
      'all parts 12 or less are ambiguous, MDY proposed',
      ['03/04/2021', '11-12-2020'],
      'MDY',
      true,
      { mdyOnly: 0, dmyOnly: 0, either: 2 },
    ],
    [
      'conflicts go to the majority',
      ['13/01/2021', '14/01/2021', '01/13/2021'],
      'DMY',
      false,
      { mdyOnly: 1, dmyOnly: 2, either: 0 },
    ],
    ['a tie is ambiguous', ['13/01/2021', '01/13/2021'], 'MDY', true, { mdyOnly: 1, dmyOnly: 1, either: 0 }],
    [
      'times after the date are ignored',
      ['25/12/2020 10:00', '24/12/2020T09:00'],
      'DMY',
      false,
      { mdyOnly: 0, dmyOnly: 2, either: 0 },
    ],
    ['year-first dates are YMD', ['2021/04/03', '2021.12.31'], 'YMD', false, { mdyOnly: 0, dmyOnly: 0, either: 0 }],
    ['no numeric dates', ['March 5, 2021', '', 'N/A'], 'MDY', true, { mdyOnly: 0, dmyOnly: 0, either: 0 }],
    [
      'impossible values are not evidence',
      ['13/13/2021', '9/13/2016'],
      'MDY',
      false,
      { mdyOnly: 1, dmyOnly: 0, either: 0 },
    ],
  ] as const)('%s', (_case, samples, order, isAmbiguous, evidence) => {
    const decision = inferDateOrder(samples)
    expect([decision.order, decision.isAmbiguous, decision.evidence]).toEqual([order, isAmbiguous, evidence])
  })

  it('gives its reason in words', () => {
    expect(inferDateOrder(['13/01/2021', '14/01/2021', '01/13/2021']).reason).toBe(
      'conflicting dates: 1 fit only month/day/year and 2 only day/month/year; day/month/year is the majority, and the others will be reported as invalid',
    )
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
    expect([decision.order, decision.isAmbiguous, decision.evidence.dmyOnly]).toEqual(['MDY', false, 0])
    expect(decision.evidence.mdyOnly + decision.evidence.either).toBe(rowCount)
  })
})
