import { describe, expect, it } from 'vitest'

import { readNaturalEarth } from './natural-earth'

describe('readNaturalEarth', () => {
  const layers = readNaturalEarth()

  it('has every country of Natural Earth 1:50m, by name', () => {
    expect(layers.countries.features).toHaveLength(241)
    const names = layers.countries.features.map((country) => country.properties.name)
    expect(names).toEqual(expect.arrayContaining(['France', 'Brazil', 'Japan', 'New Zealand', 'Antarctica']))
    expect(Object.keys(layers.countries.features[0]!.properties)).toEqual(['name'])
  })

  it('splits the countries’ edges into land borders and coastlines', () => {
    expect(layers.borders.geometry.type).toBe('MultiLineString')
    expect(layers.coastlines.geometry.type).toBe('MultiLineString')
    expect(layers.borders.geometry.coordinates.length).toBeGreaterThan(100)
    expect(layers.coastlines.geometry.coordinates.length).toBeGreaterThan(100)
  })

  it('keeps every point in longitude and latitude bounds, to three decimals', () => {
    const points = [...layers.borders.geometry.coordinates.flat(), ...layers.coastlines.geometry.coordinates.flat()]
    for (const [longitude, latitude] of points) {
      expect(Math.abs(longitude!)).toBeLessThanOrEqual(180)
      expect(Math.abs(latitude!)).toBeLessThanOrEqual(90)
      expect(Math.round(longitude! * 1000) / 1000).toBe(longitude)
    }
  })
})
