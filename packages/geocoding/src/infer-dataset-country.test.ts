import { describe, expect, it } from 'vitest'

import { inferDatasetCountry } from './infer-dataset-country'
import type { GeocodingQuery } from './types'

const texts = (...values: string[]): GeocodingQuery[] => values.map((text) => ({ text }))

describe('inferDatasetCountry', () => {
  it.each<[string, GeocodingQuery[], string | undefined]>([
    ['"City, ST" rows', texts('Dayton, OH', 'Springfield, IL', 'Erie, PA', 'Springfield'), 'US'],
    [
      'full state names in a region column',
      [
        { city: 'Salem', region: 'New Hampshire' },
        { city: 'Ames', region: 'Iowa' },
      ],
      'US',
    ],
    ['Canadian provinces', texts('Toronto, ON', 'Montréal, QC', 'Calgary, Alberta'), 'CA'],
    [
      'a country column',
      [
        { city: 'Lyon', country: 'France' },
        { city: 'Nice', country: 'FR' },
      ],
      'FR',
    ],
    ['ZIP codes', [{ postalCode: '45402' }, { text: '10001' }], 'US'],
    ['mixed countries', texts('Dayton, OH', 'Toronto, ON', 'Lyon, France', 'Berlin, Germany'), undefined],
    ['bare city names', texts('Springfield', 'Paris', 'Portland', 'Dayton, OH'), undefined],
    ['no places', texts('', 'N/A'), undefined],
    ['nothing', [], undefined],
  ])('%s → %j', (_, queries, expected) => {
    expect(inferDatasetCountry(queries)).toBe(expected)
  })
})
