import { describe, expect, it } from 'vitest'

import { readNaturalEarth } from './natural-earth'
import {
  cityLabels,
  cityMinZoom,
  countryLabels,
  countryMinZoom,
  placeFiles,
  placeLabels,
  ringAreaKm2,
  type CityRecord,
} from './place-labels'

const city = (name: string, featureCode: string, population: number, lng: number, lat: number): CityRecord => ({
  name,
  featureCode,
  population,
  loc: { coordinates: [lng, lat] },
})

describe('ringAreaKm2', () => {
  it.each<[string, number[][], number]>([
    [
      'a degree square on the equator',
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
        [0, 0],
      ],
      12_391,
    ],
    [
      'a degree square at 60° north, about half as wide',
      [
        [0, 60],
        [1, 60],
        [1, 61],
        [0, 61],
        [0, 60],
      ],
      6_100,
    ],
  ])('measures %s', (_, ring, km2) => {
    expect(Math.abs(ringAreaKm2(ring) - km2)).toBeLessThan(10)
  })
})

describe('countryLabels', () => {
  const labels = countryLabels(readNaturalEarth('50m').countries)
  const named = (name: string) => labels.find((label) => label.name === name)!

  it('puts a country’s name inside its largest part, not in an overseas territory or the sea', () => {
    // Metropolitan France, not French Guiana; mainland Norway, not Svalbard.
    expect(named('France')).toMatchObject({ kind: 'country', minZoom: 2 })
    expect(named('France').lng).toBeGreaterThan(-1)
    expect(named('France').lng).toBeLessThan(6)
    expect(named('France').lat).toBeGreaterThan(44)
    expect(named('France').lat).toBeLessThan(49)
    expect(named('Norway').lat).toBeLessThan(71)
  })

  it('shows big countries from the world view and small ones closer', () => {
    expect(named('Russia').minZoom).toBe(1)
    expect(named('Belgium').minZoom).toBe(3)
    expect(named('Luxembourg').minZoom).toBe(4.5)
    expect(named('Vatican').minZoom).toBe(6)
  })
})

describe('cityLabels', () => {
  it('keeps every capital and the towns of 50,000 people or more', () => {
    const labels = cityLabels([
      city('Vaduz', 'PPLC', 5_668, 9.52, 47.14),
      city('Lyon', 'PPLA', 472_317, 4.85, 45.75),
      city('Marseille', 'PPLA', 870_731, 5.38, 43.297),
      city('Saint-Étienne', 'PPLA3', 172_023, 4.39, 45.43),
      city('Millau', 'PPLA3', 22_002, 3.08, 44.1),
    ])
    expect(labels.map(({ name, kind, minZoom, lat }) => ({ name, kind, minZoom, lat }))).toEqual([
      { name: 'Vaduz', kind: 'capital', minZoom: 4, lat: 47.14 },
      { name: 'Lyon', kind: 'city', minZoom: 7, lat: 45.75 },
      { name: 'Marseille', kind: 'city', minZoom: 6, lat: 43.3 },
      { name: 'Saint-Étienne', kind: 'city', minZoom: 8, lat: 45.43 },
    ])
  })

  it.each<[boolean, number, number]>([
    [true, 2_100_000, 3],
    [true, 100_000, 4],
    [false, 8_000_000, 4],
    [false, 3_000_000, 5],
    [false, 600_000, 6],
    [false, 300_000, 7],
    [false, 60_000, 8],
  ])('a capital (%s) of %i people is shown from zoom %d', (isCapital, population, zoom) => {
    expect(cityMinZoom(isCapital, population)).toBe(zoom)
  })

  it.each<[number, number]>([
    [17_000_000, 1],
    [640_000, 2],
    [30_700, 3],
    [2_600, 4.5],
    [0.5, 6],
  ])('a country of %i km² is named from zoom %d', (area, zoom) => {
    expect(countryMinZoom(area)).toBe(zoom)
  })
})

describe('placeLabels', () => {
  it('orders the labels as a map places them: shown sooner first, then larger', () => {
    const labels = placeLabels({ type: 'FeatureCollection', features: [] }, [
      city('Small capital', 'PPLC', 10_000, 0, 0),
      city('Big capital', 'PPLC', 9_000_000, 1, 1),
      city('Big city', 'PPL', 9_500_000, 2, 2),
    ])
    expect(labels.map((label) => label.name)).toEqual(['Big capital', 'Big city', 'Small capital'])
    expect(labels[0]).not.toHaveProperty('rank')
  })
})

describe('placeFiles', () => {
  it('puts what a wide view shows in places.json and the towns in the tile of their 10° square', () => {
    const files = placeFiles(
      placeLabels({ type: 'FeatureCollection', features: [] }, [
        city('Paris', 'PPLC', 2_138_551, 2.35, 48.85),
        city('Lyon', 'PPLA', 472_317, 4.85, 45.75),
        city('Saint-Étienne', 'PPLA3', 172_023, 4.39, 45.43),
        city('Valparaíso', 'PPLA', 282_448, -71.63, -33.04),
      ]),
    )
    expect(Object.keys(files).sort()).toEqual(['places-10-5.json', 'places-18-13.json', 'places.json'])
    expect(files['places.json']!.map((label) => label.name)).toEqual(['Paris'])
    expect(files['places-18-13.json']!.map((label) => label.name)).toEqual(['Lyon', 'Saint-Étienne'])
  })
})
