import { describe, expect, it } from 'vitest'
import { InvalidCoordinate } from './invalid-coordinate'
import { parseCoordinatePair, tryParseCoordinatePair } from './parse-coordinate-pair'
import type { CoordinateFormat } from './types'

const NYC_DMS_LAT = 40 + 42 / 60 + 46 / 3600
const NYC_DMS_LON = -(74 + 22 / 3600)

describe('parseCoordinatePair reads', () => {
  it.each<[string, unknown, number, number, CoordinateFormat]>([
    ['comma and space', '40.7128, -74.0060', 40.7128, -74.006, 'decimal'],
    ['a comma', '40.7128,-74.0060', 40.7128, -74.006, 'decimal'],
    ['a space', '40.7128 -74.0060', 40.7128, -74.006, 'decimal'],
    ['parentheses', '(40.7128, -74.0060)', 40.7128, -74.006, 'decimal'],
    ['brackets', '[40.7128, -74.0060]', 40.7128, -74.006, 'decimal'],
    ['a semicolon', '40.7128;-74.0060', 40.7128, -74.006, 'decimal'],
    ['decimal commas and a semicolon', '40,7128; -74,0060', 40.7128, -74.006, 'decimal'],
    ['decimal commas and a comma', '40,7128, -74,0060', 40.7128, -74.006, 'decimal'],
    ['decimal commas and a space', '40,7128 -74,0060', 40.7128, -74.006, 'decimal'],
    ['hemisphere letters', '40.7128 N, 74.0060 W', 40.7128, -74.006, 'decimal'],
    ['a DMS pair', '40°42′46″N 74°0′22″W', NYC_DMS_LAT, NYC_DMS_LON, 'dms'],
    ['a DMS pair, longitude first', '74°0′22″W 40°42′46″N', NYC_DMS_LAT, NYC_DMS_LON, 'dms'],
    ['a DMS pair with a comma', '40°42′46″N, 74°0′22″W', NYC_DMS_LAT, NYC_DMS_LON, 'dms'],
    ['a DMS pair with spaces only', '40 42 46 N 74 0 22 W', NYC_DMS_LAT, NYC_DMS_LON, 'dms'],
    ['a degrees-decimal-minutes pair', 'N 40° 42.767′ W 74° 0.367′', 40 + 42.767 / 60, -(74 + 0.367 / 60), 'dms'],
    ['WKT (longitude first)', 'POINT(-74.006 40.7128)', 40.7128, -74.006, 'wkt'],
    ['WKT with a space and Z', 'POINT Z (-74.006 40.7128 10)', 40.7128, -74.006, 'wkt'],
    ['EWKT', 'SRID=4326;POINT(-74.006 40.7128)', 40.7128, -74.006, 'wkt'],
    ['lowercase WKT', 'point(-74.006 40.7128)', 40.7128, -74.006, 'wkt'],
    ['GeoJSON text', '{"type":"Point","coordinates":[-74.006,40.7128]}', 40.7128, -74.006, 'geojson'],
    ['a GeoJSON object', { type: 'Point', coordinates: [-74.006, 40.7128] }, 40.7128, -74.006, 'geojson'],
    [
      'a GeoJSON Feature',
      { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [-74.006, 40.7128] } },
      40.7128,
      -74.006,
      'geojson',
    ],
  ])('%s: %j', (_case, value, latitude, longitude, format) => {
    const pair = parseCoordinatePair(value)
    expect(pair.format).toBe(format)
    expect(pair.latitude).toBeCloseTo(latitude, 10)
    expect(pair.longitude).toBeCloseTo(longitude, 10)
  })
})

describe('parseCoordinatePair rejects', () => {
  it.each<[string, unknown, string]>([
    ['N/A', 'N/A', 'N/A is not a valid coordinate pair: expected two coordinates'],
    ['an empty value', '', 'it is empty'],
    ['one number', '40.7128', 'expected two coordinates, latitude first'],
    ['three numbers', '40.7 -74.0 12.5', 'expected two coordinates'],
    ['an unreadable half', '40.7128, abc', 'its second coordinate "abc" is unreadable: it has no number'],
    [
      'minutes over 59 in a half',
      '40°70′N, 74°0′W',
      'its first coordinate "40°70′N" is unreadable: the minutes 70 must be less than 60',
    ],
    ['two latitudes', '40 N, 41 N', 'both halves have latitude hemisphere letters'],
    ['an ambiguous split', '40 42 12 30', 'it can be split into two coordinates in more than one way'],
    ['two semicolons', '1;2;3', 'it has more than one ";"'],
    ['too many commas', '40,1,2,3,4', 'too many commas'],
    ['broken JSON', '{"type":"Point"', 'it starts like GeoJSON but is not valid JSON'],
    ['a GeoJSON polygon', '{"type":"Polygon","coordinates":[]}', 'GeoJSON must be a Point'],
    [
      'GeoJSON without numbers',
      '{"type":"Point","coordinates":["a","b"]}',
      'coordinates [longitude, latitude] as numbers',
    ],
    ['an empty WKT point', 'POINT EMPTY', 'a WKT point is written POINT(longitude latitude)'],
    ['a WKT point with text', 'POINT(a b)', 'with decimal numbers'],
    ['an array', [40.7, -74], 'got an array'],
    ['a number', 40.7, 'got number'],
  ])('%s: %j', (_case, value, message) => {
    expect(() => parseCoordinatePair(value)).toThrow(InvalidCoordinate)
    expect(() => parseCoordinatePair(value)).toThrow(message)
  })
})

describe('tryParseCoordinatePair', () => {
  it.each([[''], ['unknown'], [null], [undefined], ['12abc']])('returns undefined for %j', (value) => {
    expect(tryParseCoordinatePair(value)).toBeUndefined()
  })

  it('returns the pair otherwise', () => {
    expect(tryParseCoordinatePair('40.7128, -74.0060')).toEqual({
      latitude: 40.7128,
      longitude: -74.006,
      format: 'decimal',
      isOrderFree: true,
    })
  })
})
