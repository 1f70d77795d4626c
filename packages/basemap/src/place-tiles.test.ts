import { describe, expect, it } from 'vitest'

import { placeTileFile, placeTileKey, placeTilesOfBox } from './place-tiles'

describe('place tiles', () => {
  it.each<[string, number, number, string]>([
    ['Paris', 2.35, 48.85, '18-13'],
    ['the south-west corner of the world', -180, -90, '0-0'],
    ['the north-east corner, kept in the last tile', 180, 90, '35-17'],
    ['Suva, just west of the antimeridian', 178.44, -18.14, '35-7'],
  ])('put %s in tile %s', (_, lng, lat, key) => {
    expect(placeTileKey(lng, lat)).toBe(key)
  })

  it('name their files', () => {
    expect(placeTileFile('18-13')).toBe('places-18-13.json')
  })

  it('cover a box, and both sides of a box across the antimeridian', () => {
    expect(placeTilesOfBox({ west: 1, south: 48, east: 4, north: 50 })).toEqual(['18-13', '18-14'])
    expect(placeTilesOfBox({ west: 178, south: -19, east: -178, north: -17 })).toEqual(['35-7', '0-7'])
  })
})
