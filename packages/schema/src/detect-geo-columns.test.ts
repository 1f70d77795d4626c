import { describe, expect, it } from 'vitest'

import { detectGeoColumns } from './detect-geo-columns'
import { detectSchema } from './schema-builder'
import type { GeoColumnResult } from './types'

type Table = Record<string, readonly string[]>

/** Rows from columns of equal length. */
function rowsOf(table: Table): Array<Record<string, string>> {
  const columns = Object.entries(table)
  const length = columns[0]?.[1].length ?? 0
  return Array.from({ length }, (_, index) =>
    Object.fromEntries(columns.map(([name, values]) => [name, values[index] ?? ''])),
  )
}

const latitudes = ['40.7128', '34.0522', '41.8781', '29.7604', '33.4484', '39.9526']
const longitudes = ['-74.0060', '-118.2437', '-87.6298', '-95.3698', '-112.0740', '-75.1652']
const cities = ['New York', 'Los Angeles', 'Chicago', 'Houston', 'Phoenix', 'Philadelphia']

describe('detectGeoColumns', () => {
  it.each<[string, Table, Partial<GeoColumnResult>]>([
    [
      'named latitude/longitude',
      { latitude: latitudes, longitude: longitudes },
      {
        kind: 'lat-lon',
        latitude: 'latitude',
        longitude: 'longitude',
        isSwapped: false,
        format: 'decimal',
        confidence: 0.95,
      },
    ],
    [
      'lat/lng with address parts',
      { lat: latitudes, lng: longitudes, city: cities },
      { kind: 'lat-lon', latitude: 'lat', longitude: 'lng', address: { city: 'city' } },
    ],
    [
      'German headers',
      { Breitengrad: latitudes, Längengrad: longitudes },
      { kind: 'lat-lon', latitude: 'Breitengrad', longitude: 'Längengrad' },
    ],
    [
      'y/x with values in range',
      { y: latitudes, x: longitudes },
      { kind: 'lat-lon', latitude: 'y', longitude: 'x', confidence: 0.6 },
    ],
    [
      'swapped columns',
      { lat: longitudes, lon: latitudes },
      { kind: 'lat-lon', latitude: 'lat', longitude: 'lon', isSwapped: true },
    ],
    [
      'degrees-minutes-seconds',
      { lat: ['40°26′46″N', '33°51′54″S', '51°30′26″N'], lon: ['79°58′56″W', '151°12′34″E', '0°7′39″W'] },
      { kind: 'lat-lon', format: 'dms' },
    ],
    [
      'decimal commas',
      { latitud: ['40,4168', '41,3874', '37,3891'], longitud: ['-3,7038', '2,1686', '-5,9845'] },
      { kind: 'lat-lon', latitude: 'latitud', longitude: 'longitud' },
    ],
    [
      'a combined column',
      { coordinates: latitudes.map((lat, index) => `${lat}, ${longitudes[index]}`) },
      { kind: 'combined', combined: 'coordinates', isSwapped: false, confidence: 0.9 },
    ],
    [
      'a location column of pairs',
      { location: latitudes.map((lat, index) => `(${lat}; ${longitudes[index]})`) },
      { kind: 'combined', combined: 'location' },
    ],
    [
      'WKT points under any header',
      { geom: latitudes.map((lat, index) => `POINT(${longitudes[index]} ${lat})`) },
      { kind: 'combined', combined: 'geom', confidence: 0.7 },
    ],
    [
      'a location column of places',
      { location: ['Cleveland, Ohio', 'Tampa, Florida', 'Hampton, Illinois'] },
      { kind: 'address', address: { place: 'location' }, confidence: 0.7 },
    ],
    [
      'German address parts',
      {
        Straße: ['Hauptstr. 1', 'Bahnhofstr. 5'],
        PLZ: ['10115', '80331'],
        Ort: ['Berlin', 'München'],
        Land: ['Deutschland', 'Deutschland'],
      },
      {
        kind: 'address',
        address: { street: 'Straße', postalCode: 'PLZ', city: 'Ort', country: 'Land' },
        confidence: 0.85,
      },
    ],
    [
      'city and state',
      { City: cities, State: ['New York', 'California', 'Illinois', 'Texas', 'Arizona', 'Pennsylvania'] },
      { kind: 'address', address: { city: 'City', region: 'State' }, confidence: 0.8 },
    ],
    [
      'projected x/y',
      { x: ['583960', '584120', '583870'], y: ['4507523', '4507701', '4507612'] },
      { kind: 'none', confidence: 0 },
    ],
    ['no place at all', { name: ['a', 'b'], date: ['2020-01-01', '2020-01-02'] }, { kind: 'none' }],
  ])('%s', (_case, table, expected) => {
    expect(detectGeoColumns(Object.keys(table), rowsOf(table))).toMatchObject(expected)
  })

  it('warns when coordinate-named columns are out of range', () => {
    const table = { lat: ['120', '150', '170'], lon: ['200', '250', '300'] }
    const schema = detectSchema(Object.keys(table), rowsOf(table))
    expect(schema.mapping.location.kind).toBe('none')
    expect(schema.warnings.map((warning) => warning.code)).toEqual(
      expect.arrayContaining(['coordinates-out-of-range', 'no-location']),
    )
  })

  it('warns about swapped coordinates and marks the columns as coordinates', () => {
    const table = { lat: longitudes, lon: latitudes }
    const schema = detectSchema(Object.keys(table), rowsOf(table))
    expect(schema.warnings).toContainEqual(expect.objectContaining({ code: 'swapped-coordinates', field: 'lat' }))
    expect(schema.fields.map((field) => [field.name, field.type, field.role])).toEqual([
      ['lat', 'coordinate', 'latitude'],
      ['lon', 'coordinate', 'longitude'],
    ])
  })

  it('prefers latitude/longitude columns to a combined column', () => {
    const table = {
      lat: latitudes,
      lng: longitudes,
      coords: latitudes.map((lat, index) => `${lat},${longitudes[index]}`),
    }
    expect(detectGeoColumns(Object.keys(table), rowsOf(table)).kind).toBe('lat-lon')
  })
})
