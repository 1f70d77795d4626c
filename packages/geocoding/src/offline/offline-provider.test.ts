import { beforeAll, describe, expect, it } from 'vitest'

import type { GeocodingQuery, LocationPrecision } from '../types'
import type { OfflineGazetteerData } from './load-data'
import { createOfflineProvider } from './offline-provider'

const provider = createOfflineProvider()

beforeAll(async () => {
  await provider.load()
})

interface Expected {
  label: string
  precision: LocationPrecision
  /** Inclusive bounds of the best candidate's confidence. */
  confidence: [number, number]
}

async function best(query: GeocodingQuery) {
  const result = await provider.geocode(query)
  expect(result.provider).toBe('offline')
  return result.best
}

function expectBest(actual: Awaited<ReturnType<typeof best>>, expected: Expected): void {
  // A street address's label adds "(city centre: …)"; a test below checks that note.
  expect(actual?.label.replace(/ \(city centre: .*\)$/, '')).toBe(expected.label)
  expect(actual?.precision).toBe(expected.precision)
  expect(actual?.confidence).toBeGreaterThanOrEqual(expected.confidence[0])
  expect(actual?.confidence).toBeLessThanOrEqual(expected.confidence[1])
}

describe('createOfflineProvider', () => {
  it.each<[GeocodingQuery, Expected]>([
    // "City, ST", "City, State", "City, Country"
    [{ text: 'Dayton, OH' }, { label: 'Dayton, Ohio, United States', precision: 'city', confidence: [0.9, 1] }],
    [{ text: 'Dayton, Ohio' }, { label: 'Dayton, Ohio, United States', precision: 'city', confidence: [0.9, 1] }],
    [{ text: 'Munich, Germany' }, { label: 'Munich, Bavaria, Germany', precision: 'city', confidence: [0.8, 0.95] }],
    [{ text: '  montréal ,   QC ' }, { label: 'Montréal, Quebec, Canada', precision: 'city', confidence: [0.9, 1] }],
    [{ text: 'Sydney, NSW' }, { label: 'Sydney, New South Wales, Australia', precision: 'city', confidence: [0.9, 1] }],
    [
      { text: 'Washington DC' },
      { label: 'Washington, D.C., District of Columbia, United States', precision: 'city', confidence: [0.85, 1] },
    ],
    [
      { text: 'Prescott, Valley, AZ' },
      { label: 'Prescott Valley, Arizona, United States', precision: 'city', confidence: [0.9, 1] },
    ],
    // Ambiguous names: the region decides; without one, population decides at lower confidence.
    [
      { text: 'Springfield, IL' },
      { label: 'Springfield, Illinois, United States', precision: 'city', confidence: [0.9, 1] },
    ],
    [
      { text: 'Springfield, MA' },
      { label: 'Springfield, Massachusetts, United States', precision: 'city', confidence: [0.9, 1] },
    ],
    [
      { text: 'Springfield' },
      { label: 'Springfield, Missouri, United States', precision: 'city', confidence: [0.3, 0.5] },
    ],
    [{ text: 'Paris' }, { label: 'Paris, Île-de-France, France', precision: 'city', confidence: [0.6, 0.8] }],
    [{ text: 'Paris, TN' }, { label: 'Paris, Tennessee, United States', precision: 'city', confidence: [0.9, 1] }],
    [{ text: 'Paris, Texas' }, { label: 'Paris, Texas, United States', precision: 'city', confidence: [0.9, 1] }],
    [{ text: 'Portland' }, { label: 'Portland, Oregon, United States', precision: 'city', confidence: [0.5, 0.8] }],
    [
      { text: 'Portland', region: 'Maine' },
      { label: 'Portland, Maine, United States', precision: 'city', confidence: [0.9, 1] },
    ],
    [{ text: 'Toronto, CA' }, { label: 'Toronto, Ontario, Canada', precision: 'city', confidence: [0.8, 0.95] }],
    [
      { text: 'Los Angeles, CA' },
      { label: 'Los Angeles, California, United States', precision: 'city', confidence: [0.9, 1] },
    ],
    // Abbreviations and misspellings (lower confidence)
    [
      { text: 'St. Louis, MO' },
      { label: 'St. Louis, Missouri, United States', precision: 'city', confidence: [0.9, 1] },
    ],
    [
      { text: 'Saint Louis, Missouri' },
      { label: 'St. Louis, Missouri, United States', precision: 'city', confidence: [0.9, 1] },
    ],
    [
      { text: 'Ft. Myers, FL' },
      { label: 'Fort Myers, Florida, United States', precision: 'city', confidence: [0.9, 1] },
    ],
    [
      { text: 'Mt. Pleasant, SC' },
      { label: 'Mount Pleasant, South Carolina, United States', precision: 'city', confidence: [0.9, 1] },
    ],
    // Close spellings are suggestions: the right city, but below the default minimum (0.5)
    [{ text: 'Pheonix, AZ' }, { label: 'Phoenix, Arizona, United States', precision: 'city', confidence: [0.3, 0.45] }],
    [
      { text: 'Cincinatti, OH' },
      { label: 'Cincinnati, Ohio, United States', precision: 'city', confidence: [0.3, 0.45] },
    ],
    [
      { text: 'Hemstead, NY' },
      { label: 'Hempstead, New York, United States', precision: 'city', confidence: [0.3, 0.45] },
    ],
    [
      { text: 'Pheonix', countryBias: 'US' },
      { label: 'Phoenix, Arizona, United States', precision: 'city', confidence: [0.2, 0.45] },
    ],
    [
      { text: 'Sprngfield' },
      { label: 'Springfield, Missouri, United States', precision: 'city', confidence: [0.1, 0.45] },
    ],
    // Other names and scripts (GeoNames alternate names of the larger cities)
    [{ text: 'Москва' }, { label: 'Moscow, Russia', precision: 'city', confidence: [0.7, 0.8] }],
    [{ text: 'москва россия' }, { label: 'Moscow, Russia', precision: 'city', confidence: [0.8, 0.9] }],
    [{ text: 'القاهرة' }, { label: 'Cairo, Egypt', precision: 'city', confidence: [0.7, 0.8] }],
    [{ text: 'القاهرة مصر' }, { label: 'Cairo, Egypt', precision: 'city', confidence: [0.8, 0.9] }],
    [{ text: 'München' }, { label: 'Munich, Bavaria, Germany', precision: 'city', confidence: [0.7, 0.8] }],
    [{ text: 'Muenchen' }, { label: 'Munich, Bavaria, Germany', precision: 'city', confidence: [0.7, 0.8] }],
    [
      { text: 'Cologne' },
      { label: 'Köln, North Rhine-Westphalia, Germany', precision: 'city', confidence: [0.7, 0.8] },
    ],
    [{ text: 'Köln' }, { label: 'Köln, North Rhine-Westphalia, Germany', precision: 'city', confidence: [0.7, 0.8] }],
    [{ text: 'Mosca' }, { label: 'Moscow, Russia', precision: 'city', confidence: [0.7, 0.8] }],
    [
      { city: 'Москва', country: 'Россия' },
      { label: 'Moscow, Russia', precision: 'city', confidence: [0.85, 0.9] },
    ],
    // A country named for a city of one of its territories
    [
      { text: 'hong kong china' },
      { label: 'Hong Kong, Central and Western, Hong Kong', precision: 'city', confidence: [0.8, 0.9] },
    ],
    // Street addresses: the city, with or without commas; "St" after a street name is "Street"
    [
      { text: '123 Main St, New York, NY' },
      { label: 'New York City, New York, United States', precision: 'city', confidence: [0.7, 0.8] },
    ],
    [
      { text: '123 Main St New York NY' },
      { label: 'New York City, New York, United States', precision: 'city', confidence: [0.7, 0.8] },
    ],
    [
      { text: '123 Broadway New York NY' },
      { label: 'New York City, New York, United States', precision: 'city', confidence: [0.7, 0.8] },
    ],
    [
      { text: 'Alexanderplatz Berlin' },
      { label: 'Berlin, State of Berlin, Germany', precision: 'city', confidence: [0.55, 0.65] },
    ],
    [
      { text: 'Friedrichstraße 43, Berlin' },
      { label: 'Berlin, State of Berlin, Germany', precision: 'city', confidence: [0.55, 0.65] },
    ],
    [{ text: 'Calle Mayor 5 Madrid' }, { label: 'Madrid, Spain', precision: 'city', confidence: [0.55, 0.65] }],
    // Countries in several languages and codes
    [{ text: 'Germany' }, { label: 'Germany', precision: 'country', confidence: [0.9, 1] }],
    [{ text: 'Deutschland' }, { label: 'Germany', precision: 'country', confidence: [0.9, 1] }],
    [{ text: 'Allemagne' }, { label: 'Germany', precision: 'country', confidence: [0.9, 1] }],
    [{ text: 'DE' }, { label: 'Germany', precision: 'country', confidence: [0.9, 1] }],
    [{ text: 'DEU' }, { label: 'Germany', precision: 'country', confidence: [0.9, 1] }],
    [{ country: 'Côte d’Ivoire' }, { label: 'Ivory Coast', precision: 'country', confidence: [0.9, 1] }],
    [{ text: 'Georgia' }, { label: 'Georgia', precision: 'country', confidence: [0.9, 1] }],
    [
      { text: 'Georgia', countryBias: 'US' },
      { label: 'Georgia, United States', precision: 'region', confidence: [0.85, 1] },
    ],
    // Regions by name, code and local name; a same-named city decides only when it is big
    [{ text: 'Ohio' }, { label: 'Ohio, United States', precision: 'region', confidence: [0.85, 1] }],
    [{ region: 'OH' }, { label: 'Ohio, United States', precision: 'region', confidence: [0.85, 1] }],
    [{ text: 'Bayern' }, { label: 'Bavaria, Germany', precision: 'region', confidence: [0.85, 1] }],
    [{ text: 'Ontario' }, { label: 'Ontario, Canada', precision: 'region', confidence: [0.85, 1] }],
    [
      { text: 'New York' },
      { label: 'New York City, New York, United States', precision: 'city', confidence: [0.6, 0.85] },
    ],
    [{ text: 'Zürich' }, { label: 'Zürich, Zurich, Switzerland', precision: 'city', confidence: [0.6, 0.85] }],
    [{ text: 'Bavaria, Germany' }, { label: 'Bavaria, Germany', precision: 'region', confidence: [0.85, 1] }],
    // Unknown town in a known state: the state, with low confidence
    [{ text: 'Nowheresville, Iowa' }, { label: 'Iowa, United States', precision: 'region', confidence: [0.3, 0.49] }],
    // Postal codes
    [{ text: '45402' }, { label: '45402 Dayton, Ohio, United States', precision: 'postal', confidence: [0.85, 0.95] }],
    [
      { postalCode: '2134' },
      { label: '02134 Allston, Massachusetts, United States', precision: 'postal', confidence: [0.85, 0.95] },
    ],
    [
      { text: '12 Main St, Dayton, OH 45402-1234' },
      { label: '45402 Dayton, Ohio, United States', precision: 'postal', confidence: [0.95, 1] },
    ],
    // Structured parts win over free text
    [
      { text: 'Springfield', region: 'IL', country: 'US' },
      { label: 'Springfield, Illinois, United States', precision: 'city', confidence: [0.9, 1] },
    ],
    [
      { text: 'Springfield, IL', city: 'Portland', region: 'OR' },
      { label: 'Portland, Oregon, United States', precision: 'city', confidence: [0.9, 1] },
    ],
    [
      { city: 'Dayton', region: 'Ohio', country: 'United States' },
      { label: 'Dayton, Ohio, United States', precision: 'city', confidence: [0.9, 1] },
    ],
  ])('%j → %j', async (query, expected) => {
    expectBest(await best(query), expected)
  })

  it.each<[GeocodingQuery, string]>([
    [{ text: '300 block Iris Park Dr, Pineville, LA' }, 'Pineville, Louisiana, United States'],
    [{ street: 'Clearview Ln', city: 'Millbrook', region: 'AL' }, 'Millbrook, Alabama, United States'],
  ])('places the street address %j at its city, never at street precision', async (query, city) => {
    const found = await best(query)
    expect(found?.precision).toBe('city')
    expect(found?.label.startsWith(`${city} (city centre`)).toBe(true)
    expect(found?.confidence).toBeLessThanOrEqual(0.8)
  })

  it.each<[GeocodingQuery]>([
    [{ text: 'N/A' }],
    [{ text: '' }],
    [{ text: '12345678' }],
    [{ text: '   ' }],
    [{}],
    [{ text: 'unknown', region: 'n/a' }],
    [{ text: 'Xqzzyplk' }],
  ])('finds nothing for junk %j', async (query) => {
    const result = await provider.geocode(query)
    expect(result.status).toBe('not-found')
    expect(result.candidates).toEqual([])
    expect(result.error).toMatch(/no place/)
  })

  it('ranks at most 5 candidates, best first, with best as the first', async () => {
    const result = await provider.geocode({ text: 'Springfield' })
    expect(result.candidates.length).toBe(5)
    expect(result.candidates[0]).toEqual(result.best)
    const confidences = result.candidates.map((candidate) => candidate.confidence)
    expect(confidences).toEqual([...confidences].sort((a, b) => b - a))
  })

  it('reports an invalid country bias as a failed result naming the value', async () => {
    const result = await provider.geocode({ text: 'Paris', countryBias: 'USA1' })
    expect(result).toMatchObject({ status: 'failed', error: expect.stringContaining('"USA1"') })
  })

  it('rejects when the signal is already aborted', async () => {
    const controller = new AbortController()
    controller.abort(new Error('import cancelled'))
    await expect(provider.geocode({ text: 'Dayton, OH' }, { signal: controller.signal })).rejects.toThrow(
      'import cancelled',
    )
  })

  it('reports data that cannot be loaded as a failed result, and retries on the next query', async () => {
    let calls = 0
    const broken = createOfflineProvider({
      loadData: () => {
        calls++
        return Promise.reject(new Error('cities.pbf: truncated varint at byte 12'))
      },
    })
    const result = await broken.geocode({ text: 'Dayton, OH' })
    expect(result).toMatchObject({
      status: 'failed',
      provider: 'offline',
      error: 'cities.pbf: truncated varint at byte 12',
    })
    await broken.geocode({ text: 'Dayton, OH' })
    expect(calls).toBe(1)
  })

  it('geocodes with injected data (a tiny gazetteer)', async () => {
    const data: OfflineGazetteerData = {
      cities: {
        count: 1,
        names: ['Gotham'],
        countryCodes: ['US'],
        admin1Codes: ['NJ'],
        featureCodes: ['PPL'],
        populations: Uint32Array.of(500_000),
        latitudes: Float64Array.of(40.7),
        longitudes: Float64Array.of(-74.2),
        geonameIds: Int32Array.of(42),
      },
      admin1: [{ code: 'US.NJ', name: 'New Jersey' }],
      countries: [
        {
          alpha2: 'US',
          alpha3: 'USA',
          name: 'United States',
          names: ['United States', 'US', 'USA'],
          latitude: 38,
          longitude: -97,
        },
      ],
      zipCodes: [],
    }
    const tiny = createOfflineProvider({ loadData: () => Promise.resolve(data) })
    const result = await tiny.geocode({ text: 'Gotham, NJ' })
    expect(result.best).toMatchObject({
      label: 'Gotham, New Jersey, United States',
      latitude: 40.7,
      longitude: -74.2,
      sourceId: 'geonames:42',
    })
  })
})
