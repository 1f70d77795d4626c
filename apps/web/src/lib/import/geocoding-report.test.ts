import type { ResolutionStats } from '@chronotope/geocoding'
import { describe, expect, it } from 'vitest'

import { geocodingReportCounts } from './geocoding-report'
import type { StoredGeocoding, StoredPlaceCorrection } from './import-documents'

const stats: ResolutionStats = {
  total: 4,
  minimumConfidence: 0.5,
  placed: 2,
  resolved: 3,
  belowMinimum: 1,
  notFound: 1,
  failed: 0,
  byPrecision: { city: 2 },
  byProvider: { offline: 2 },
  lowestConfidence: [],
  notPlaced: [
    { query: 'moskva russia', reason: 'below-minimum', candidates: [] },
    { query: 'xqzzy', reason: 'not-found', candidates: [] },
  ],
}

const places = ['dayton oh', 'springfield il', 'moskva russia', 'xqzzy'].map((key) => ({ key, query: { text: key } }))

function correction(place: string, wasPlaced: boolean): StoredPlaceCorrection {
  return {
    place,
    latitude: 1,
    longitude: 2,
    precision: 'city',
    label: null,
    cached: false,
    eventsUpdated: 3,
    wasPlaced,
    by: 7,
    role: 'owner',
    at: '2026-11-27T12:00:00Z',
  }
}

describe('geocodingReportCounts', () => {
  it.each<[string, StoredGeocoding, ReturnType<typeof geocodingReportCounts>]>([
    ['before geocoding', { places }, null],
    [
      'as the geocoder left it',
      { places, stats, unplacedRows: 9 },
      { places: 4, placed: 2, placedByHand: 0, notPlaced: 2, rowsWithoutPlace: 9 },
    ],
    [
      'after a place not placed was placed by hand',
      { places, stats, unplacedRows: 6, corrections: [correction('xqzzy', false)] },
      { places: 4, placed: 3, placedByHand: 1, notPlaced: 1, rowsWithoutPlace: 6 },
    ],
    [
      'after a placed place was moved (no new place on the map)',
      { places, stats, unplacedRows: 9, corrections: [correction('dayton oh', true)] },
      { places: 4, placed: 2, placedByHand: 0, notPlaced: 2, rowsWithoutPlace: 9 },
    ],
    [
      'after both places not placed were placed',
      {
        places,
        stats,
        unplacedRows: 0,
        corrections: [correction('xqzzy', false), correction('moskva russia', false)],
      },
      { places: 4, placed: 4, placedByHand: 2, notPlaced: 0, rowsWithoutPlace: 0 },
    ],
  ])('%s', (_name, geocoding, expected) => {
    expect(geocodingReportCounts(geocoding)).toEqual(expected)
  })
})
