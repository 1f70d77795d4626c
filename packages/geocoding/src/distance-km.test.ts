import { describe, expect, it } from 'vitest'

import { distanceKm } from './distance-km'

describe('distanceKm', () => {
  it.each([
    [[40.7128, -74.006], [38.9072, -77.0369], 328],
    [[51.5074, -0.1278], [48.8566, 2.3522], 344],
    [[0, 179.5], [0, -179.5], 111],
    [[10, 10], [10, 10], 0],
  ])('%j → %j ≈ %i km', ([lat1, lng1], [lat2, lng2], expected) => {
    const km = distanceKm({ latitude: lat1 ?? 0, longitude: lng1 ?? 0 }, { latitude: lat2 ?? 0, longitude: lng2 ?? 0 })
    expect(Math.round(km)).toBe(expected)
  })
})
