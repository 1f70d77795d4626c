import { describe, expect, it } from 'vitest'

import type { Geometry } from '../types'
import { geometryCentroid } from './centroid'
import { validateGeometry } from './validate-geometry'

describe('geometryCentroid', () => {
  it.each<{ name: string; geometry: Geometry; expected: { longitude: number; latitude: number } }>([
    {
      name: 'Point',
      geometry: { type: 'Point', coordinates: [2.35, 48.85] },
      expected: { longitude: 2.35, latitude: 48.85 },
    },
    {
      name: 'MultiPoint',
      geometry: {
        type: 'MultiPoint',
        coordinates: [
          [0, 0],
          [2, 4],
        ],
      },
      expected: { longitude: 1, latitude: 2 },
    },
    // Length-weighted: the long segment pulls the centroid.
    {
      name: 'LineString',
      geometry: {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [3, 0],
          [3, 1],
        ],
      },
      expected: { longitude: 1.875, latitude: 0.125 },
    },
    {
      name: 'MultiLineString',
      geometry: {
        type: 'MultiLineString',
        coordinates: [
          [
            [0, 0],
            [2, 0],
          ],
          [
            [0, 2],
            [2, 2],
          ],
        ],
      },
      expected: { longitude: 1, latitude: 1 },
    },
    {
      name: 'Polygon',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [4, 0],
            [4, 2],
            [0, 2],
            [0, 0],
          ],
        ],
      },
      expected: { longitude: 2, latitude: 1 },
    },
    {
      name: 'Polygon ignoring its hole',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [4, 0],
            [4, 4],
            [0, 4],
            [0, 0],
          ],
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 1],
            [0, 0],
          ],
        ],
      },
      expected: { longitude: 2, latitude: 2 },
    },
    // Area-weighted: the 4x bigger square dominates.
    {
      name: 'MultiPolygon',
      geometry: {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [0, 0],
              [2, 0],
              [2, 2],
              [0, 2],
              [0, 0],
            ],
          ],
          [
            [
              [10, 0],
              [11, 0],
              [11, 1],
              [10, 1],
              [10, 0],
            ],
          ],
        ],
      },
      expected: { longitude: 2.9, latitude: 0.9 },
    },
    {
      name: 'GeometryCollection',
      geometry: {
        type: 'GeometryCollection',
        geometries: [
          { type: 'Point', coordinates: [0, 0] },
          { type: 'Point', coordinates: [2, 2] },
        ],
      },
      expected: { longitude: 1, latitude: 1 },
    },
  ])('finds the centroid of a $name', ({ geometry, expected }) => {
    const centroid = geometryCentroid(geometry)
    // On the sphere, within 0.05° of the planar answer for shapes this small near the equator.
    expect(centroid?.longitude).toBeCloseTo(expected.longitude, 1)
    expect(centroid?.latitude).toBeCloseTo(expected.latitude, 1)
  })

  /** Degrees between two longitudes, across ±180° when shorter. */
  function longitudeGap(a: number, b: number): number {
    const gap = Math.abs(a - b) % 360
    return Math.min(gap, 360 - gap)
  }

  const FIJI_RING = [
    [177, -16],
    [-179, -16],
    [-179, -19],
    [177, -19],
    [177, -16],
  ]

  it.each<{ name: string; geometry: Geometry; expected: { longitude: number; latitude: number } }>([
    {
      name: 'Fiji polygon written across 180°',
      geometry: { type: 'Polygon', coordinates: [FIJI_RING] },
      expected: { longitude: 179, latitude: -17.5 },
    },
    {
      name: 'Fiji split at 180° (RFC 7946)',
      geometry: {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [177, -16],
              [180, -16],
              [180, -19],
              [177, -19],
              [177, -16],
            ],
          ],
          [
            [
              [-180, -16],
              [-179, -16],
              [-179, -19],
              [-180, -19],
              [-180, -16],
            ],
          ],
        ],
      },
      expected: { longitude: 179, latitude: -17.5 },
    },
    {
      name: 'LineString crossing 180°',
      geometry: {
        type: 'LineString',
        coordinates: [
          [179, -16],
          [-179, -16],
        ],
      },
      expected: { longitude: 180, latitude: -16 },
    },
    {
      name: 'LineString along 180°',
      geometry: {
        type: 'LineString',
        coordinates: [
          [180, -10],
          [180, 10],
        ],
      },
      expected: { longitude: 180, latitude: 0 },
    },
    {
      name: 'MultiPoint at −179° and 179°',
      geometry: {
        type: 'MultiPoint',
        coordinates: [
          [-179, -17],
          [179, -17],
        ],
      },
      expected: { longitude: 180, latitude: -17 },
    },
  ])('places a $name near 180°, not near 0', ({ geometry, expected }) => {
    const centroid = geometryCentroid(geometry)!
    expect(longitudeGap(centroid.longitude, expected.longitude)).toBeLessThan(0.1)
    expect(centroid.latitude).toBeCloseTo(expected.latitude, 1)
    expect(Math.abs(centroid.longitude)).toBeGreaterThan(170)
  })
})

describe('validateGeometry', () => {
  it.each([
    { input: null, problem: 'the geometry is null' },
    {
      input: { type: 'Circle', coordinates: [0, 0] },
      problem: 'the geometry type "Circle" is not a GeoJSON geometry type',
    },
    {
      input: { type: 'Point', coordinates: ['a', 1] },
      problem: 'the Point: position ["a",1] has non-numeric coordinates',
    },
    { input: { type: 'Point', coordinates: [500000, 4649776] }, problem: 'outside longitude -180..180' },
    { input: { type: 'LineString', coordinates: [[0, 0]] }, problem: 'has 1 position(s); at least 2 are needed' },
    {
      input: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      },
      problem: 'at least 4 are needed',
    },
    { input: { type: 'MultiPoint', coordinates: [] }, problem: 'the MultiPoint is empty' },
    {
      input: { type: 'GeometryCollection', geometries: [{ type: 'Point' }] },
      problem: 'a part of the GeometryCollection',
    },
  ])('rejects $input', ({ input, problem }) => {
    expect(validateGeometry(input).problem).toContain(problem)
  })

  it('accepts a valid polygon', () => {
    expect(
      validateGeometry({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      }).problem,
    ).toBeUndefined()
  })
})
