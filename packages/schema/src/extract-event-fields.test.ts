import { describe, expect, it } from 'vitest'

import { createEventExtractor } from './extract-event-fields'
import type { EventFields } from './extract-event-fields'
import { describeRowError } from './row-error'
import type { EventMapping } from './types'

const latLon: EventMapping = {
  title: 'name',
  description: 'notes',
  startTime: { field: 'date' },
  endTime: { field: 'until' },
  dateOrder: 'MDY',
  location: { kind: 'lat-lon', latitude: 'lat', longitude: 'lng', confidence: 1, reason: 'test' },
}
const address: EventMapping = {
  startTime: { parts: { year: 'year', month: 'month', day: 'day' } },
  location: {
    kind: 'address',
    address: { street: 'street', city: 'city', region: 'state', place: 'place' },
    confidence: 1,
    reason: 'test',
  },
}

type Expected = Partial<Record<keyof Omit<EventFields, 'errors'>, unknown>> & { errors?: string[] }

function check(mapping: EventMapping, row: Record<string, string | number | null>, expected: Expected): void {
  const fields = createEventExtractor(mapping)(row, 5)
  const { errors, ...rest } = expected
  expect(fields).toMatchObject(rest)
  expect(fields.errors.map((error) => error.code)).toEqual(errors ?? [])
}

describe('createEventExtractor', () => {
  it.each<[string, EventMapping, Record<string, string | number | null>, Expected]>([
    [
      'a complete lat/lon row',
      latLon,
      { name: 'Rally', notes: 'Big', date: '9/1/2016', until: '9/2/2016', lat: '39.44', lng: '-83.82' },
      {
        title: 'Rally',
        description: 'Big',
        eventTime: { iso: '2016-09-01T00:00:00.000Z', precision: 'day' },
        eventEndTime: { iso: '2016-09-02T00:00:00.000Z' },
        coordinates: {
          latitude: 39.44,
          longitude: -83.82,
          wasSwapped: false,
          sourceColumns: ['lat', 'lng'],
          format: 'decimal',
        },
        placeQuery: null,
      },
    ],
    [
      'degrees-minutes-seconds',
      latLon,
      { name: 'x', date: '9/1/2016', lat: '40°26′46″N', lng: '79°58′56″W' },
      { coordinates: { format: 'dms', sourceColumns: ['lat', 'lng'] } },
    ],
    [
      'an empty date',
      latLon,
      { name: 'x', date: 'NA', lat: '1', lng: '2' },
      { eventTime: null, errors: ['missing-time'] },
    ],
    [
      'an invalid date',
      latLon,
      { name: 'x', date: '2/31/2021', lat: '1', lng: '2' },
      { eventTime: null, errors: ['invalid-date'] },
    ],
    [
      'an invalid end date',
      latLon,
      { name: 'x', date: '2/1/2021', until: 'soon', lat: '1', lng: '2' },
      { eventEndTime: null, errors: ['invalid-date'] },
    ],
    [
      'empty coordinates',
      latLon,
      { name: 'x', date: '2/1/2021', lat: '', lng: 'NA' },
      { coordinates: null, errors: ['missing-coordinates'] },
    ],
    [
      'one empty coordinate',
      latLon,
      { name: 'x', date: '2/1/2021', lat: '40', lng: '' },
      { coordinates: null, errors: ['invalid-coordinates'] },
    ],
    [
      'an unreadable coordinate',
      latLon,
      { name: 'x', date: '2/1/2021', lat: '40°70′N', lng: '3' },
      { coordinates: null, errors: ['invalid-coordinates'] },
    ],
    [
      'a latitude out of range',
      latLon,
      { name: 'x', date: '2/1/2021', lat: '122.4', lng: '37.7' },
      { coordinates: null, errors: ['invalid-coordinates'] },
    ],
    [
      'null island',
      latLon,
      { name: 'x', date: '2/1/2021', lat: '0', lng: '0' },
      { coordinates: null, errors: ['invalid-coordinates'] },
    ],
    [
      'a missing title',
      latLon,
      { name: '', notes: 'A very long note', date: '2/1/2021', lat: '1', lng: '2' },
      { title: 'A very long note' },
    ],
    ['nothing for a title', latLon, { date: '2/1/2021', lat: '1', lng: '2' }, { title: 'Row 5' }],
    [
      'split date parts and an address',
      address,
      { year: '2015', month: 'February', day: '23', street: 'Clearview Ln', city: 'Millbrook', state: 'AL', place: '' },
      {
        eventTime: { iso: '2015-02-23T00:00:00.000Z', precision: 'day' },
        coordinates: null,
        placeQuery: { text: 'Clearview Ln, Millbrook, AL', street: 'Clearview Ln', city: 'Millbrook', region: 'AL' },
        title: 'Millbrook',
      },
    ],
    [
      'a place column when street and city are empty',
      address,
      { year: '2015', state: 'OH', place: 'Cleveland, Ohio' },
      { placeQuery: { text: 'Cleveland, Ohio', region: 'OH' }, eventTime: { precision: 'year' } },
    ],
    ['an empty address', address, { year: '2015', month: 'May' }, { placeQuery: null, errors: ['missing-place'] }],
    ['an empty year', address, { year: 'NA', city: 'Paris' }, { eventTime: null, errors: ['missing-time'] }],
    [
      'an impossible split date',
      address,
      { year: '2015', month: 'February', day: '30', city: 'Paris' },
      { eventTime: null, errors: ['invalid-date'] },
    ],
    [
      'an unmapped time',
      { location: { kind: 'none', confidence: 0, reason: '' } },
      { a: '1' },
      { eventTime: null, coordinates: null, placeQuery: null },
    ],
  ])('%s', (_case, mapping, row, expected) => {
    check(mapping, row, expected)
  })

  it('swaps columns decided as swapped and reads hemispheres by the values', () => {
    const mapping: EventMapping = {
      location: { kind: 'lat-lon', latitude: 'lat', longitude: 'lng', isSwapped: true, confidence: 1, reason: '' },
    }
    check(
      mapping,
      { lat: '-122.4194', lng: '37.7749' },
      { coordinates: { latitude: 37.7749, longitude: -122.4194, wasSwapped: true } },
    )
  })

  it('reads combined columns in every format the coordinate parser knows', () => {
    const mapping: EventMapping = { location: { kind: 'combined', combined: 'geo', confidence: 1, reason: '' } }
    check(
      mapping,
      { geo: 'POINT(-74.006 40.7128)' },
      { coordinates: { latitude: 40.7128, longitude: -74.006, format: 'wkt', sourceColumns: ['geo'] } },
    )
    check(mapping, { geo: 'not a place' }, { coordinates: null, errors: ['invalid-coordinates'] })
  })

  it('uses a range as start and end when no end column is mapped', () => {
    const mapping: EventMapping = {
      startTime: { field: 'when' },
      location: { kind: 'none', confidence: 0, reason: '' },
    }
    const fields = createEventExtractor(mapping)({ when: '1914-1918' }, 1)
    expect([fields.eventTime?.iso, fields.eventEndTime?.iso]).toEqual([
      '1914-01-01T00:00:00.000Z',
      '1918-01-01T00:00:00.000Z',
    ])
  })

  it('reads Excel serials when the mapping says so, and lets the caller choose the date order', () => {
    const serial: EventMapping = {
      startTime: { field: 'd', kind: 'excel-serial' },
      location: { kind: 'none', confidence: 0, reason: '' },
    }
    expect(createEventExtractor(serial)({ d: 44197 }, 1).eventTime?.iso).toBe('2021-01-01T00:00:00.000Z')
    expect(
      createEventExtractor(latLon, { dateOrder: 'DMY' })({ date: '02/03/2021', lat: '1', lng: '2' }, 1).eventTime?.iso,
    ).toBe('2021-03-02T00:00:00.000Z')
  })

  it('builds errors that describe themselves', () => {
    const [error] = createEventExtractor(latLon)({ date: '2/1/2021', lat: '122.4', lng: '37.7' }, 214).errors
    expect(error).toMatchObject({ row: 214, column: 'lat', value: '122.4', code: 'invalid-coordinates' })
    expect(describeRowError(error!)).toBe(
      'Row 214, column "lat": latitude 122.4 is out of range (−90 to 90); the latitude and longitude columns may be swapped (latitude-out-of-range) (invalid-coordinates)',
    )
  })

  // Each bad value once, naming its own column (the value as written; swapped columns too).
  it.each<[string, EventMapping, Record<string, string>, Array<[column: string, value: string, message: RegExp]>]>([
    [
      'a latitude out of range and a longitude in words',
      latLon,
      { lat: '999', lng: 'abc' },
      [
        ['lat', '999', /^latitude 999 is out of range/],
        ['lng', 'abc', /^abc is not a valid longitude/],
      ],
    ],
    [
      'a latitude in words and a longitude out of range',
      latLon,
      { lat: 'north', lng: '-200' },
      [
        ['lat', 'north', /^north is not a valid latitude/],
        ['lng', '-200', /^longitude -200 is out of range/],
      ],
    ],
    [
      'both out of range',
      latLon,
      { lat: '95', lng: '200' },
      [
        ['lat', '95', /^latitude 95 is out of range/],
        ['lng', '200', /^longitude 200 is out of range/],
      ],
    ],
    [
      'swapped columns: the "lat" column holds the longitude',
      { location: { kind: 'lat-lon', latitude: 'lat', longitude: 'lng', isSwapped: true, confidence: 1, reason: '' } },
      { lat: '200', lng: 'abc' },
      [
        ['lat', '200', /^longitude 200 is out of range/],
        ['lng', 'abc', /^abc is not a valid latitude/],
      ],
    ],
    ['null island names both', latLon, { lat: '0', lng: '0' }, [['lat+lng', '0, 0', /null island/]]],
  ])('%s', (_case, mapping, row, expected) => {
    const errors = createEventExtractor(mapping)({ date: '2/1/2021', ...row }, 7).errors
    expect(errors.map((error) => [error.column, error.value])).toEqual(
      expected.map(([column, value]) => [column, value]),
    )
    expect(errors.every((error) => error.row === 7 && error.code === 'invalid-coordinates')).toBe(true)
    errors.forEach((error, index) => expect(error.message).toMatch(expected[index]![2]))
  })
})

describe('describeRowError', () => {
  it.each([
    [
      { row: 3, column: 'date', value: 'x', code: 'invalid-date', message: 'x is not a date' },
      'Row 3, column "date": x is not a date (invalid-date)',
    ],
    [{ row: 9, code: 'missing-place', message: 'no place' }, 'Row 9: no place (missing-place)'],
  ])('%j → %j', (error, expected) => {
    expect(describeRowError(error)).toBe(expected)
  })
})
