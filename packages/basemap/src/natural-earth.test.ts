import type { Position } from 'geojson'
import { describe, expect, it } from 'vitest'

import { readNaturalEarth } from './natural-earth'

describe.each([
  ['110m', 177],
  ['50m', 241],
] as const)('readNaturalEarth at 1:%s', (scale, countryCount) => {
  const layers = readNaturalEarth(scale)
  const named = (name: string) => layers.countries.features.find((country) => country.properties.name === name)!
  const ringsOf = (name: string): Position[][] => {
    const { geometry } = named(name)
    return geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat()
  }
  const lines = (): Position[][] => [
    ...layers.borders.geometry.coordinates,
    ...layers.coastlines.geometry.coordinates,
    ...layers.countries.features.flatMap((country) => ringsOf(country.properties.name)),
  ]

  it('has every country of Natural Earth at that scale, by name', () => {
    expect(layers.countries.features).toHaveLength(countryCount)
    const names = layers.countries.features.map((country) => country.properties.name)
    expect(names).toEqual(expect.arrayContaining(['France', 'Brazil', 'Japan', 'New Zealand', 'Antarctica']))
    expect(Object.keys(layers.countries.features[0]!.properties)).toEqual(['name'])
  })

  it('splits the countries’ edges into land borders and coastlines', () => {
    expect(layers.borders.geometry.type).toBe('MultiLineString')
    expect(layers.coastlines.geometry.type).toBe('MultiLineString')
    expect(layers.borders.geometry.coordinates.length).toBeGreaterThan(100)
    expect(layers.coastlines.geometry.coordinates.length).toBeGreaterThan(100)
    // Natural Earth's 1:50m coasts draw ten times as many islands and bays as its 1:110m ones.
    if (scale === '50m')
      expect(layers.coastlines.geometry.coordinates.length).toBeGreaterThan(
        10 * readNaturalEarth('110m').coastlines.geometry.coordinates.length,
      )
  })

  it('never draws a line the long way round the map: no step crosses the antimeridian', () => {
    for (const line of lines()) {
      for (let index = 1; index < line.length; index++) {
        // Along a pole, a closed ring runs the whole width of the map, as it should.
        if (Math.abs(line[index]![1]!) === 90 && line[index]![1] === line[index - 1]![1]) continue
        expect(Math.abs(line[index]![0]! - line[index - 1]![0]!)).toBeLessThanOrEqual(180)
      }
    }
    // Russia's far east and Fiji continue past 180°, on the next copy of the world.
    for (const name of ['Russia', 'Fiji']) {
      const longitudes = ringsOf(name).flatMap((ring) => ring.map(([longitude]) => Math.abs(longitude!)))
      expect(Math.max(...longitudes), name).toBeGreaterThan(180)
    }
  })

  it('closes a ring around the pole along the pole', () => {
    const rings = ringsOf('Antarctica')
    expect(rings.some((ring) => ring.some(([, latitude]) => latitude === -90))).toBe(true)
    for (const ring of rings) expect(ring.at(-1)).toEqual(ring[0])
  })

  it('keeps every point within a turn of the map and in latitude bounds, to three decimals', () => {
    for (const [longitude, latitude] of lines().flat()) {
      expect(Math.abs(longitude!)).toBeLessThanOrEqual(540)
      expect(Math.abs(latitude!)).toBeLessThanOrEqual(90)
      expect(Math.round(longitude! * 1000) / 1000).toBe(longitude)
    }
  })
})
