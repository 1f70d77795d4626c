import { describe, expect, it } from 'vitest'

import {
  classifyCoordinateOrder,
  coordinateValuesAgainstOrder,
  countCoordinateOrder,
  decideCoordinateOrder,
  emptyCoordinateOrderTally,
} from './coordinate-order'
import type { CoordinateOrderTally } from './coordinate-order'
import { formatCoordinateReading } from './format-coordinate-reading'
import { parseCoordinatePair } from './parse-coordinate-pair'

function tallyOf(values: readonly string[]): CoordinateOrderTally {
  const tally = emptyCoordinateOrderTally()
  for (const value of values) countCoordinateOrder(tally, parseCoordinatePair(value), value)
  return tally
}

describe('classifyCoordinateOrder', () => {
  it.each([
    ['48.85, 2.35', 'either'],
    ['40.7, -122.4', 'latitude-first'],
    ['-122.4, 40.7', 'longitude-first'],
    ['48°51′N 2°21′E', undefined],
    ['POINT(2.35 48.85)', undefined],
  ])('%s reads %s', (value, reading) => {
    expect(classifyCoordinateOrder(parseCoordinatePair(value))).toBe(reading)
  })
})

describe('parseCoordinatePair with an order', () => {
  it('reads unlettered pairs longitude first when the column is', () => {
    expect(parseCoordinatePair('2.35, 48.85', { order: 'lon-lat' })).toMatchObject({ latitude: 48.85, longitude: 2.35 })
  })
  it('keeps the order letters, WKT and GeoJSON name', () => {
    expect(parseCoordinatePair('48.85N, 2.35E', { order: 'lon-lat' })).toMatchObject({
      latitude: 48.85,
      longitude: 2.35,
    })
    expect(parseCoordinatePair('POINT(2.35 48.85)', { order: 'lon-lat' })).toMatchObject({ latitude: 48.85 })
  })
})

describe('decideCoordinateOrder', () => {
  it('asks when every value fits both orders', () => {
    const decision = decideCoordinateOrder(tallyOf(['48.85, 2.35', '52.52, 13.40']))
    expect(decision).toMatchObject({ isAmbiguous: true })
    expect(decision.order).toBeUndefined()
    expect(decision.reason).toContain('48.85, 2.35')
  })
  it('decides latitude first from values whose second number is beyond ±90', () => {
    const decision = decideCoordinateOrder(tallyOf(['48.85, 2.35', '40.7, -122.4']))
    expect(decision).toEqual({
      order: 'lat-lon',
      isAmbiguous: false,
      reason: 'latitude first: 1 value such as 40.7, -122.4 can only be read so',
    })
  })
  it('decides longitude first from values whose first number is beyond ±90', () => {
    expect(decideCoordinateOrder(tallyOf(['-122.4, 40.7', '-118.2, 34.1', '2.35, 48.85'])).order).toBe('lon-lat')
  })
  it('asks when as many values prove each order', () => {
    expect(decideCoordinateOrder(tallyOf(['40.7, -122.4', '-122.4, 40.7'])).isAmbiguous).toBe(true)
  })
  it('counts the values against an order', () => {
    const tally = tallyOf(['40.7, -122.4', '34.1, -118.2', '-122.4, 40.7'])
    expect(coordinateValuesAgainstOrder(tally, 'lat-lon')).toEqual({ count: 1, example: '-122.4, 40.7' })
  })
  it('needs no order for a column without unlettered pairs', () => {
    expect(decideCoordinateOrder(tallyOf(['POINT(2.35 48.85)']))).toMatchObject({ isAmbiguous: false })
  })
})

describe('formatCoordinateReading', () => {
  it.each([
    ['48.85, 2.35', 'lat-lon', '48.85° N, 2.35° E'],
    ['48.85, 2.35', 'lon-lat', '2.35° N, 48.85° E'],
    ['48.85, 2.35', undefined, '48.85° N, 2.35° E (latitude first) or 2.35° N, 48.85° E (longitude first)'],
    [
      '-122.4, 37.8',
      'lat-lon',
      'row error: latitude -122.4 is out of range (−90 to 90); the latitude and longitude columns may be swapped',
    ],
    ['-122.4, 37.8', 'lon-lat', '37.8° N, 122.4° W'],
    [
      'nowhere',
      'lat-lon',
      'row error: expected two coordinates, latitude first, separated by a comma, a semicolon or a space',
    ],
  ] as const)('%s read %s is %s', (raw, order, expected) => {
    expect(formatCoordinateReading(raw, order)).toBe(expected)
  })
})
