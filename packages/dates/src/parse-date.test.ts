import { describe, expect, it } from 'vitest'
import { AmbiguousDateOrder, InvalidDate } from './invalid-date'
import { parseDate, tryParseDate } from './parse-date'
import type { ParseDateOptions, TimePrecision } from './types'

const IN_2025: ParseDateOptions = { referenceDate: new Date('2025-06-01T00:00:00Z') }

describe('parseDate reads', () => {
  it.each<[string, string | number, ParseDateOptions, string, TimePrecision]>([
    // ISO 8601
    ['a year', '1848', {}, '1848-01-01T00:00:00.000Z', 'year'],
    ['a year-month', '2021-04', {}, '2021-04-01T00:00:00.000Z', 'month'],
    ['a date', '2021-04-03', {}, '2021-04-03T00:00:00.000Z', 'day'],
    ['a leap day', '2020-02-29', {}, '2020-02-29T00:00:00.000Z', 'day'],
    ['an hour after T', '2021-04-03T10', {}, '2021-04-03T10:00:00.000Z', 'hour'],
    ['minutes after a space', '2021-04-03 10:15', {}, '2021-04-03T10:15:00.000Z', 'minute'],
    ['seconds, zone-less (UTC)', '2021-04-03T10:15:30', {}, '2021-04-03T10:15:30.000Z', 'second'],
    ['fractions', '2021-04-03T10:15:30.123456', {}, '2021-04-03T10:15:30.123Z', 'second'],
    ['fractions with a comma', '2021-04-03T10:15:30,5', {}, '2021-04-03T10:15:30.500Z', 'second'],
    ['Z', '2021-04-03T10:15:30Z', {}, '2021-04-03T10:15:30.000Z', 'second'],
    ['+02:00', '2021-04-03T10:15:30+02:00', {}, '2021-04-03T08:15:30.000Z', 'second'],
    ['+0200', '2021-04-03T10:15:30+0200', {}, '2021-04-03T08:15:30.000Z', 'second'],
    ['-05 after a space', '2021-04-03 10:15:30 -05', {}, '2021-04-03T15:15:30.000Z', 'second'],
    ['an offset that crosses midnight', '2021-04-03T01:00+02:00', {}, '2021-04-02T23:00:00.000Z', 'minute'],
    ['an ordinal date', '2021-093', {}, '2021-04-03T00:00:00.000Z', 'day'],
    ['a week date', '2021-W01-1', {}, '2021-01-04T00:00:00.000Z', 'day'],
    ['week 53', '2020-W53-5', {}, '2021-01-01T00:00:00.000Z', 'day'],
    ['an expanded BCE year', '-0043-03-15', {}, '-000043-03-15T00:00:00.000Z', 'day'],
    ['a six-digit year', '+012021-01-01', {}, '+012021-01-01T00:00:00.000Z', 'day'],
    ['year 0 (1 BC)', '0000', {}, '0000-01-01T00:00:00.000Z', 'year'],
    // numeric dates
    ['M/D/Y by default when ambiguous', '03/04/2021', {}, '2021-03-04T00:00:00.000Z', 'day'],
    ['D/M/Y when asked', '03/04/2021', { order: 'DMY' }, '2021-04-03T00:00:00.000Z', 'day'],
    ['D/M/Y when the first part is over 12', '25/03/2021', {}, '2021-03-25T00:00:00.000Z', 'day'],
    ['M/D/Y when the second part is over 12', '9/13/2016', {}, '2016-09-13T00:00:00.000Z', 'day'],
    ['dots', '03.04.2021', { order: 'DMY' }, '2021-04-03T00:00:00.000Z', 'day'],
    ['dashes', '03-04-2021', { order: 'DMY' }, '2021-04-03T00:00:00.000Z', 'day'],
    ['Y/M/D', '2021/04/03', {}, '2021-04-03T00:00:00.000Z', 'day'],
    ['Y.M.D', '2021.4.3', {}, '2021-04-03T00:00:00.000Z', 'day'],
    ['a 2-digit year at or under the pivot', '3/4/35', IN_2025, '2035-03-04T00:00:00.000Z', 'day'],
    ['a 2-digit year over the pivot', '3/4/36', IN_2025, '1936-03-04T00:00:00.000Z', 'day'],
    ['an explicit pivot', '3/4/21', { twoDigitYearPivot: 10 }, '1921-03-04T00:00:00.000Z', 'day'],
    ['month/year', '04/2021', {}, '2021-04-01T00:00:00.000Z', 'month'],
    ['year/month', '2021/04', {}, '2021-04-01T00:00:00.000Z', 'month'],
    // month names
    ['Month D, Y', 'March 5, 2021', {}, '2021-03-05T00:00:00.000Z', 'day'],
    ['D Month Y', '5 March 2021', {}, '2021-03-05T00:00:00.000Z', 'day'],
    ['D-Mon-YY', '5-Mar-21', IN_2025, '2021-03-05T00:00:00.000Z', 'day'],
    ['Mon Y', 'Mar 2021', {}, '2021-03-01T00:00:00.000Z', 'month'],
    ['Month Y', 'April 2021', {}, '2021-04-01T00:00:00.000Z', 'month'],
    ['Mon-YY (Excel mmm-yy)', 'Mar-21', IN_2025, '2021-03-01T00:00:00.000Z', 'month'],
    ['German', '5. März 2021', {}, '2021-03-05T00:00:00.000Z', 'day'],
    ['Spanish', '5 de marzo de 2021', {}, '2021-03-05T00:00:00.000Z', 'day'],
    ['French with an ordinal', '1er févr. 2021', {}, '2021-02-01T00:00:00.000Z', 'day'],
    ['English ordinals', 'the 5th of March 2021', {}, '2021-03-05T00:00:00.000Z', 'day'],
    ['a weekday prefix', 'Tue, 3 Mar 2020', {}, '2020-03-03T00:00:00.000Z', 'day'],
    ['RFC 2822', 'Tue, 03 Mar 2020 10:04:05 GMT', {}, '2020-03-03T10:04:05.000Z', 'second'],
    ['RFC 2822 with an offset', 'Tue, 03 Mar 2020 10:04:05 +0100', {}, '2020-03-03T09:04:05.000Z', 'second'],
    ['Date.prototype.toString', 'Tue Mar 03 2020 10:00:00 GMT+0100 (CET)', {}, '2020-03-03T09:00:00.000Z', 'second'],
    ['Y Month D', '2021 March 5', {}, '2021-03-05T00:00:00.000Z', 'day'],
    // times
    ['a 12-hour PM time', '5/3/2021 3:45 PM', {}, '2021-05-03T15:45:00.000Z', 'minute'],
    ['12 AM is midnight', '5/3/2021 12:30 am', {}, '2021-05-03T00:30:00.000Z', 'minute'],
    ['12 PM is noon', '5/3/2021 12:00 p.m.', {}, '2021-05-03T12:00:00.000Z', 'minute'],
    ['an hour-only 12-hour time', 'March 5, 2021 3pm', {}, '2021-03-05T15:00:00.000Z', 'hour'],
    ['a 24-hour time with seconds', '03.04.2021 14:05:09', { order: 'DMY' }, '2021-04-03T14:05:09.000Z', 'second'],
    ['a US zone', 'March 5, 2021 10:00 EST', {}, '2021-03-05T15:00:00.000Z', 'minute'],
    // years and eras
    ['a year before 1970', '1848', {}, '1848-01-01T00:00:00.000Z', 'year'],
    ['a year before 1000', '476', {}, '0476-01-01T00:00:00.000Z', 'year'],
    ['BC', '44 BC', {}, '-000043-01-01T00:00:00.000Z', 'year'],
    ['BCE', '44 BCE', {}, '-000043-01-01T00:00:00.000Z', 'year'],
    ['B.C. with dots', '500 B.C.', {}, '-000499-01-01T00:00:00.000Z', 'year'],
    ['AD', 'AD 79', {}, '0079-01-01T00:00:00.000Z', 'year'],
    ['a BC date with a month name', '15 March 44 BC', {}, '-000043-03-15T00:00:00.000Z', 'day'],
    ['a negative year', '-44', {}, '-000044-01-01T00:00:00.000Z', 'year'],
    // numbers
    ['an Excel serial', 44197, { numbers: 'excel-serial' }, '2021-01-01T00:00:00.000Z', 'day'],
    ['an Excel serial with a time', 44197.75, { numbers: 'excel-serial' }, '2021-01-01T18:00:00.000Z', 'minute'],
    ['an Excel serial as text', '44197', { numbers: 'excel-serial' }, '2021-01-01T00:00:00.000Z', 'day'],
    ['Excel serial 1', 1, { numbers: 'excel-serial' }, '1900-01-01T00:00:00.000Z', 'day'],
    ['Excel serial 59', 59, { numbers: 'excel-serial' }, '1900-02-28T00:00:00.000Z', 'day'],
    ['Excel serial 61, after the phantom leap day', 61, { numbers: 'excel-serial' }, '1900-03-01T00:00:00.000Z', 'day'],
    ['a 1904-system serial', 42735, { numbers: 'excel-serial', excel1904: true }, '2021-01-01T00:00:00.000Z', 'day'],
    ['Unix seconds, inferred', 1617408000, {}, '2021-04-03T00:00:00.000Z', 'second'],
    ['Unix seconds as text', '1617408000', {}, '2021-04-03T00:00:00.000Z', 'second'],
    ['Unix milliseconds, inferred', 1617408000123, {}, '2021-04-03T00:00:00.123Z', 'second'],
    ['Unix seconds before 2001 when asked', 86400, { numbers: 'unix-seconds' }, '1970-01-02T00:00:00.000Z', 'second'],
    ['Unix milliseconds when asked', 0, { numbers: 'unix-milliseconds' }, '1970-01-01T00:00:00.000Z', 'second'],
    ['a number as a year', 1848, {}, '1848-01-01T00:00:00.000Z', 'year'],
    ['YYYYMMDD', '20210403', {}, '2021-04-03T00:00:00.000Z', 'day'],
  ])('%s: %j', (_case, value, options, iso, precision) => {
    const parsed = parseDate(value, options)
    expect([parsed.iso, parsed.precision]).toEqual([iso, precision])
    expect(parsed.epochMs).toBe(Date.parse(iso))
  })
})

describe('parseDate marks approximate dates', () => {
  it.each([
    ['c. 1850'],
    ['c 1850'],
    ['c.1850'],
    ['circa 1850'],
    ['ca. 1850'],
    ['ca 1850'],
    ['~1850'],
    ['1850?'],
    ['about 1850'],
    ['Circa 1850'],
    ['approx. 1850'],
  ])('%j', (value) => {
    expect(parseDate(value)).toEqual({
      epochMs: Date.parse('1850-01-01T00:00:00Z'),
      iso: '1850-01-01T00:00:00.000Z',
      precision: 'year',
      isApproximate: true,
    })
  })

  it('keeps the precision of an approximate day', () => {
    expect(parseDate('~2021-04-03')).toMatchObject({
      iso: '2021-04-03T00:00:00.000Z',
      precision: 'day',
      isApproximate: true,
    })
  })

  it('leaves exact dates unmarked', () => {
    expect(parseDate('1850')).not.toHaveProperty('isApproximate')
  })
})

describe('parseDate reads ranges', () => {
  it.each<[string, string, TimePrecision, string, TimePrecision]>([
    ['1914-1918', '1914-01-01T00:00:00.000Z', 'year', '1918-01-01T00:00:00.000Z', 'year'],
    ['1914–1918', '1914-01-01T00:00:00.000Z', 'year', '1918-01-01T00:00:00.000Z', 'year'],
    ['1914 - 1918', '1914-01-01T00:00:00.000Z', 'year', '1918-01-01T00:00:00.000Z', 'year'],
    ['June 3-5, 2020', '2020-06-03T00:00:00.000Z', 'day', '2020-06-05T00:00:00.000Z', 'day'],
    ['June 3 - 5, 2020', '2020-06-03T00:00:00.000Z', 'day', '2020-06-05T00:00:00.000Z', 'day'],
    ['3-5 June 2020', '2020-06-03T00:00:00.000Z', 'day', '2020-06-05T00:00:00.000Z', 'day'],
    ['3 – 5 June 2020', '2020-06-03T00:00:00.000Z', 'day', '2020-06-05T00:00:00.000Z', 'day'],
    ['June 3 – July 5, 2020', '2020-06-03T00:00:00.000Z', 'day', '2020-07-05T00:00:00.000Z', 'day'],
    ['2020-01-01/2020-03-31', '2020-01-01T00:00:00.000Z', 'day', '2020-03-31T00:00:00.000Z', 'day'],
    ['2020-01/2020-03', '2020-01-01T00:00:00.000Z', 'month', '2020-03-01T00:00:00.000Z', 'month'],
    ['44 BC – AD 14', '-000043-01-01T00:00:00.000Z', 'year', '0014-01-01T00:00:00.000Z', 'year'],
    ['March 2020 to May 2021', '2020-03-01T00:00:00.000Z', 'month', '2021-05-01T00:00:00.000Z', 'month'],
  ])('%j', (value, startIso, startPrecision, endIso, endPrecision) => {
    const parsed = parseDate(value)
    expect([parsed.iso, parsed.precision, parsed.end?.iso, parsed.end?.precision]).toEqual([
      startIso,
      startPrecision,
      endIso,
      endPrecision,
    ])
  })

  it('marks both ends of an approximate range', () => {
    const parsed = parseDate('c. 1914-1918')
    expect([parsed.isApproximate, parsed.end?.isApproximate]).toEqual([true, true])
  })
})

describe('parseDate rejects', () => {
  it.each<[string, string | number, ParseDateOptions, string]>([
    [
      '31 February',
      '31/02/2021',
      { order: 'DMY' },
      '31/02/2021 is not a valid day/month/year date: February has 28 days in 2021',
    ],
    ['month 13', '2021-13-01', {}, '2021-13-01 is not a valid ISO 8601 date: there is no month 13'],
    ['29 February in a common year', '2021-02-29', {}, 'February has 28 days in 2021'],
    ['31 April', '4/31/2021', {}, 'April has 30 days'],
    [
      'a month over 12 in M/D/Y',
      '25/03/2021',
      { order: 'MDY' },
      '25/03/2021 is not a valid month/day/year date: there is no month 25',
    ],
    ['hour 25', '2021-04-03T25:00', {}, 'the hour 25 is not between 0 and 23'],
    ['minute 60', '2021-04-03T10:60', {}, 'the minute 60 is not between 0 and 59'],
    ['13 PM', '5/3/2021 13:00 PM', {}, 'the hour 13 is not between 1 and 12'],
    ['an offset beyond 18 hours', '2021-04-03T10:00+19:00', {}, 'offset +19:00 is not between'],
    ['ordinal day 366 in a common year', '2021-366', {}, 'day 366 is not between 1 and 365'],
    ['week 53 in a 52-week year', '2021-W53-1', {}, 'week 53 day 1 does not exist in 2021'],
    ['an empty value', '', {}, 'an empty value is not a valid date: it is empty'],
    ['whitespace', '   ', {}, 'it is empty'],
    ['N/A', 'N/A', {}, 'N/A is not a valid date: "N" is not part of a date'],
    ['unknown', 'unknown', {}, '"unknown" is not part of a date'],
    ['letters after digits', '12abc', {}, '"abc" is not part of a date'],
    ['a month without a year', 'March 15', {}, 'it has no year (15 is read as the day)'],
    ['a month alone', 'March', {}, 'it names a month but no year'],
    [
      'two numbers without a 4-digit year',
      '12/10',
      {},
      'two numbers make a date only as a month and a four-digit year',
    ],
    ['mixed separators', '03/04-2021', {}, 'it mixes separators'],
    ['a 3-digit year in a numeric date', '3/4/202', {}, 'the year 202 should have 2 or 4 digits'],
    ['a bare number of no known kind', 44197, {}, 'set how numbers are read'],
    ['the phantom 1900-02-29', 60, { numbers: 'excel-serial' }, '1900-02-29, a day that does not exist'],
    ['an Excel serial past 9999', 3_000_000, { numbers: 'excel-serial' }, 'it is not between 1 and 2958465'],
    ['a bare number in a column that rejects them', 1848, { numbers: 'reject' }, 'bare numbers are not read as dates'],
    ['a fractional year', 1848.5, { numbers: 'year' }, 'a year must be a whole number'],
    ['infinity', Number.POSITIVE_INFINITY, {}, 'it is not a finite number'],
    [
      'a range that ends before it starts',
      '1918-1914',
      {},
      'the range ends (1914-01-01T00:00:00.000Z) before it starts',
    ],
    ['a time with no day', 'March 2021 10:00', {}, 'it has a time of day but no single day'],
    ['prose', 'x'.repeat(500), {}, 'it is longer than 120 characters'],
  ])('%s: %j', (_case, value, options, message) => {
    expect(() => parseDate(value, options)).toThrow(InvalidDate)
    expect(() => parseDate(value, options)).toThrow(message)
  })

  it('exposes the value and the reason', () => {
    const error = (() => {
      try {
        parseDate('31/02/2021', { order: 'DMY' })
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toMatchObject({ name: 'InvalidDate', value: '31/02/2021', reason: 'February has 28 days in 2021' })
  })

  it('finishes quickly on long garbage (no regex backtracking blow-up)', () => {
    // No timing assert: a catastrophic regex would hang the test run instead of failing it.
    expect(tryParseDate(`${'1:'.repeat(60)}x`)).toBeUndefined()
    expect(tryParseDate(`${'9/'.repeat(59)}x`)).toBeUndefined()
  })
})

describe('parseDate with onAmbiguousOrder reject (an import without a decided order)', () => {
  it.each<[string, string, string]>([
    ['a first part over 12 is still a day', '21/01/2024', '2024-01-21T00:00:00.000Z'],
    ['a second part over 12 is still a day', '12/25/2024', '2024-12-25T00:00:00.000Z'],
    ['the same day and month read one way', '05/05/2024', '2024-05-05T00:00:00.000Z'],
    ['a year-first date', '2024/04/05', '2024-04-05T00:00:00.000Z'],
    ['an ISO date', '2024-04-05', '2024-04-05T00:00:00.000Z'],
    ['a month name', 'April 7, 2024', '2024-04-07T00:00:00.000Z'],
  ])('reads %s: %s', (_case, value, iso) => {
    expect(parseDate(value, { onAmbiguousOrder: 'reject' }).iso).toBe(iso)
  })

  it.each<[string, string]>([
    ['03/04/2024', '03/04/2024 is not a valid numeric date: it could be 3 April (day first) or 4 March (month first)'],
    [
      '3.4.24 10:00',
      '3.4.24 10:00 is not a valid numeric date: it could be 3 April (day first) or 4 March (month first)',
    ],
    [
      '11-12-2020',
      '11-12-2020 is not a valid numeric date: it could be 11 December (day first) or 12 November (month first)',
    ],
  ])('rejects %s, which reads both ways', (value, message) => {
    expect(() => parseDate(value, { onAmbiguousOrder: 'reject' })).toThrow(AmbiguousDateOrder)
    expect(() => parseDate(value, { onAmbiguousOrder: 'reject' })).toThrow(message)
  })

  it('reads the value with the order when one is given', () => {
    expect(parseDate('03/04/2024', { order: 'DMY', onAmbiguousOrder: 'reject' }).iso).toBe('2024-04-03T00:00:00.000Z')
  })

  it.each<[string, string, string]>([
    ['13/25/2024', 'DMY', 'there is no month 25'],
    ['25/03/2024', 'MDY', 'there is no month 25'],
  ])('never re-reads a value the other way: %s as %s', (value, order, reason) => {
    expect(() => parseDate(value, { order: order as 'DMY' | 'MDY' })).toThrow(reason)
  })
})

describe('tryParseDate', () => {
  it.each<[string, unknown]>([
    ['an empty string', ''],
    ['whitespace', ' \t '],
    ['null', null],
    ['undefined', undefined],
    ['a boolean', true],
    ['an object', {}],
    ['garbage', 'N/A'],
    ['an invalid Date', new Date(Number.NaN)],
  ])('returns undefined for %s', (_case, value) => {
    expect(tryParseDate(value)).toBeUndefined()
  })

  it('returns the parsed date otherwise', () => {
    expect(tryParseDate(' 2021-04-03 ')?.iso).toBe('2021-04-03T00:00:00.000Z')
  })

  it('reads Date objects, midnight as a day', () => {
    expect(tryParseDate(new Date('2021-04-03T00:00:00Z'))).toEqual({
      epochMs: Date.parse('2021-04-03'),
      iso: '2021-04-03T00:00:00.000Z',
      precision: 'day',
    })
    expect(tryParseDate(new Date('2021-04-03T10:00:00Z'))?.precision).toBe('second')
  })
})
