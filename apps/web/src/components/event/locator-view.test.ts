import { readNaturalEarth } from '@chronotope/basemap'
import { describe, expect, it } from 'vitest'

import { containsPoint, locatorDrawing } from './locator-view'

const { countries } = readNaturalEarth('110m')
const named = (name: string) => countries.features.find((country) => country.properties.name === name)!

describe('containsPoint', () => {
  it.each<[string, number, number, string]>([
    ['Paris', 2.35, 48.85, 'France'],
    ['Hays, Kansas', -99.33, 38.88, 'United States of America'],
    ['Viti Levu, Fiji, west of the antimeridian', 178, -17.8, 'Fiji'],
    ['Vanua Levu, Fiji, whose outline runs across it', 179.5, -16.5, 'Fiji'],
  ])('finds %s in its country', (_, lng, lat, country) => {
    expect(containsPoint(named(country), lng, lat)).toBe(true)
  })

  it('finds the sea in no country', () => {
    expect(countries.features.some((country) => containsPoint(country, -30, 40))).toBe(false)
  })
})

describe('locatorDrawing', () => {
  it('draws the region around the event, its country marked and the event in the middle', () => {
    const drawing = locatorDrawing(countries, 2.35, 48.85, 132)
    expect(drawing).toMatchObject({ width: 132, height: 88, homeName: 'France', point: { x: 66, y: 44 } })
    const names = drawing.countries.map((country) => country.name)
    expect(names).toEqual(expect.arrayContaining(['France', 'Germany', 'Spain', 'United Kingdom']))
    expect(names).not.toContain('Australia')
    expect(drawing.countries.filter((country) => country.isHome).map((country) => country.name)).toEqual(['France'])
  })

  it('keeps the region within the poles and draws Fiji’s halves on both sides of the antimeridian', () => {
    expect(locatorDrawing(countries, 0, 89, 132).point.y).toBeLessThan(10)
    const fiji = locatorDrawing(countries, 179.5, -16.5, 132)
    expect(fiji.homeName).toBe('Fiji')
    expect(fiji.countries.find((country) => country.name === 'Fiji')!.d.match(/M/g)).toHaveLength(2)
    expect(fiji.countries.find((country) => country.name === 'New Zealand')).toBeDefined()
  })

  it('says no country at sea', () => {
    expect(locatorDrawing(countries, -30, 40, 132).homeName).toBeNull()
  })
})
