import { describe, expect, it } from 'vitest'

import { EARLIEST_FILTER_MS, formatFilterInstant, parseFilterDate, parseFilterInstant } from './filter-dates'
import { filterError } from './filter-error-matcher'

const isoOf = (epochMs: number) => new Date(epochMs).toISOString()

describe('parseFilterDate', () => {
  it.each<[string, string, string]>([
    ['2020', '2020-01-01T00:00:00.000Z', '2020-12-31T23:59:59.999Z'],
    ['2020-02', '2020-02-01T00:00:00.000Z', '2020-02-29T23:59:59.999Z'],
    ['2021-02', '2021-02-01T00:00:00.000Z', '2021-02-28T23:59:59.999Z'],
    ['2020-12-31', '2020-12-31T00:00:00.000Z', '2020-12-31T23:59:59.999Z'],
    ['2020-06-30T12', '2020-06-30T12:00:00.000Z', '2020-06-30T12:59:59.999Z'],
    ['2020-06-30T12:00', '2020-06-30T12:00:00.000Z', '2020-06-30T12:00:59.999Z'],
    ['2020-06-30T12:00:00Z', '2020-06-30T12:00:00.000Z', '2020-06-30T12:00:00.999Z'],
    ['2020-06-30T12:00:00.250Z', '2020-06-30T12:00:00.250Z', '2020-06-30T12:00:00.250Z'],
    ['2020-06-30T12:00:00+02:00', '2020-06-30T10:00:00.000Z', '2020-06-30T10:00:00.999Z'],
    // An unescaped + in a URL arrives as a space.
    ['2020-06-30T12:00:00 02:00', '2020-06-30T10:00:00.000Z', '2020-06-30T10:00:00.999Z'],
    // An hour in a half-hour zone ends 60 minutes later, not at the next UTC hour.
    ['2020-01-01T10+05:30', '2020-01-01T04:30:00.000Z', '2020-01-01T05:29:59.999Z'],
    ['2020-06-30 12:00', '2020-06-30T12:00:00.000Z', '2020-06-30T12:00:59.999Z'],
    ['1848', '1848-01-01T00:00:00.000Z', '1848-12-31T23:59:59.999Z'],
    ['0050', '0050-01-01T00:00:00.000Z', '0050-12-31T23:59:59.999Z'],
    ['0000', '0000-01-01T00:00:00.000Z', '0000-12-31T23:59:59.999Z'],
    ['-0500', '-000500-01-01T00:00:00.000Z', '-000500-12-31T23:59:59.999Z'],
    ['-0500-03', '-000500-03-01T00:00:00.000Z', '-000500-03-31T23:59:59.999Z'],
    ['-0500-03-01', '-000500-03-01T00:00:00.000Z', '-000500-03-01T23:59:59.999Z'],
    ['-000500-03-01T00:00:00Z', '-000500-03-01T00:00:00.000Z', '-000500-03-01T00:00:00.999Z'],
    ['+012021-01-01', '+012021-01-01T00:00:00.000Z', '+012021-01-01T23:59:59.999Z'],
    ['  2020  ', '2020-01-01T00:00:00.000Z', '2020-12-31T23:59:59.999Z'],
  ])('reads %j as start %s and end %s', (text, start, end) => {
    expect(isoOf(parseFilterDate('start', text))).toBe(start)
    expect(isoOf(parseFilterDate('end', text))).toBe(end)
  })

  it('raises a start before 4714-11-24 BC to it: no event is earlier', () => {
    expect(parseFilterDate('start', '-9999')).toBe(EARLIEST_FILTER_MS)
    expect(isoOf(EARLIEST_FILTER_MS)).toBe('-004713-11-24T00:00:00.000Z')
    expect(parseFilterDate('start', '-004713-11-24T00:00:00Z')).toBe(EARLIEST_FILTER_MS)
  })

  const shapes =
    'must be an ISO 8601 date (YYYY, YYYY-MM, YYYY-MM-DD or a date-time such as 2020-06-30T12:00:00Z; BCE as -0500); got'
  it.each<['start' | 'end', string, string]>([
    ['start', '03/04/2021', `start: ${shapes} "03/04/2021"`],
    ['end', 'March 2021', `end: ${shapes} "March 2021"`],
    ['start', '44 BC', `start: ${shapes} "44 BC"`],
    ['start', '2021-W01-1', `start: ${shapes} "2021-W01-1"`],
    ['start', '202', `start: ${shapes} "202"`],
    ['start', '20200', `start: ${shapes} "20200"`],
    ['start', '1e999', `start: ${shapes} "1e999"`],
    ['start', 'NaN', `start: ${shapes} "NaN"`],
    ['end', 'Infinity', `end: ${shapes} "Infinity"`],
    ['end', "2020'; drop table events; --", `end: ${shapes} "2020'; drop table events; --"`],
    ['start', '', `start: ${shapes} ""`],
    ['start', '2020-02-30', 'start: 2020-02-30 is not a valid ISO 8601 date: February has 29 days in 2020'],
    ['end', '2021-13', 'end: 2021-13 is not a valid ISO 8601 date: there is no month 13'],
    [
      'end',
      '2020-06-30T25:00Z',
      'end: 2020-06-30T25:00Z is not a valid ISO 8601 date: the hour 25 is not between 0 and 23',
    ],
    [
      'end',
      '2020-06-30T12:00+19:00',
      'end: 2020-06-30T12:00+19:00 is not a valid ISO 8601 date: the time zone offset +19:00 is not between -18:00 and +18:00',
    ],
    ['end', '-9999', 'end: "-9999" is before the earliest date PostgreSQL stores (4714-11-24 BC, written -4713-11-24)'],
    ['end', '+275760-09-13', 'end: "+275760-09-13" is after the latest supported date (275760-09-13)'],
    [
      'start',
      '+275760-09-14',
      'start: +275760-09-14 is not a valid ISO 8601 date: it is outside the supported range (about 271,821 BC to AD 275,760)',
    ],
  ])('%s=%j is refused: %s', (parameter, text, message) => {
    expect(() => parseFilterDate(parameter, text)).toThrow(filterError(parameter, message))
  })
})

describe('formatFilterInstant and parseFilterInstant', () => {
  it.each<[string, string]>([
    ['2020-06-30T12:00:00.000Z', '2020-06-30T12:00:00.000Z'],
    ['1969-12-31T23:59:59.999Z', '1969-12-31T23:59:59.999Z'],
    ['0001-01-01T00:00:00.000Z', '0001-01-01T00:00:00.000Z'],
    ['0000-12-31T23:59:59.999Z', '0001-12-31T23:59:59.999Z BC'],
    ['-000043-03-15T00:00:00.000Z', '0044-03-15T00:00:00.000Z BC'],
    ['-004713-11-24T00:00:00.000Z', '4714-11-24T00:00:00.000Z BC'],
    ['+010000-01-01T00:00:00.000Z', '10000-01-01T00:00:00.000Z'],
  ])('writes %s as PostgreSQL reads it: %s', (iso, written) => {
    expect(formatFilterInstant(new Date(iso))).toBe(written)
    expect(parseFilterInstant(written).toISOString()).toBe(iso)
    expect(parseFilterInstant(iso).toISOString()).toBe(iso)
  })

  it.each([
    '2020-06-30',
    '2020-02-30T00:00:00.000Z',
    '0000-01-01T00:00:00.000Z BC',
    '-0043-03-15T00:00:00.000Z',
    '2020-06-30T12:00:00Z',
    '',
  ])('refuses %j, which it never writes', (text) => {
    expect(() => parseFilterInstant(text)).toThrow(RangeError)
  })

  it('refuses an invalid Date', () => {
    expect(() => formatFilterInstant(new Date(Number.NaN))).toThrow(RangeError)
  })
})
