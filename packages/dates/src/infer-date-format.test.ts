import { describe, expect, it } from 'vitest'
import { inferDateFormat } from './infer-date-format'
import { readFixtureColumns } from '@chronotope/test-fixtures'

describe('inferDateFormat', () => {
  it.each([
    [
      'ISO dates',
      ['2021-04-03', '2021-04-04', ''],
      undefined,
      { kind: 'iso', precision: 'day', matchRate: 1, hasTimeZone: false, isAmbiguousOrder: false },
    ],
    [
      'ISO date-times with offsets',
      ['2021-04-03T10:00:00+02:00', '2021-04-03T11:00:00Z'],
      undefined,
      { kind: 'iso', precision: 'second', hasTimeZone: true },
    ],
    [
      'zone-less ISO date-times',
      ['2021-04-03T10:00:00', '2021-04-03 11:00'],
      undefined,
      { kind: 'iso', hasTimeZone: false },
    ],
    [
      'RFC 2822 dates with GMT',
      ['Tue, 03 Mar 2020 10:04:05 GMT'],
      undefined,
      { kind: 'month-name', hasTimeZone: true },
    ],
    [
      'D/M/Y dates',
      ['25/12/2020', '03/04/2021'],
      undefined,
      { kind: 'numeric', order: 'DMY', isAmbiguousOrder: false, matchRate: 1 },
    ],
    ['ambiguous numeric dates', ['03/04/2021', '05/06/2021'], undefined, { kind: 'numeric', isAmbiguousOrder: true }],
    ['month names', ['March 5, 2021', '5 April 2021'], undefined, { kind: 'month-name', precision: 'day' }],
    ['years written as text', ['1848', '1850', 'c. 1852', '44 BC'], undefined, { kind: 'year', precision: 'year' }],
    [
      'years beside dates',
      ['1848', '1850-03-01', '1851-04-02', '1852-05-03'],
      undefined,
      { kind: 'mixed', precision: 'day' },
    ],
    [
      'several ways, none deciding the day/month order',
      ['2021-04-03', '04/05/2021', 'March 5, 2021'],
      undefined,
      { kind: 'mixed', isAmbiguousOrder: true },
    ],
    [
      'several ways, one value deciding day first (issue 26)',
      ['21/01/2024', '2024-04-05', '2024-04-06', 'April 7, 2024', '03/04/2024'],
      undefined,
      { kind: 'mixed', order: 'DMY', isAmbiguousOrder: false, matchRate: 1 },
    ],
    ['a match rate with junk', ['2021-04-03', '2021-04-04', 'unknown'], undefined, { kind: 'iso', matchRate: 2 / 3 }],
    ['years under a year header', [1848, 1912, 2015], 'year', { kind: 'year', precision: 'year', matchRate: 1 }],
    ['years as text under a German header', ['1848', '1912'], 'Jahr', { kind: 'year' }],
    ['years beside NA under a year header', ['2015', 'NA'], 'Year', { kind: 'year', matchRate: 0.5 }],
    ['Excel serials under a date header', [44197, 44198.5], 'Date', { kind: 'excel-serial', precision: 'day' }],
    [
      'Unix seconds under a timestamp header',
      [1617408000, 1617408060],
      'timestamp',
      { kind: 'unix-seconds', precision: 'second', hasTimeZone: true },
    ],
    ['Unix milliseconds under a created_at header', ['1617408000000'], 'created_at', { kind: 'unix-milliseconds' }],
  ] as const)('reads %s', (_case, samples, headerName, expected) => {
    expect(inferDateFormat(samples, headerName === undefined ? {} : { headerName })).toMatchObject(expected)
  })

  it.each([
    ['an id column of years', [1848, 1912], 'id'],
    ['a count column', [2015, 2016], 'count'],
    ['a population column', ['3779', '2769'], 'population'],
    ['bare numbers without a header', [1848, 1912], undefined],
    ['bare numbers under an unrelated header', [44197, 44198], 'amount_usd'],
    ['day numbers', [23, 2, 14], 'day'],
    ['years under a year header but out of range', [12, 40], 'year'],
    ['city names', ['Millbrook', 'Pineville', 'Springfield'], undefined],
    ['month names alone', ['February', 'April'], undefined],
    ['mostly junk', ['2021-04-03', 'N/A', 'unknown', 'none'], undefined],
    ['an empty column', ['', null, undefined, '  '], undefined],
  ] as const)('rejects %s', (_case, samples, headerName) => {
    expect(inferDateFormat(samples, headerName === undefined ? {} : { headerName })).toBeUndefined()
  })

  it('reads the M/D/YYYY dates of the trump fixture', () => {
    const values = readFixtureColumns('presidential-campaign-trail_trump.csv', ['date']).map(([value = '']) => value)
    expect(inferDateFormat(values, { headerName: 'date' })).toMatchObject({
      kind: 'numeric',
      order: 'MDY',
      isAmbiguousOrder: false,
      matchRate: 1,
      precision: 'day',
      hasTimeZone: false,
    })
  })

  it("reads police-killings' year but not its day, month or pop columns", () => {
    const rows = readFixtureColumns('police-killings_police_killings.csv', ['year', 'day', 'month', 'pop'])
    const column = (index: number) => rows.map((row) => row[index] ?? '')
    expect(inferDateFormat(column(0), { headerName: 'year' })?.kind).toBe('year')
    expect(inferDateFormat(column(1), { headerName: 'day' })).toBeUndefined()
    expect(inferDateFormat(column(2), { headerName: 'month' })).toBeUndefined()
    expect(inferDateFormat(column(3), { headerName: 'pop' })).toBeUndefined()
  })
})
