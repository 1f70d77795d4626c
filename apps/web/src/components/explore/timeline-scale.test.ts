import { describe, expect, it } from 'vitest'

import { linearScale, niceCountCeiling } from './timeline-scale'

describe('linearScale', () => {
  it('maps a time span onto the chart width and back', () => {
    const x = linearScale([Date.UTC(1900, 0), Date.UTC(2000, 0)], [0, 800])
    expect(x(Date.UTC(1950, 0))).toBeCloseTo(400, 0)
    expect(x.invert(800)).toBe(Date.UTC(2000, 0))
    expect(x(Date.UTC(1800, 0))).toBeLessThan(0)
  })

  it('flips for a count axis drawn from the bottom up', () => {
    const y = linearScale([0, 100], [200, 0])
    expect(y(0)).toBe(200)
    expect(y(25)).toBe(150)
    expect(y.invert(0)).toBe(100)
  })

  it('maps an empty domain to the start of the range instead of dividing by zero', () => {
    const x = linearScale([5, 5], [10, 90])
    expect(x(5)).toBe(10)
    expect(x(9)).toBe(10)
    expect(x.invert(50)).toBe(5)
  })
})

describe('niceCountCeiling', () => {
  it.each([
    [1234, 1300],
    [101, 110],
    [95, 100],
    [7, 7],
    [13, 13],
    [17, 18],
    [999_999, 1_000_000],
    [1, 1],
    [0, 0],
  ])('rounds %d up to %d as d3 would', (max, expected) => {
    expect(niceCountCeiling(max)).toBe(expected)
  })
})
