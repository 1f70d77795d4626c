import { describe, expect, it } from 'vitest'

import {
  haloRadiusAtZoom0Px,
  haloRadiusExpression,
  isApproximatePrecision,
  metresToPixels,
  placementSentence,
  PRECISION_LEGEND_SENTENCE,
  PRECISION_RADIUS_M,
} from './map-precision'

describe('isApproximatePrecision', () => {
  it.each<[string | null | undefined, boolean]>([
    ['country', true],
    ['region', true],
    ['city', true],
    ['postal', true],
    ['street', false],
    ['rooftop', false],
    [null, false],
    [undefined, false],
    ['', false],
    ['City', false],
  ])('%j → %j', (precision, expected) => {
    expect(isApproximatePrecision(precision)).toBe(expected)
  })
})

describe('PRECISION_RADIUS_M', () => {
  it('is coarser for coarser places', () => {
    const { country, region, city, postal } = PRECISION_RADIUS_M
    expect(country).toBeGreaterThan(region)
    expect(region).toBeGreaterThan(city)
    expect(city).toBeGreaterThan(postal)
    expect(city).toBe(8_000)
  })
})

describe('metresToPixels', () => {
  it('draws one zoom-0 pixel as about 78 km on the equator, half as far per zoom level', () => {
    expect(metresToPixels(78_271.517, 0, 0)).toBeCloseTo(1, 5)
    expect(metresToPixels(78_271.517, 1, 0)).toBeCloseTo(2, 5)
    expect(metresToPixels(8_000, 10, 0)).toBeCloseTo(104.66, 1)
  })

  it('draws a distance larger away from the equator, as Web Mercator stretches it', () => {
    // At 60° the scale doubles: cos(60°) = 0.5.
    expect(metresToPixels(8_000, 10, 60)).toBeCloseTo(2 * metresToPixels(8_000, 10, 0), 5)
    expect(metresToPixels(8_000, 10, -60)).toBeCloseTo(metresToPixels(8_000, 10, 60), 5)
  })

  it('stays finite at the poles, where Web Mercator ends', () => {
    expect(Number.isFinite(metresToPixels(8_000, 4, 90))).toBe(true)
    expect(metresToPixels(8_000, 4, 90)).toBeCloseTo(metresToPixels(8_000, 4, 85.05), 5)
  })
})

describe('haloRadiusAtZoom0Px', () => {
  it('gives exact places no halo', () => {
    expect(haloRadiusAtZoom0Px('street', 10)).toBe(0)
    expect(haloRadiusAtZoom0Px(null, 10)).toBe(0)
  })

  it("gives an approximate place its nominal radius at zoom 0, which the map's expression doubles per level", () => {
    const country = haloRadiusAtZoom0Px('country', 0)
    expect(country).toBeCloseTo(250_000 / 78_271.517, 4)
    // A city 8 km across is ~105 px at zoom 10 on the equator: what the halo draws there.
    expect(haloRadiusAtZoom0Px('city', 0) * 2 ** 10).toBeCloseTo(metresToPixels(8_000, 10, 0), 6)
  })
})

describe('haloRadiusExpression', () => {
  it('interpolates exponentially with base 2 from the property at zoom 0', () => {
    const expression = haloRadiusExpression('haloPx0')
    expect(expression.slice(0, 5)).toEqual(['interpolate', ['exponential', 2], ['zoom'], 0, ['get', 'haloPx0']])
    expect(expression[5]).toBe(24)
    expect(expression[6]).toEqual(['*', ['get', 'haloPx0'], 2 ** 24])
  })
})

describe('placementSentence', () => {
  it.each<[string | null, string | null, string | null]>([
    ['Springfield', 'city', 'Placed at the centre of Springfield (city)'],
    ['  Melbourne, AU ', 'city', 'Placed at the centre of Melbourne, AU (city)'],
    ['Bavaria', 'region', 'Placed at the centre of Bavaria (region)'],
    ['France', 'country', 'Placed at the centre of France (country)'],
    ['75011', 'postal', 'Placed at the centre of 75011 (postal area)'],
    [null, 'region', 'Placed at the centre of its region'],
    ['', 'city', 'Placed at the centre of its city'],
    ['10 Downing Street', 'street', null],
    ['Somewhere', null, null],
  ])('%j at %j → %j', (name, precision, expected) => {
    expect(placementSentence(name, precision)).toBe(expected)
  })

  it('has a legend sentence that explains the ring', () => {
    expect(PRECISION_LEGEND_SENTENCE).toMatch(/^Ring = placed at the centre of a city, region or country/)
  })
})
