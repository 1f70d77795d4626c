import { describe, expect, it } from 'vitest'

import {
  describeCoordinateProvenance,
  formatLatLng,
  isApproximatePrecision,
  type CoordinateProvenance,
  type PlacedByRole,
} from './coordinate-provenance'

describe('describeCoordinateProvenance', () => {
  it.each<[CoordinateProvenance | null, string | null, string]>([
    [
      { source: 'geocoded', provider: 'offline', precision: 'city', confidence: 0.82 },
      'Springfield',
      'Placed at the centre of Springfield (city) by the offline geocoder, confidence 82%.',
    ],
    [
      { source: 'geocoded', provider: 'nominatim', precision: 'rooftop', confidence: 0.955 },
      '10 Downing Street, London',
      'Placed at 10 Downing Street, London (address) by the Nominatim geocoder, confidence 96%.',
    ],
    [
      { source: 'geocoded', provider: 'offline', precision: 'country', confidence: null, geocodedQuery: 'france' },
      null,
      'Placed at the centre of france (country) by the offline geocoder.',
    ],
    [
      { source: 'geocoded', provider: 'offline', precision: 'postal', confidence: 0.5 },
      '75001',
      'Placed at the centre of 75001 (postal area) by the offline geocoder, confidence 50%.',
    ],
    [{ source: 'geocoded' }, null, 'Placed by a geocoder.'],
    [
      { source: 'source-columns', sourceColumns: ['lat', 'lon'] },
      null,
      'Taken from the file\'s columns "lat" and "lon".',
    ],
    [{ source: 'source-columns', sourceColumns: ['position'] }, 'Paris', 'Taken from the file\'s column "position".'],
    [{ source: 'source-columns', sourceColumns: ['geometry'] }, null, 'Taken from the geometry in the file.'],
    [{ source: 'source-columns', sourceColumns: null }, null, 'Taken from the coordinates in the file.'],
    [{ source: 'manual' }, 'Paris', 'Placed by hand at Paris.'],
    [{ source: 'none' }, 'Atlantis', 'Not placed on the map: "Atlantis" could not be located.'],
    [null, null, 'Not placed on the map: the row has no place.'],
  ])('%o at %s', (coordinates, place, expected) => {
    expect(describeCoordinateProvenance(coordinates, place)).toBe(expected)
  })
})

describe('describeCoordinateProvenance of a place set by hand', () => {
  it.each<[CoordinateProvenance, PlacedByRole | null, string]>([
    [{ source: 'manual' }, 'owner', 'Placed by hand at Xqzzyville by its owner.'],
    [{ source: 'manual' }, 'editor', 'Placed by hand at Xqzzyville by an editor.'],
    [{ source: 'manual' }, 'admin', 'Placed by hand at Xqzzyville by an admin.'],
    [{ source: 'manual' }, null, 'Placed by hand at Xqzzyville.'],
    [
      { source: 'geocoded', provider: 'manual', confidence: 1 },
      'editor',
      'Placed by hand at Xqzzyville by an editor (for every import of this place).',
    ],
    [
      { source: 'geocoded', provider: 'manual', confidence: 1 },
      null,
      'Placed by hand at Xqzzyville by an editor or admin (for every import of this place).',
    ],
  ])('%o by %s', (coordinates, role, expected) => {
    expect(describeCoordinateProvenance(coordinates, 'Xqzzyville', role)).toBe(expected)
  })
})

describe('isApproximatePrecision', () => {
  it.each([
    ['country', true],
    ['region', true],
    ['city', true],
    ['postal', true],
    ['street', false],
    ['rooftop', false],
    [null, false],
    [undefined, false],
  ])('%s → %s', (precision, expected) => {
    expect(isApproximatePrecision(precision)).toBe(expected)
  })
})

describe('formatLatLng', () => {
  it.each([
    [-83.016582, 37.004024, '37.0040° N, 83.0166° W'],
    [151.2093, -33.8688, '33.8688° S, 151.2093° E'],
    [0, 0, '0.0000° N, 0.0000° E'],
  ])('%d, %d → %s', (longitude, latitude, expected) => {
    expect(formatLatLng(longitude, latitude)).toBe(expected)
  })
})
