import { describe, expect, it } from 'vitest'

import { summarizeResolution } from './resolution-stats'
import type { GeocodingResult, LocationPrecision } from './types'

function resolved(
  label: string,
  confidence: number,
  precision: LocationPrecision,
  provider = 'offline',
): GeocodingResult {
  const best = { latitude: 0, longitude: 0, label, precision, confidence, provider }
  return { status: 'resolved', best, candidates: [best], provider }
}

describe('summarizeResolution', () => {
  it('counts as placed only what reaches the minimum; lists the rest with their candidates', () => {
    const results = new Map<string, GeocodingResult>([
      ['dayton oh', resolved('Dayton, Ohio, United States', 0.95, 'city')],
      ['ohio', resolved('Ohio, United States', 0.9, 'region')],
      ['nowhere iowa', resolved('Iowa, United States', 0.45, 'region')],
      ['45402', resolved('45402 Dayton', 0.9, 'postal', 'nominatim')],
      ['xqzzy', { status: 'not-found', candidates: [], provider: 'offline' }],
      ['timeout', { status: 'failed', candidates: [], provider: 'nominatim', error: 'HTTP 503' }],
    ])
    const iowa = { latitude: 0, longitude: 0, label: 'Iowa, United States', precision: 'region', confidence: 0.45 }
    expect(summarizeResolution(results, 0.5)).toEqual({
      total: 6,
      minimumConfidence: 0.5,
      placed: 3,
      resolved: 4,
      belowMinimum: 1,
      notFound: 1,
      failed: 1,
      byPrecision: { city: 1, region: 1, postal: 1 },
      byProvider: { offline: 2, nominatim: 1 },
      lowestConfidence: [
        { query: 'ohio', label: 'Ohio, United States', confidence: 0.9, precision: 'region' },
        { query: '45402', label: '45402 Dayton', confidence: 0.9, precision: 'postal' },
        { query: 'dayton oh', label: 'Dayton, Ohio, United States', confidence: 0.95, precision: 'city' },
      ],
      notPlaced: [
        { query: 'nowhere iowa', reason: 'below-minimum', candidates: [{ ...iowa, provider: 'offline' }] },
        { query: 'xqzzy', reason: 'not-found', candidates: [] },
        { query: 'timeout', reason: 'failed', candidates: [] },
      ],
    })
  })

  it.each<[string, GeocodingResult, number, boolean]>([
    ['a city at 0.95', resolved('Dayton', 0.95, 'city'), 0.5, true],
    ['the minimum itself', resolved('Dayton', 0.5, 'city'), 0.5, true],
    ['a country for "москва россия" at 0.3', resolved('Russia', 0.3, 'country'), 0.5, false],
    ['a close spelling at 0.38', resolved('Springfield', 0.38, 'city'), 0.5, false],
    ['a close spelling under a lower minimum', resolved('Springfield', 0.38, 'city'), 0.3, true],
  ])('%s is placed under minimum %s: %s', (_name, result, minimum, isPlacedExpected) => {
    const stats = summarizeResolution(new Map([['place', result]]), minimum)
    expect(stats.placed).toBe(isPlacedExpected ? 1 : 0)
    expect(stats.notPlaced.length).toBe(isPlacedExpected ? 0 : 1)
  })

  it('keeps the three best candidates of a place below the minimum', () => {
    const candidates = [
      'Springfield, Missouri',
      'Springfield, Massachusetts',
      'Springfield, Illinois',
      'Springfield, Ohio',
    ].map((label, i) => ({
      latitude: i,
      longitude: -i,
      label,
      precision: 'city' as const,
      confidence: 0.3 - i / 100,
      provider: 'offline',
    }))
    const result: GeocodingResult = { status: 'resolved', best: candidates[0], candidates, provider: 'offline' }
    const [place] = summarizeResolution(new Map([['sprngfield', result]])).notPlaced
    expect(place?.candidates.map((candidate) => candidate.label)).toEqual(candidates.slice(0, 3).map((c) => c.label))
  })

  it('lists at most 20 least confident places, ascending', () => {
    const results = new Map<string, GeocodingResult>(
      Array.from({ length: 30 }, (_, i) => [`place ${i}`, resolved(`Place ${i}`, (30 - i) / 100, 'city')]),
    )
    const { lowestConfidence } = summarizeResolution(results, 0)
    expect(lowestConfidence.map((place) => place.confidence)).toEqual(
      Array.from({ length: 20 }, (_, i) => (i + 1) / 100),
    )
  })

  it('lists at most 200 places not placed, in query order, so each can be placed by hand', () => {
    const results = new Map<string, GeocodingResult>(
      Array.from({ length: 205 }, (_, i) => [
        `nowhere ${i}`,
        { status: 'not-found', candidates: [], provider: 'offline' },
      ]),
    )
    const { notPlaced, notFound } = summarizeResolution(results)
    expect(notFound).toBe(205)
    expect(notPlaced.map((place) => place.query)).toEqual(Array.from({ length: 200 }, (_, i) => `nowhere ${i}`))
  })

  it('summarizes an empty import', () => {
    expect(summarizeResolution(new Map())).toEqual({
      total: 0,
      minimumConfidence: 0.5,
      placed: 0,
      resolved: 0,
      belowMinimum: 0,
      notFound: 0,
      failed: 0,
      byPrecision: {},
      byProvider: {},
      lowestConfidence: [],
      notPlaced: [],
    })
  })
})
