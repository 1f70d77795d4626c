import { describe, expect, it } from 'vitest'

import type { BoundingBox } from './bounding-box'
import { cellRangesOfView, innerCellRange, stripsAroundCells } from './cell-ranges'
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

describe('innerCellRange and stripsAroundCells', () => {
  it.each([
    ['Europe at zoom 6', { west: -25, south: 34, east: 45, north: 72 }, 6],
    ['Paris at zoom 10', { west: 1.9, south: 48.72, east: 2.8, north: 49.08 }, 10],
    ['a box on the grid’s lines at zoom 2', { west: -90, south: 0, east: 90, north: 66.51326044311186 }, 2],
    ['the whole world at zoom 3', { west: -180, south: -90, east: 180, north: 90 }, 3],
  ])('split the box of %s into cells wholly inside it and strips holding the rest', (_, box, zoom) => {
    const inner = innerCellRange(box, zoom)!
    expect(inner).not.toBeNull()
    const strips = stripsAroundCells(box, inner, zoom)
    let innerPoints = 0
    for (const point of pointsAround(box, 20_000)) {
      const { x, y } = cellOf(point, zoom)
      const inInner = x >= inner.minX && x <= inner.maxX && y >= inner.minY && y <= inner.maxY
      if (inInner) {
        innerPoints++
        expect(insideBox(box, point), `${point.join(',')} counted by an inner cell`).toBe(true)
      } else if (insideBox(box, point)) {
        expect(
          strips.some((strip) => insideBox(strip, point)),
          `${point.join(',')} in no strip`,
        ).toBe(true)
      }
    }
    expect(innerPoints).toBeGreaterThan(0)
    // Points on the edges of the inner cells, where rounding decides.
    const size = 40_075_016.68557849 / (4 * 2 ** zoom)
    for (const [x, y] of [
      [inner.minX, inner.minY],
      [inner.maxX + 1, inner.maxY + 1],
    ]) {
      const lng = (x! * size * 180) / (Math.PI * 6_378_137)
      const lat = (Math.atan(Math.sinh((y! * size) / 6_378_137)) * 180) / Math.PI
      for (const point of [
        [lng, lat],
        [lng - 1e-12, lat - 1e-12],
      ] as Array<[number, number]>) {
        const cell = cellOf(point, zoom)
        const inInner = cell.x >= inner.minX && cell.x <= inner.maxX && cell.y >= inner.minY && cell.y <= inner.maxY
        if (!inInner && insideBox(box, point)) expect(strips.some((strip) => insideBox(strip, point))).toBe(true)
      }
    }
  })

  it('finds no inner cell in a box smaller than a cell, or across the antimeridian', () => {
    expect(innerCellRange({ west: 2.3, south: 48.8, east: 2.4, north: 48.9 }, 2)).toBeNull()
    expect(innerCellRange({ west: 150, south: -40, east: -150, north: 10 }, 3)).toBeNull()
  })

  it('never counts the outermost rows, which hold points past Web Mercator’s latitudes', () => {
    const inner = innerCellRange({ west: -180, south: -90, east: 180, north: 90 }, 0)
    // Columns on the box's edges are left to the strips too: the margin keeps rounding out.
    expect(inner).toEqual({ minX: -1, maxX: 0, minY: -1, maxY: 0 })
  })
})
