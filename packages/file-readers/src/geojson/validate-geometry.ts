import type { Geometry } from '../types'

/** Outcome of {@link validateGeometry}: the geometry, or why it is not usable. */
export type GeometryCheck = { geometry: Geometry; problem?: undefined } | { geometry?: undefined; problem: string }

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}

/** Why a position is not a WGS 84 `[longitude, latitude]`, or undefined when it is one. */
function positionProblem(position: unknown): string | undefined {
  if (!Array.isArray(position) || position.length < 2)
    return `position ${describe(position)} is not [longitude, latitude]`
  const [longitude, latitude] = position as unknown[]
  if (
    typeof longitude !== 'number' ||
    typeof latitude !== 'number' ||
    !Number.isFinite(longitude) ||
    !Number.isFinite(latitude)
  ) {
    return `position ${describe(position)} has non-numeric coordinates`
  }
  if (longitude < -180 || longitude > 180 || latitude < -90 || latitude > 90) {
    return `position ${describe(position)} is outside longitude -180..180 / latitude -90..90 (projected coordinates? GeoJSON must be WGS 84)`
  }
  return undefined
}

/**
 * Checks nested coordinate arrays: `depth` 0 is a position, 1 a list of positions, and so on;
 * `minimum` is the fewest positions a list at depth 1 may have.
 */
function coordinatesProblem(value: unknown, depth: number, minimum: number): string | undefined {
  if (depth === 0) return positionProblem(value)
  if (!Array.isArray(value)) return `coordinates ${describe(value)} are not an array`
  if (depth === 1 && value.length < minimum)
    return `${describe(value)} has ${value.length} position(s); at least ${minimum} are needed`
  for (const item of value) {
    const problem = coordinatesProblem(item, depth - 1, minimum)
    if (problem !== undefined) return problem
  }
  return undefined
}

/** Depth of the coordinate nesting and minimum positions per list, per geometry type. */
const SHAPES: Record<string, [depth: number, minimum: number]> = {
  Point: [0, 1],
  MultiPoint: [1, 0],
  LineString: [1, 2],
  MultiLineString: [2, 2],
  Polygon: [2, 4],
  MultiPolygon: [3, 4],
}

/**
 * Validates a GeoJSON geometry as found in a feature: known type, correctly nested coordinates,
 * WGS 84 longitude/latitude ranges, enough positions for lines and rings.
 * @example validateGeometry({ type: 'Point', coordinates: [2.35, 48.85] }).problem // undefined
 * @example validateGeometry(null).problem // 'the geometry is null'
 */
export function validateGeometry(value: unknown): GeometryCheck {
  if (value === null || value === undefined) return { problem: 'the geometry is null' }
  if (typeof value !== 'object' || Array.isArray(value))
    return { problem: `the geometry ${describe(value)} is not an object` }
  const { type, coordinates, geometries } = value as { type?: unknown; coordinates?: unknown; geometries?: unknown }
  if (type === 'GeometryCollection') {
    if (!Array.isArray(geometries)) return { problem: 'the GeometryCollection has no "geometries" array' }
    for (const part of geometries) {
      const check = validateGeometry(part)
      if (check.problem !== undefined) return { problem: `a part of the GeometryCollection: ${check.problem}` }
    }
    if (geometries.length === 0) return { problem: 'the GeometryCollection is empty' }
    return { geometry: value as Geometry }
  }
  const shape = typeof type === 'string' ? SHAPES[type] : undefined
  if (shape === undefined || typeof type !== 'string')
    return { problem: `the geometry type ${describe(type)} is not a GeoJSON geometry type` }
  const problem = coordinatesProblem(coordinates, shape[0], shape[1])
  if (problem !== undefined) return { problem: `the ${type}: ${problem}` }
  if (Array.isArray(coordinates) && coordinates.length === 0) return { problem: `the ${type} is empty` }
  return { geometry: value as Geometry }
}
