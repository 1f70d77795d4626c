import type { EventMapping } from '@chronotope/schema'
import { describe, expect, it } from 'vitest'

import { assignRole, mappingFromRoles, roleLabel, rolesFromMapping, type ColumnRole } from './column-roles'

// The mapping schema detection gives presidential-campaign-trail_trump.csv.
const TRUMP_HEADERS = ['date', 'location', 'city', 'state', 'lat', 'lng']
const TRUMP_MAPPING: EventMapping = {
  title: 'location',
  startTime: { field: 'date', kind: 'numeric' },
  dateOrder: 'MDY',
  location: {
    kind: 'lat-lon',
    latitude: 'lat',
    longitude: 'lng',
    isSwapped: false,
    format: 'decimal',
    address: { city: 'city', region: 'state', place: 'location' },
    confidence: 0.95,
    reason: 'lat/lng headers with decimal degrees',
  },
}
const TRUMP_ROLES: Record<string, ColumnRole> = {
  date: 'start-time',
  location: 'title',
  city: 'city',
  state: 'region',
  lat: 'latitude',
  lng: 'longitude',
}

describe('rolesFromMapping', () => {
  it.each<[string, EventMapping, readonly string[], Record<string, ColumnRole>]>([
    ['the trump file', TRUMP_MAPPING, TRUMP_HEADERS, TRUMP_ROLES],
    [
      'split date parts and an address',
      {
        id: 'uid',
        startTime: { parts: { year: 'year', month: 'month', day: 'day' } },
        location: {
          kind: 'address',
          address: { street: 'streetaddress', city: 'city', region: 'state' },
          confidence: 0.7,
          reason: '',
        },
      },
      ['uid', 'year', 'month', 'day', 'streetaddress', 'city', 'state', 'name'],
      {
        uid: 'id',
        year: 'year',
        month: 'month',
        day: 'day',
        streetaddress: 'street',
        city: 'city',
        state: 'region',
        name: 'none',
      },
    ],
    [
      'combined coordinates and an end time',
      {
        startTime: { field: 'from' },
        endTime: { field: 'to' },
        location: { kind: 'combined', combined: 'point', confidence: 1, reason: '' },
      },
      ['from', 'to', 'point'],
      { from: 'start-time', to: 'end-time', point: 'coordinates' },
    ],
    [
      'a mapped column the sheet does not have is left out',
      { title: 'gone', location: { kind: 'none', confidence: 0, reason: '' } },
      ['name'],
      { name: 'none' },
    ],
  ])('%s', (_, mapping, headers, expected) => {
    expect(rolesFromMapping(mapping, headers)).toEqual(expected)
  })
})

describe('assignRole', () => {
  it.each<[string, Record<string, ColumnRole>, string, ColumnRole, Record<string, ColumnRole>]>([
    ['moves a single role from its old column', { a: 'title', b: 'none' }, 'b', 'title', { a: 'none', b: 'title' }],
    ['clears a column', { a: 'title', b: 'none' }, 'a', 'none', { a: 'none', b: 'none' }],
    [
      'leaves other roles alone',
      { a: 'title', b: 'city', c: 'none' },
      'c',
      'region',
      { a: 'title', b: 'city', c: 'region' },
    ],
    ['keeps "none" on several columns', { a: 'none', b: 'title' }, 'b', 'none', { a: 'none', b: 'none' }],
  ])('%s', (_, roles, column, role, expected) => {
    expect(assignRole(roles, column, role)).toEqual(expected)
  })
})

describe('mappingFromRoles', () => {
  it.each<[string, Partial<Record<string, ColumnRole>>, ReturnType<typeof mappingFromRoles>]>([
    ['an unchanged preview sends no mapping', {}, { override: undefined, problems: [], notes: [] }],
    // "city" stays the address's city while it is the title: detection used it twice too.
    [
      'a new title column',
      { location: 'place', city: 'title' },
      { override: { title: 'city' }, problems: [], notes: [] },
    ],
    [
      'clearing the title sends null, and the column is no longer the place either',
      { location: 'none' },
      {
        override: { title: null, location: { ...TRUMP_MAPPING.location, address: { city: 'city', region: 'state' } } },
        problems: [],
        notes: [],
      },
    ],
    [
      'geocoding instead of coordinates',
      { lat: 'none', lng: 'none' },
      {
        override: {
          location: {
            kind: 'address',
            address: { city: 'city', region: 'state', place: 'location' },
            confidence: 1,
            reason: 'Chosen in the import preview',
          },
        },
        problems: [],
        notes: [],
      },
    ],
    [
      'a latitude without longitude is a problem',
      { lng: 'none' },
      {
        override: {
          location: {
            kind: 'address',
            address: { city: 'city', region: 'state', place: 'location' },
            confidence: 1,
            reason: 'Chosen in the import preview',
          },
        },
        problems: ['"lat" is the latitude: choose the longitude column too'],
        notes: [],
      },
    ],
    [
      'date parts without a year are a problem',
      { date: 'month' },
      { override: undefined, problems: ['Date parts "date" need a year column'], notes: [] },
    ],
    [
      'no start time clears the detected one, and says what that means',
      { date: 'none' },
      {
        override: { startTime: null },
        problems: [],
        notes: ['No column is the start time: the events will have no time and will not show on the timeline'],
      },
    ],
    ['a new id column', { state: 'id' }, { override: { id: 'state' }, problems: [], notes: [] }],
    [
      'a place instead of coordinates',
      { lat: 'none', lng: 'none', city: 'none', state: 'none', location: 'place' },
      {
        override: {
          title: null,
          location: {
            kind: 'address',
            address: { place: 'location' },
            confidence: 1,
            reason: 'Chosen in the import preview',
          },
        },
        problems: [],
        notes: [],
      },
    ],
  ])('%s', (_, changes, expected) => {
    const roles = { ...TRUMP_ROLES, ...changes } as Record<string, ColumnRole>
    expect(mappingFromRoles(roles, TRUMP_MAPPING)).toEqual(expected)
  })

  it('keeps the detected date kind when the same start time column stays', () => {
    const roles = { ...TRUMP_ROLES, city: 'end-time' as const }
    expect(mappingFromRoles(roles, TRUMP_MAPPING).override).toEqual({
      endTime: { field: 'city' },
      location: { ...TRUMP_MAPPING.location, address: { region: 'state', place: 'location' } },
    })
  })
  it('keeps a GeoJSON file placed by its geometries when no column is a coordinate', () => {
    const mapping: EventMapping = {
      title: 'name',
      location: { kind: 'geometry', confidence: 1, reason: 'GeoJSON feature geometry' },
    }
    expect(mappingFromRoles({ name: 'title', date: 'start-time' }, mapping).override?.location).toBeUndefined()
  })
})

describe('roleLabel', () => {
  it.each<[ColumnRole, string]>([
    ['none', 'None (data only)'],
    ['start-time', 'Start time'],
    ['coordinates', 'Coordinates ("lat, lon")'],
    ['year', 'Date part: year'],
    ['postal-code', 'Postal code'],
  ])('%s', (role, expected) => {
    expect(roleLabel(role)).toBe(expected)
  })
})
