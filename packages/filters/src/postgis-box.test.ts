import { describe, expect, it } from 'vitest'

import { postgisViewBox, singleDown, singleUp } from './postgis-box'

// PostGIS's own test: the point's float4 box overlaps the view's, both rounded outwards.
const overlapsAsPostgis = (value: number, minimum: number, maximum: number) =>
  singleDown(value) <= singleUp(maximum) && singleUp(value) >= singleDown(minimum)

// A fixed pseudo-random sequence, so a failure can be replayed.
function random(seed: number): () => number {
  let state = seed
  return () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
}

describe('float4 rounding as PostGIS does it', () => {
  it('rounds outwards to the next float4, and keeps a float4 as it is', () => {
    expect(singleDown(2.00000001)).toBe(2)
    expect(singleUp(2.00000001)).toBe(Math.fround(2.00000001 + 2.4e-7))
    expect(singleDown(-2.00000001)).toBeLessThan(-2.00000001)
    expect(singleUp(-2.00000001)).toBe(-2)
    expect(singleUp(0.5)).toBe(0.5)
    expect(singleUp(1e-50)).toBeGreaterThan(0)
    expect(singleDown(-1e-50)).toBeLessThan(0)
  })
})

describe('a view box as PostGIS tests points against it', () => {
  it('lets a point a hair outside through, as `location && st_makeenvelope` does', () => {
    // select st_setsrid(st_makepoint(2.00000001, 0), 4326) && st_makeenvelope(2.00000002, -1, 3, 1, 4326): true
    const box = postgisViewBox({ west: 2.00000002, south: -1, east: 3, north: 1 })
    expect(box.west).toBeLessThanOrEqual(2.00000001)
    expect(box.west).toBeGreaterThan(1.9999)
    expect(box.north).toBeLessThan(1.0001)
    expect(box.north).toBeGreaterThan(1)
  })

  it('passes exactly the points whose float4 boxes overlap the view’s, at every kind of edge', () => {
    const next = random(11)
    const edges = [0, -180, 180, 85.0511287798066, -85.0511287798066, 2.35, 48.85, -25, 1e-40, -1e-40]
    for (let i = 0; i < 200; i++) edges.push((next() - 0.5) * 360)
    let checked = 0
    for (const edge of edges) {
      // Points straddling the float4s around the edge, and the float8s right beside them.
      const near: number[] = []
      for (const anchor of [singleDown(edge), singleUp(edge), edge])
        for (const offset of [-3e-5, -1e-5, -1e-6, -1e-7, -1e-12, 0, 1e-12, 1e-7, 1e-6, 1e-5, 3e-5])
          near.push(anchor + offset * Math.max(1, Math.abs(anchor)))
      const below = postgisViewBox({ west: edge, south: edge, east: edge + 10, north: edge + 10 })
      const above = postgisViewBox({ west: edge - 10, south: edge - 10, east: edge, north: edge })
      for (const value of [...near, below.west, below.south, above.east, above.north]) {
        expect(value >= below.west, `${value} against a minimum of ${edge}`).toBe(
          overlapsAsPostgis(value, edge, edge + 10),
        )
        expect(value <= above.east, `${value} against a maximum of ${edge}`).toBe(
          overlapsAsPostgis(value, edge - 10, edge),
        )
        checked++
      }
      // The bounds themselves pass, the float8 beyond them does not.
      expect(overlapsAsPostgis(below.west, edge, edge + 10)).toBe(true)
      expect(overlapsAsPostgis(below.west - Math.abs(below.west) * 2.3e-16 - 5e-324, edge, edge + 10)).toBe(false)
    }
    expect(checked).toBeGreaterThan(5000)
  })
})
