import { describe, expect, it } from 'vitest'

import { parseLatLon } from './lat-lon-input'

describe('parseLatLon', () => {
  it('reads latitude then longitude, with a comma, a semicolon or spaces between', () => {
    expect(parseLatLon('39.96, -82.99')).toEqual({ latitude: 39.96, longitude: -82.99 })
    expect(parseLatLon(' -33.86   151.21 ')).toEqual({ latitude: -33.86, longitude: 151.21 })
    expect(parseLatLon('0;0')).toEqual({ latitude: 0, longitude: 0 })
  })

  it('refuses out-of-range, missing, extra or non-numeric parts', () => {
    expect(parseLatLon('95, 10')).toBeNull()
    expect(parseLatLon('10, 181')).toBeNull()
    expect(parseLatLon('10')).toBeNull()
    expect(parseLatLon('1, 2, 3')).toBeNull()
    expect(parseLatLon('north, east')).toBeNull()
    expect(parseLatLon('')).toBeNull()
  })
})
