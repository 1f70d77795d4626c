import { describe, expect, it } from 'vitest'
import type { CoordinateValidation } from './validate-import-coordinates'
import { checkCoordinateRange, validateImportCoordinates } from './validate-import-coordinates'

describe('validateImportCoordinates', () => {
  it.each<[string, number, number, { swap?: boolean; allowNullIsland?: boolean }, CoordinateValidation]>([
    [
      'accepts New York',
      40.7128,
      -74.006,
      {},
      { ok: true, value: { latitude: 40.7128, longitude: -74.006, wasSwapped: false } },
    ],
    ['accepts the limits', -90, 180, {}, { ok: true, value: { latitude: -90, longitude: 180, wasSwapped: false } }],
    ['accepts the equator', 0, 32.5, {}, { ok: true, value: { latitude: 0, longitude: 32.5, wasSwapped: false } }],
    [
      'swaps when the column is swapped',
      -74.006,
      40.7128,
      { swap: true },
      { ok: true, value: { latitude: 40.7128, longitude: -74.006, wasSwapped: true } },
    ],
    [
      'rejects a latitude beyond 90',
      95.2,
      10,
      {},
      {
        ok: false,
        issues: [
          {
            axis: 'latitude',
            code: 'latitude-out-of-range',
            message: 'latitude 95.2 is out of range (−90 to 90); the latitude and longitude columns may be swapped',
          },
        ],
      },
    ],
    [
      'names a likely swap without swapping the row',
      -122.4,
      37.8,
      {},
      {
        ok: false,
        issues: [
          {
            axis: 'latitude',
            code: 'latitude-out-of-range',
            message: 'latitude -122.4 is out of range (−90 to 90); the latitude and longitude columns may be swapped',
          },
        ],
      },
    ],
    [
      'does not suggest a swap that would not help',
      95.2,
      120,
      {},
      {
        ok: false,
        issues: [
          { axis: 'latitude', code: 'latitude-out-of-range', message: 'latitude 95.2 is out of range (−90 to 90)' },
        ],
      },
    ],
    [
      'does not suggest a swap for a latitude beyond 180',
      400,
      10,
      {},
      {
        ok: false,
        issues: [
          { axis: 'latitude', code: 'latitude-out-of-range', message: 'latitude 400 is out of range (−90 to 90)' },
        ],
      },
    ],
    [
      'rejects a longitude beyond 180',
      40,
      181,
      {},
      {
        ok: false,
        issues: [
          { axis: 'longitude', code: 'longitude-out-of-range', message: 'longitude 181 is out of range (−180 to 180)' },
        ],
      },
    ],
    [
      'rejects NaN',
      Number.NaN,
      10,
      {},
      { ok: false, issues: [{ axis: 'latitude', code: 'not-finite', message: 'latitude NaN is not a finite number' }] },
    ],
    [
      'rejects infinity',
      10,
      Number.NEGATIVE_INFINITY,
      {},
      {
        ok: false,
        issues: [{ axis: 'longitude', code: 'not-finite', message: 'longitude -Infinity is not a finite number' }],
      },
    ],
    [
      'rejects null island',
      0,
      0,
      {},
      {
        ok: false,
        issues: [
          {
            axis: 'both',
            code: 'null-island',
            message:
              'latitude 0 and longitude 0 ("null island") usually mark a missing location; leave the cells empty or allow (0, 0)',
          },
        ],
      },
    ],
    [
      'accepts null island when allowed',
      0,
      0,
      { allowNullIsland: true },
      { ok: true, value: { latitude: 0, longitude: 0, wasSwapped: false } },
    ],
    [
      'checks the swapped values',
      40,
      200,
      { swap: true },
      {
        ok: false,
        issues: [
          { axis: 'latitude', code: 'latitude-out-of-range', message: 'latitude 200 is out of range (−90 to 90)' },
        ],
      },
    ],
    [
      'reports both axes out of range',
      95,
      200,
      {},
      {
        ok: false,
        issues: [
          { axis: 'latitude', code: 'latitude-out-of-range', message: 'latitude 95 is out of range (−90 to 90)' },
          { axis: 'longitude', code: 'longitude-out-of-range', message: 'longitude 200 is out of range (−180 to 180)' },
        ],
      },
    ],
  ])('%s', (_case, latitude, longitude, options, expected) => {
    expect(validateImportCoordinates(latitude, longitude, options)).toEqual(expected)
  })
})

describe('checkCoordinateRange', () => {
  it.each([
    ['latitude', 999, undefined, 'latitude 999 is out of range (−90 to 90)'],
    [
      'latitude',
      120,
      40,
      'latitude 120 is out of range (−90 to 90); the latitude and longitude columns may be swapped',
    ],
    ['longitude', -200, undefined, 'longitude -200 is out of range (−180 to 180)'],
    ['longitude', Number.NaN, undefined, 'longitude NaN is not a finite number'],
    ['latitude', -90, undefined, undefined],
    ['longitude', 180, undefined, undefined],
  ] as const)('%s %s (other %s) → %s', (axis, value, other, message) => {
    expect(checkCoordinateRange(axis, value, other)?.message).toBe(message)
  })
})
