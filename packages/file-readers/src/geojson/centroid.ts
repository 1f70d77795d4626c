import type { Geometry, LngLat, Position } from '../types'

/** A centroid candidate with the weight (length, area or count) it carries when combined. */
interface Weighted {
  x: number
  y: number
  weight: number
}

function mean(points: readonly Position[]): Weighted | undefined {
  if (points.length === 0) return undefined
  let x = 0
  let y = 0
  for (const point of points) {
    x += point[0]!
    y += point[1]!
  }
  return { x: x / points.length, y: y / points.length, weight: points.length }
}

/** Length-weighted mean of segment midpoints, in planar degrees. */
function lineCentroid(lines: readonly Position[][]): Weighted | undefined {
  let x = 0
  let y = 0
  let length = 0
  for (const line of lines) {
    for (let index = 1; index < line.length; index++) {
      const [x0, y0] = line[index - 1] as [number, number]
      const [x1, y1] = line[index] as [number, number]
      const segment = Math.hypot(x1 - x0, y1 - y0)
      x += ((x0 + x1) / 2) * segment
      y += ((y0 + y1) / 2) * segment
      length += segment
    }
  }
  if (length === 0) return mean(lines.flat())
  return { x: x / length, y: y / length, weight: length }
}

/** Area-weighted centroid of outer rings (shoelace formula), in planar degrees. */
function polygonCentroid(polygons: readonly Position[][][]): Weighted | undefined {
  let x = 0
  let y = 0
  let area = 0
  for (const polygon of polygons) {
    const ring = polygon[0] ?? []
    for (let index = 0; index + 1 < ring.length; index++) {
      const [x0, y0] = ring[index] as [number, number]
      const [x1, y1] = ring[index + 1] as [number, number]
      const cross = x0 * y1 - x1 * y0
      area += cross
      x += (x0 + x1) * cross
      y += (y0 + y1) * cross
    }
  }
  // Degenerate (zero-area) rings fall back to the mean of their vertices.
  if (Math.abs(area) < 1e-15) return mean(polygons.flatMap((polygon) => polygon[0] ?? []))
  return { x: x / (3 * area), y: y / (3 * area), weight: Math.abs(area) / 2 }
}

function weightedCentroid(geometry: Geometry): Weighted | undefined {
  switch (geometry.type) {
    case 'Point':
      return { x: geometry.coordinates[0]!, y: geometry.coordinates[1]!, weight: 1 }
    case 'MultiPoint':
      return mean(geometry.coordinates)
    case 'LineString':
      return lineCentroid([geometry.coordinates])
    case 'MultiLineString':
      return lineCentroid(geometry.coordinates)
    case 'Polygon':
      return polygonCentroid([geometry.coordinates])
    case 'MultiPolygon':
      return polygonCentroid(geometry.coordinates)
    case 'GeometryCollection': {
      const parts = geometry.geometries.map(weightedCentroid).filter((part): part is Weighted => part !== undefined)
      const center = mean(parts.map((part) => [part.x, part.y]))
      return center === undefined ? undefined : { ...center, weight: 1 }
    }
  }
}

/**
 * The representative point of a geometry: a Point itself, the mean of a MultiPoint, the
 * length-weighted centroid of lines, the area-weighted centroid of polygons' outer rings, the
 * mean of a GeometryCollection's parts' centroids. Computed in planar degrees (fine for
 * event-sized shapes; shapes crossing the antimeridian are not handled). Expects a geometry that
 * passed {@link validateGeometry}.
 * @example geometryCentroid({ type: 'LineString', coordinates: [[0, 0], [2, 0]] }) // { longitude: 1, latitude: 0 }
 */
export function geometryCentroid(geometry: Geometry): LngLat | undefined {
  const center = weightedCentroid(geometry)
  if (center === undefined) return undefined
  return { longitude: center.x, latitude: center.y }
}
