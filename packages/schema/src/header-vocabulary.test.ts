import { describe, expect, it } from 'vitest'

import { matchHeaderRoles, normalizeHeader } from './header-vocabulary'
import type { FieldRole } from './types'

describe('normalizeHeader', () => {
  it.each([
    ['Breitengrad_(WGS84)', 'breitengrad wgs84'],
    ['streetAddress', 'street address'],
    ['Länge', 'lange'],
    ['Straße', 'strasse'],
    ['  Código-Postal ', 'codigo postal'],
    ['lat.deg', 'lat deg'],
    ['___', ''],
  ])('%j → %j', (header, expected) => {
    expect(normalizeHeader(header)).toBe(expected)
  })
})

describe('matchHeaderRoles', () => {
  it.each<[string, FieldRole, number]>([
    ['Latitude', 'latitude', 1],
    ['LAT', 'latitude', 1],
    ['Breitengrad', 'latitude', 1],
    ['latitud', 'latitude', 1],
    ['latitudine', 'latitude', 1],
    ['lng', 'longitude', 1],
    ['Längengrad', 'longitude', 1],
    ['laengengrad', 'longitude', 1],
    ['y', 'latitude', 0.4],
    ['X', 'longitude', 0.4],
    ['lat_lon', 'coordinates', 1],
    ['Koordinaten', 'coordinates', 1],
    ['location', 'coordinates', 1],
    ['location', 'place', 1],
    ['streetaddress', 'street', 1],
    ['Straße', 'street', 1],
    ['rue', 'street', 1],
    ['Ville', 'city', 1],
    ['Bundesland', 'region', 1],
    ['País', 'country', 1],
    ['PLZ', 'postal-code', 1],
    ['zip_code', 'postal-code', 1],
    ['Datum', 'start-time', 1],
    ['fecha', 'start-time', 1],
    ['end_date', 'end-time', 0.6],
    ['bis', 'end-time', 1],
    ['Candidate name', 'title', 0.6],
    ['titre', 'title', 1],
    ['Beschreibung', 'description', 1],
    ['notes', 'description', 1],
    ['uuid', 'id', 1],
    ['county_id', 'id', 0.6],
    ['event_id', 'id', 1],
    ['año', 'year', 1],
    ['Monat', 'month', 1],
    ['jour', 'day', 1],
  ])('%j suggests %s with score %d', (header, role, score) => {
    expect(matchHeaderRoles(header)).toContainEqual({ role, score })
  })

  it.each([
    ['state_fp', 'latitude'],
    ['box x', 'longitude'],
    ['namelsad', 'title'],
    ['county_bucket', 'region'],
    ['', 'id'],
  ])('%j does not suggest %s', (header, role) => {
    expect(matchHeaderRoles(header).map((match) => match.role)).not.toContain(role)
  })

  it('puts the strongest match first', () => {
    expect(matchHeaderRoles('Candidate name')[0]).toEqual({ role: 'title', score: 0.6 })
  })
})
