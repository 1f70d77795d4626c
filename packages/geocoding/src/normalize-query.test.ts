import { describe, expect, it } from 'vitest'

import { normalizeGeocodingQuery } from './normalize-query'
import type { GeocodingQuery } from './types'

describe('normalizeGeocodingQuery', () => {
  it.each<[GeocodingQuery, string]>([
    [{ city: 'Springfield', region: 'IL', country: 'US' }, 'springfield|il|us'],
    [{ country: 'US', region: 'IL', city: 'Springfield' }, 'springfield|il|us'],
    [{ city: '  SPRINGFIELD ', region: 'il', country: 'us' }, 'springfield|il|us'],
    [{ text: 'Montréal,  QC' }, 'montreal qc'],
    [{ text: 'St. Louis, MO' }, 'saint louis mo'],
    [{ text: 'Dayton, OH', countryBias: 'us' }, 'dayton oh|bias:us'],
    [{ street: '12 Main St', city: 'Dayton', postalCode: '45402' }, '12 main street|dayton|45402'],
    [{ city: 'Dayton', region: '' }, 'dayton'],
    [{}, ''],
  ])('%j → %j', (query, expected) => {
    expect(normalizeGeocodingQuery(query)).toBe(expected)
  })

  it('gives different places different keys', () => {
    expect(normalizeGeocodingQuery({ city: 'Springfield', region: 'IL' })).not.toBe(
      normalizeGeocodingQuery({ city: 'Springfield', region: 'MO' }),
    )
  })
})
