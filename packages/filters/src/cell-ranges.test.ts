import { describe, expect, it } from 'vitest'

import type { BoundingBox } from './bounding-box'
import { cellRangesOfView } from './cell-ranges'
import { cellOf, MAX_MERCATOR_LATITUDE, snapToCells } from './cluster-grid'

const inRanges = (view: BoundingBox, zoom: number, point: [number, number]) => {
  const { x, y } = cellOf(point, zoom)
  return cellRangesOfView(view, zoom).some((r) => x >= r.minX && x <= r.maxX && y >= r.minY && y <= r.maxY)
}

const insideBox = (box: BoundingBox, [lng, lat]: [number, number]) =>
  lat >= box.south &&
  lat <= box.north &&
  (box.west <= box.east ? lng >= box.west && lng <= box.east : lng >= box.west || lng <= box.east)

// A fixed pseudo-random sequence, so a failure can be replayed.
// Points over the box and as much again around it (longitudes wrapped), from a fixed sequence.
function* pointsAround(box: BoundingBox, count: number): Generator<[number, number]> {
  let seed = 12345
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  const width = (box.west <= box.east ? box.east - box.west : box.east + 360 - box.west) * 2
  const height = (box.north - box.south) * 2
  for (let i = 0; i < count; i++) {
    const lng = box.west - width / 4 + next() * width
    const lat = box.south - height / 4 + next() * height
    yield [((((lng + 180) % 360) + 360) % 360) - 180, Math.max(-90, Math.min(90, lat))]
  }
}

describe('cellRangesOfView', () => {
  it('covers the whole world at zoom 0, with the row and column past the edges', () => {
    const world = snapToCells({ west: -180, south: -90, east: 180, north: 90 }, 0)
    expect(cellRangesOfView(world, 0)).toEqual([{ minX: -2, maxX: 2, minY: -3, maxY: 2 }])
    expect(inRanges(world, 0, [180, 0])).toBe(true)
    expect(inRanges(world, 0, [0, 89.9])).toBe(true)
    expect(inRanges(world, 0, [0, -89.9])).toBe(true)
  })

  it.each([
    ['Europe at zoom 4', { west: -25, south: 34, east: 45, north: 72 }, 4],
    ['Paris at zoom 11', { west: 1.9, south: 48.72, east: 2.8, north: 49.08 }, 11],
    ['the Pacific across the antimeridian at zoom 3', { west: 150, south: -40, east: -150, north: 10 }, 3],
    ['the Arctic at zoom 2', { west: -60, south: 60, east: 60, north: 90 }, 2],
  ])('holds the cell of every point in the snapped view of %s, and of none outside', (_, box, zoom) => {
    const view = snapToCells(box, zoom)
    const ranges = cellRangesOfView(view, zoom)
    expect(ranges.length).toBe(box.west > box.east ? 2 : 1)
    let inside = 0
    for (const point of pointsAround(view, 20_000)) {
      const clamped: [number, number] = [point[0], Math.max(-MAX_MERCATOR_LATITUDE, point[1])]
      const expected = insideBox(view, clamped)
      if (expected) inside++
      expect(inRanges(view, zoom, clamped), `${clamped.join(',')}`).toBe(expected)
    }
    expect(inside).toBeGreaterThan(0)
  })
})
