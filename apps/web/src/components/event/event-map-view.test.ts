import { describe, expect, it } from 'vitest'

import { eventMapZoom, haloRadiusAtZoom0Px } from './event-map-view'

describe('haloRadiusAtZoom0Px', () => {
  it('is 0 for an exact place', () => {
    expect(haloRadiusAtZoom0Px('rooftop', 10)).toBe(0)
    expect(haloRadiusAtZoom0Px('street', 10)).toBe(0)
    expect(haloRadiusAtZoom0Px(null, 10)).toBe(0)
  })

  it('gives a city 8 km: about 105 px at zoom 10 on the equator', () => {
    expect(haloRadiusAtZoom0Px('city', 0) * 2 ** 10).toBeCloseTo(104.7, 0)
  })

  it('grows away from the equator as Web Mercator stretches', () => {
    expect(haloRadiusAtZoom0Px('country', 60)).toBeCloseTo(2 * haloRadiusAtZoom0Px('country', 0), 6)
  })

  it('orders the areas from country down to postal', () => {
    const radii = ['country', 'region', 'city', 'postal'].map((precision) => haloRadiusAtZoom0Px(precision, 45))
    expect([...radii].sort((a, b) => b - a)).toEqual(radii)
  })
})

describe('eventMapZoom', () => {
  it.each([
    ['country', 4],
    ['region', 6],
    ['city', 7],
    ['postal', 7],
    ['rooftop', 8],
    [null, 8],
  ])('%s → %i', (precision, zoom) => {
    expect(eventMapZoom(precision)).toBe(zoom)
  })
})
