import { describe, expect, it } from 'vitest'

import { InvalidCountryBias, InvalidGeocodingSettings, NoGeocodingProviders } from './errors'
import { geocodeWithProviders, isPlaced, validateGeocodingSettings } from './provider-chain'
import type { GeocodingProvider, GeocodingQuery, GeocodingResult, GeocodingSettings } from './types'
import { DEFAULT_GEOCODING_SETTINGS } from './types'

type Answer = number | 'not-found' | 'failed' | 'throws'

/** A provider that answers every query the same way and records what it was asked. */
function fakeProvider(name: string, answer: Answer, asked: GeocodingQuery[] = []): GeocodingProvider {
  return {
    name,
    isOnline: true,
    geocode(query) {
      asked.push(query)
      if (answer === 'throws') return Promise.reject(new Error(`${name} exploded`))
      if (answer === 'failed')
        return Promise.resolve({ status: 'failed', candidates: [], provider: name, error: 'HTTP 429' })
      if (answer === 'not-found') return Promise.resolve({ status: 'not-found', candidates: [], provider: name })
      const best = {
        latitude: 1,
        longitude: 2,
        label: `${name} place`,
        precision: 'city' as const,
        confidence: answer,
        provider: name,
      }
      return Promise.resolve({ status: 'resolved', best, candidates: [best], provider: name })
    },
  }
}

const settings: GeocodingSettings = { ...DEFAULT_GEOCODING_SETTINGS, minimumConfidence: 0.5 }

describe('geocodeWithProviders', () => {
  it.each<[Answer[], { status: GeocodingResult['status']; provider: string; confidence?: number; error?: string }]>([
    [[0.9, 0.95], { status: 'resolved', provider: 'p0', confidence: 0.9 }],
    [[0.3, 0.8], { status: 'resolved', provider: 'p1', confidence: 0.8 }],
    [[0.4, 0.3], { status: 'resolved', provider: 'p0', confidence: 0.4 }],
    [['failed', 0.7], { status: 'resolved', provider: 'p1', confidence: 0.7 }],
    [['throws', 0.7], { status: 'resolved', provider: 'p1', confidence: 0.7 }],
    [['not-found', 0.2], { status: 'resolved', provider: 'p1', confidence: 0.2 }],
    [['not-found', 'failed'], { status: 'not-found', provider: 'p0' }],
    [['failed', 'throws'], { status: 'failed', provider: 'p0', error: 'p0: HTTP 429; p1: p1 exploded' }],
    [[0.5], { status: 'resolved', provider: 'p0', confidence: 0.5 }],
  ])('answers %j → %j', async (answers, expected) => {
    const providers = answers.map((answer, i) => fakeProvider(`p${i}`, answer))
    const result = await geocodeWithProviders({ text: 'Dayton' }, providers, settings)
    expect(result.status).toBe(expected.status)
    expect(result.provider).toBe(expected.provider)
    expect(result.best?.confidence).toBe(expected.confidence)
    if (expected.error !== undefined) expect(result.error).toBe(expected.error)
  })

  it('stops at the first confident provider', async () => {
    const asked: GeocodingQuery[] = []
    await geocodeWithProviders({ text: 'Dayton' }, [fakeProvider('p0', 0.9), fakeProvider('p1', 0.9, asked)], settings)
    expect(asked).toEqual([])
  })

  it.each<[GeocodingQuery, string | undefined, string | undefined]>([
    [{ text: 'Dayton' }, 'US', 'US'],
    [{ text: 'Dayton', countryBias: 'CA' }, 'US', 'CA'],
    [{ text: 'Dayton' }, undefined, undefined],
  ])('passes %j with settings bias %j as bias %j', async (query, settingsBias, expected) => {
    const asked: GeocodingQuery[] = []
    await geocodeWithProviders(query, [fakeProvider('p0', 0.9, asked)], { ...settings, countryBias: settingsBias })
    expect(asked[0]?.countryBias).toBe(expected)
  })

  it('rethrows when aborted instead of trying the next provider', async () => {
    const controller = new AbortController()
    const aborting: GeocodingProvider = {
      name: 'slow',
      isOnline: true,
      geocode: () => {
        controller.abort(new Error('import cancelled'))
        return Promise.reject(new Error('import cancelled'))
      },
    }
    const asked: GeocodingQuery[] = []
    await expect(
      geocodeWithProviders({ text: 'Dayton' }, [aborting, fakeProvider('p1', 0.9, asked)], settings, {
        signal: controller.signal,
      }),
    ).rejects.toThrow('import cancelled')
    expect(asked).toEqual([])
  })

  it('refuses an empty provider list', async () => {
    await expect(geocodeWithProviders({ text: 'Dayton' }, [], settings)).rejects.toThrow(NoGeocodingProviders)
  })
})

describe('validateGeocodingSettings', () => {
  it.each<[Partial<GeocodingSettings>, typeof InvalidGeocodingSettings | typeof InvalidCountryBias, string]>([
    [{ minimumConfidence: 2 }, InvalidGeocodingSettings, 'minimumConfidence must be a number from 0 to 1; got 2'],
    [
      { minimumConfidence: Number.NaN },
      InvalidGeocodingSettings,
      'minimumConfidence must be a number from 0 to 1; got null',
    ],
    [
      { unplacedRows: 'skip' as never },
      InvalidGeocodingSettings,
      'unplacedRows must be "row-error" or "event-without-location"; got "skip"',
    ],
    [
      { countryBias: 'USA' },
      InvalidCountryBias,
      'countryBias must be an ISO 3166-1 alpha-2 code such as "US"; got "USA"',
    ],
  ])('rejects %j', (change, errorClass, message) => {
    const check = () => validateGeocodingSettings({ ...DEFAULT_GEOCODING_SETTINGS, ...change })
    expect(check).toThrow(errorClass)
    expect(check).toThrow(message)
  })

  it('accepts the defaults', () => {
    expect(() => validateGeocodingSettings(DEFAULT_GEOCODING_SETTINGS)).not.toThrow()
  })
})

describe('isPlaced', () => {
  const at = (confidence: number): GeocodingResult => {
    const best = { latitude: 0, longitude: 0, label: 'x', precision: 'city' as const, confidence, provider: 'offline' }
    return { status: 'resolved', best, candidates: [best], provider: 'offline' }
  }
  it.each<[GeocodingResult, boolean]>([
    [at(0.5), true],
    [at(0.49), false],
    [{ status: 'not-found', candidates: [], provider: 'offline' }, false],
  ])('%j → %j', (result, expected) => {
    expect(isPlaced(result, { minimumConfidence: 0.5 })).toBe(expected)
  })
})
