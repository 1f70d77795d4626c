import type { Geometry, LngLat, Position } from '../types'

/** A direction from the centre of the sphere, with the weight (count, length or area) it carries. */
interface Weighted {
  x: number
  y: number
  z: number
  weight: number
}

const RADIANS = Math.PI / 180

/** The unit vector of a position, scaled by a weight. */
function vectorOf(longitude: number, latitude: number, weight: number): Weighted {
  const lambda = longitude * RADIANS
  const phi = latitude * RADIANS
  const r = Math.cos(phi) * weight
  return { x: r * Math.cos(lambda), y: r * Math.sin(lambda), z: Math.sin(phi) * weight, weight }
}

/** Adds weighted directions; their sum points at the weighted centre. */
function sum(parts: readonly Weighted[]): Weighted | undefined {
  if (parts.length === 0) return undefined
  const total = { x: 0, y: 0, z: 0, weight: 0 }
  for (const part of parts) {
    total.x += part.x
    total.y += part.y
    total.z += part.z
    total.weight += part.weight
  }
  return total
}

/** A longitude moved by whole turns to within 180° of a reference, so a shape crossing ±180° stays in one piece. */
function near(longitude: number, reference: number): number {
  let value = longitude
  while (value - reference > 180) value -= 360
  while (value - reference < -180) value += 360
  return value
}

/** The positions of a line or ring with longitudes unwrapped across the 180° line. */
function unwrap(positions: readonly Position[]): Array<[number, number]> {
  const out: Array<[number, number]> = []
  let previous: number | undefined
  for (const position of positions) {
    const longitude = previous === undefined ? position[0]! : near(position[0]!, previous)
    out.push([longitude, position[1]!])
    previous = longitude
  }
  return out
}

function points(positions: readonly Position[]): Weighted | undefined {
  return sum(positions.map((position) => vectorOf(position[0]!, position[1]!, 1)))
}

/** Segment midpoints weighted by the segment's length on the sphere (degrees of arc, roughly). */
function lines(lineStrings: readonly Position[][]): Weighted | undefined {
  const parts: Weighted[] = []
  for (const line of lineStrings) {
    const unwrapped = unwrap(line)
    for (let index = 1; index < unwrapped.length; index++) {
      const [x0, y0] = unwrapped[index - 1]!
      const [x1, y1] = unwrapped[index]!
      const middle = (y0 + y1) / 2
      const length = Math.hypot((x1 - x0) * Math.cos(middle * RADIANS), y1 - y0)
      if (length > 0) parts.push(vectorOf((x0 + x1) / 2, middle, length))
    }
  }
  return sum(parts) ?? points(lineStrings.flat())
}

/**
 * Each outer ring's centroid (shoelace formula on the ring unwrapped across 180°, fine for the size
 * of one polygon), weighted by its area shrunk by cos(latitude) as on the sphere; holes are ignored.
 */
function polygons(rings: readonly Position[][][]): Weighted | undefined {
  const parts: Weighted[] = []
  const degenerate: Position[] = []
  for (const polygon of rings) {
    const ring = unwrap(polygon[0] ?? [])
    let x = 0
    let y = 0
    let area = 0
    for (let index = 0; index + 1 < ring.length; index++) {
      const [x0, y0] = ring[index]!
      const [x1, y1] = ring[index + 1]!
      const cross = x0 * y1 - x1 * y0
      area += cross
      x += (x0 + x1) * cross
      y += (y0 + y1) * cross
    }
    if (Math.abs(area) < 1e-15) {
      degenerate.push(...(polygon[0] ?? []))
      continue
    }
    const latitude = y / (3 * area)
    parts.push(vectorOf(x / (3 * area), latitude, (Math.abs(area) / 2) * Math.cos(latitude * RADIANS)))
  }
  // Zero-area rings count only when nothing else has an area: the mean of their vertices.
  return sum(parts) ?? points(degenerate)
}

function weighted(geometry: Geometry): Weighted | undefined {
  switch (geometry.type) {
    case 'Point':
      return points([geometry.coordinates])
    case 'MultiPoint':
      return points(geometry.coordinates)
    case 'LineString':
      return lines([geometry.coordinates])
    case 'MultiLineString':
      return lines(geometry.coordinates)
    case 'Polygon':
      return polygons([geometry.coordinates])
    case 'MultiPolygon':
      return polygons(geometry.coordinates)
    case 'GeometryCollection': {
      // Each part counts once, whatever its kind, as lengths and areas are not comparable.
      const parts = geometry.geometries.map(weighted).flatMap((part) => {
        const centre = part === undefined ? undefined : toLngLat(part)
        return centre === undefined ? [] : [vectorOf(centre.longitude, centre.latitude, 1)]
      })
      return sum(parts)
    }
  }
}

/** Degrees rounded to 1e-9 (0.1 mm): the round trip through a vector leaves noise below that. */
function roundDegrees(degrees: number): number {
  return Math.round(degrees * 1e9) / 1e9 + 0
}

function toLngLat(vector: Weighted): LngLat | undefined {
  const horizontal = Math.hypot(vector.x, vector.y)
  if (horizontal + Math.abs(vector.z) < 1e-12) return undefined
  const longitude = horizontal < 1e-12 ? 0 : Math.atan2(vector.y, vector.x) / RADIANS
  return { longitude: roundDegrees(longitude), latitude: roundDegrees(Math.atan2(vector.z, horizontal) / RADIANS) }
}

/**
 * The representative point of a geometry, its true centre on the sphere: the positions' unit vectors
 * averaged (length-weighted segment midpoints for lines, area-weighted ring centroids for polygons,
 * one vote per part of a GeometryCollection) and turned back into longitude and latitude. Shapes
 * crossing the 180° line, split there as RFC 7946 asks or not, land near ±180°, never near 0.
 * Undefined for an empty geometry or one whose parts cancel out (antipodes). Expects a geometry
 * that passed {@link validateGeometry}.
 * @example geometryCentroid({ type: 'MultiPoint', coordinates: [[-179, -17], [179, -17]] }) // { longitude: 180, latitude: -17.0… }
 */
export function geometryCentroid(geometry: Geometry): LngLat | undefined {
  // A point is its own centre, exactly as written (no round trip through a vector).
  if (geometry.type === 'Point') return { longitude: geometry.coordinates[0]!, latitude: geometry.coordinates[1]! }
  const centre = weighted(geometry)
  return centre === undefined ? undefined : toLngLat(centre)
}
