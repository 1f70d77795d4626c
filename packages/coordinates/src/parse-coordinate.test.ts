import { describe, expect, it } from 'vitest'
import { InvalidCoordinate } from './invalid-coordinate'
import { parseCoordinate, tryParseCoordinate } from './parse-coordinate'
import type { Axis } from './types'

const DMS_40_26_46 = 40 + 26 / 60 + 46 / 3600
const DMS_40_26_46_3 = 40 + 26 / 60 + 46.3 / 3600

describe('parseCoordinate reads', () => {
  it.each<[string, unknown, Axis | undefined, number]>([
    ['a decimal', '40.7128', undefined, 40.7128],
    ['a negative decimal', '-74.0060', undefined, -74.006],
    ['a decimal comma', '40,7128', undefined, 40.7128],
    ['a plus sign', '+40.7', undefined, 40.7],
    ['a Unicode minus', '\u221274.006', undefined, -74.006],
    ['an integer', '74', undefined, 74],
    ['surrounding spaces', '  40.7128 ', undefined, 40.7128],
    ['a number', 40.7128, undefined, 40.7128],
    ['scientific notation', '1.5e-3', undefined, 0.0015],
    ['a trailing N', '40.7 N', 'latitude', 40.7],
    ['a leading S', 'S 33.9', 'latitude', -33.9],
    ['an attached W', 'W74', 'longitude', -74],
    ['an attached S after a decimal', '33.9S', undefined, -33.9],
    ['a lowercase e', '151.2e', 'longitude', 151.2],
    ['a word hemisphere', '33.9 South', undefined, -33.9],
    ['DMS with primes', '40°26′46″N', 'latitude', DMS_40_26_46],
    ['DMS with ASCII quotes', '40°26\'46.3"N', undefined, DMS_40_26_46_3],
    ['DMS with two apostrophes for seconds', "40°26'46''N", undefined, DMS_40_26_46],
    ['DMS with spaces', '40 26 46.3 N', undefined, DMS_40_26_46_3],
    ['DMS with letters', '40d 26m 46s N', undefined, DMS_40_26_46],
    ['DMS with letters, south', '40d 26m 46s S', undefined, -DMS_40_26_46],
    ['DMS with colons', '40:26:46N', undefined, DMS_40_26_46],
    ['DMS west', '74°0′22″W', 'longitude', -(74 + 22 / 3600)],
    ['degrees and decimal minutes', 'N 40° 26.767′', 'latitude', 40 + 26.767 / 60],
    ['a degree sign alone', '40.5°', undefined, 40.5],
    ['a degree sign with a decimal comma', '40,5° N', undefined, 40.5],
  ])('%s: %j', (_case, value, axis, expected) => {
    expect(parseCoordinate(value, axis)).toBeCloseTo(expected, 10)
  })
})

describe('parseCoordinate rejects', () => {
  it.each<[string, unknown, Axis | undefined, string]>([
    ['N/A', 'N/A', undefined, 'N/A is not a valid coordinate: it has no number'],
    ['unknown', 'unknown', 'latitude', 'unknown is not a valid latitude: it has no number'],
    ['an empty value', '', undefined, 'an empty value is not a valid coordinate: it is empty'],
    ['whitespace', '  ', undefined, 'it is empty'],
    ['letters after digits', '12abc', undefined, '"abc" is not a hemisphere (N, S, E, W) or a unit'],
    ['an overflowing number', '1e400', undefined, '1e400 is not a valid coordinate: it is not a finite number'],
    ['infinity', Number.POSITIVE_INFINITY, undefined, 'Infinity is not a valid coordinate: it is not a finite number'],
    ['NaN', Number.NaN, undefined, 'it is not a finite number'],
    [
      'minutes of 60 or more',
      '40°70′N',
      'latitude',
      '40°70′N is not a valid latitude: the minutes 70 must be less than 60',
    ],
    ['seconds of 60 or more', '40°26′60″N', undefined, 'the seconds 60 must be less than 60'],
    ['fractional degrees before minutes', '40.5° 26′', undefined, 'the degrees 40.5 must be whole when minutes follow'],
    [
      'fractional minutes before seconds',
      '40° 26.5′ 10″',
      undefined,
      'the minutes 26.5 must be whole when seconds follow',
    ],
    ['seconds without minutes', '40° 10″', undefined, 'it has seconds but no minutes'],
    ['four numbers', '40 26 46 3', undefined, 'it has more than three numbers'],
    [
      'a longitude letter on a latitude',
      '40 E',
      'latitude',
      'its hemisphere letter is for a longitude; a latitude takes N or S',
    ],
    ['a latitude letter on a longitude', '74 N', 'longitude', 'a longitude takes E or W'],
    [
      'O (east in German, west in Spanish)',
      '3.7 O',
      'longitude',
      'O is east in German but west in Spanish and Portuguese; write E or W',
    ],
    ['a sign and a hemisphere', '-40 S', undefined, 'it has both a sign and the hemisphere letter S'],
    ['two hemispheres', 'N 40 S', undefined, 'it has more than one hemisphere letter'],
    ['a hemisphere in the middle', '40 N 26', undefined, 'must come first or last'],
    ['a stray character', '40.7#', undefined, '"#" is not part of a coordinate'],
    ['a second decimal point', '40.7.1', undefined, 'a number has two decimal points'],
    ['null', null, undefined, 'expected text or a number, got null'],
    ['a boolean', true, undefined, 'expected text or a number, got boolean'],
    ['a long value', '4'.repeat(100), undefined, 'it is longer than 64 characters'],
  ])('%s: %j', (_case, value, axis, message) => {
    expect(() => parseCoordinate(value, axis)).toThrow(InvalidCoordinate)
    expect(() => parseCoordinate(value, axis)).toThrow(message)
  })

  it('exposes the value and the reason', () => {
    expect(() => parseCoordinate('40°70′N')).toThrow(
      expect.objectContaining({
        name: 'InvalidCoordinate',
        value: '40°70′N',
        reason: 'the minutes 70 must be less than 60',
      }),
    )
  })
})

describe('tryParseCoordinate', () => {
  it.each<[unknown, number | undefined]>([
    ['', undefined],
    ['N/A', undefined],
    [null, undefined],
    [undefined, undefined],
    [{}, undefined],
    ['1e400', undefined],
    ['-74.0060', -74.006],
    ['40°26′46″N', DMS_40_26_46],
  ])('%j → %s', (value, expected) => {
    const parsed = tryParseCoordinate(value)
    if (expected === undefined) expect(parsed).toBeUndefined()
    else expect(parsed).toBeCloseTo(expected, 10)
  })
})
