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
  it('counts statuses, precisions and providers, and lists the least confident places', () => {
    const results = new Map<string, GeocodingResult>([
      ['dayton oh', resolved('Dayton, Ohio, United States', 0.95, 'city')],
      ['ohio', resolved('Ohio, United States', 0.9, 'region')],
      ['nowhere iowa', resolved('Iowa, United States', 0.45, 'region')],
      ['45402', resolved('45402 Dayton', 0.9, 'postal', 'nominatim')],
      ['xqzzy', { status: 'not-found', candidates: [], provider: 'offline' }],
      ['timeout', { status: 'failed', candidates: [], provider: 'nominatim', error: 'HTTP 503' }],
    ])
    expect(summarizeResolution(results)).toEqual({
      total: 6,
      resolved: 4,
      notFound: 1,
      failed: 1,
      byPrecision: { city: 1, region: 2, postal: 1 },
      byProvider: { offline: 3, nominatim: 1 },
      lowestConfidence: [
        { query: 'nowhere iowa', label: 'Iowa, United States', confidence: 0.45, precision: 'region' },
        { query: 'ohio', label: 'Ohio, United States', confidence: 0.9, precision: 'region' },
        { query: '45402', label: '45402 Dayton', confidence: 0.9, precision: 'postal' },
        { query: 'dayton oh', label: 'Dayton, Ohio, United States', confidence: 0.95, precision: 'city' },
      ],
      unresolved: ['xqzzy', 'timeout'],
    })
  })

  it('lists at most 20 least confident places, ascending', () => {
    const results = new Map<string, GeocodingResult>(
      Array.from({ length: 30 }, (_, i) => [`place ${i}`, resolved(`Place ${i}`, (30 - i) / 100, 'city')]),
    )
    const { lowestConfidence } = summarizeResolution(results)
    expect(lowestConfidence.map((place) => place.confidence)).toEqual(
      Array.from({ length: 20 }, (_, i) => (i + 1) / 100),
    )
  })

  it('lists at most 20 unresolved places, in query order, so each can be placed by hand', () => {
    const results = new Map<string, GeocodingResult>(
      Array.from({ length: 25 }, (_, i) => [
        `nowhere ${i}`,
        { status: 'not-found', candidates: [], provider: 'offline' },
      ]),
    )
    const { unresolved, notFound } = summarizeResolution(results)
    expect(notFound).toBe(25)
    expect(unresolved).toEqual(Array.from({ length: 20 }, (_, i) => `nowhere ${i}`))
  })

  it('summarizes an empty import', () => {
    expect(summarizeResolution(new Map())).toEqual({
      total: 0,
      resolved: 0,
      notFound: 0,
      failed: 0,
      byPrecision: {},
      byProvider: {},
      lowestConfidence: [],
      unresolved: [],
    })
  })
})
