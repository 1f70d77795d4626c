import type { Geometry, Position } from '../types'
import { jsonBytes } from './json-bytes'

/** How {@link boundGeometry} made a geometry fit. */
export interface GeometryBounding {
  /** The geometry to store: the original when it fits. */
  readonly geometry: Geometry
  /** `kept` (unchanged), `thinned` (every n-th position kept) or `bounding-box` (its extent only). */
  readonly method: 'kept' | 'thinned' | 'bounding-box'
  /** Positions in the original geometry. */
  readonly positions: number
  /** Positions in the stored geometry. */
  readonly keptPositions: number
  /** The original's size as UTF-8 JSON. */
  readonly bytes: number
}

/** Decimal places kept once a geometry is thinned: 1e-6 degrees is about 0.1 m. */
const THINNED_DECIMALS = 1e6

function round(position: Position): Position {
  return position.map((value) => Math.round(value * THINNED_DECIMALS) / THINNED_DECIMALS)
}

/**
 * Every `stride`-th position of a list, with its last, at least `minimum` of them (evenly spread)
 * when the list had that many: rings stay closed and lines keep both ends.
 */
function thinList(list: readonly Position[], stride: number, minimum: number): Position[] {
  if (list.length <= minimum) return list.map(round)
  const kept: Position[] = []
  for (let index = 0; index < list.length; index += stride) kept.push(list[index]!)
  if ((list.length - 1) % stride !== 0) kept.push(list[list.length - 1]!)
  if (kept.length >= minimum) return kept.map(round)
  const spread: Position[] = []
  for (let step = 0; step < minimum; step++) spread.push(list[Math.round((step * (list.length - 1)) / (minimum - 1))]!)
  return spread.map(round)
}

/** The geometry with every line and ring thinned to every `stride`-th position. */
function thin(geometry: Geometry, stride: number): Geometry {
  switch (geometry.type) {
    case 'Point':
      return { type: 'Point', coordinates: round(geometry.coordinates) }
    case 'MultiPoint':
      return { type: 'MultiPoint', coordinates: thinList(geometry.coordinates, stride, 1) }
    case 'LineString':
      return { type: 'LineString', coordinates: thinList(geometry.coordinates, stride, 2) }
    case 'MultiLineString':
      return { type: 'MultiLineString', coordinates: geometry.coordinates.map((line) => thinList(line, stride, 2)) }
    case 'Polygon':
      return { type: 'Polygon', coordinates: geometry.coordinates.map((ring) => thinList(ring, stride, 4)) }
    case 'MultiPolygon':
      return {
        type: 'MultiPolygon',
        coordinates: geometry.coordinates.map((polygon) => polygon.map((ring) => thinList(ring, stride, 4))),
      }
    case 'GeometryCollection':
      return { type: 'GeometryCollection', geometries: geometry.geometries.map((part) => thin(part, stride)) }
  }
}

/** Calls `visit` on every position of a geometry (depth is bounded by the reader's depth check). */
function eachPosition(geometry: Geometry, visit: (position: Position) => void): void {
  if (geometry.type === 'GeometryCollection') {
    for (const part of geometry.geometries) eachPosition(part, visit)
    return
  }
  if (geometry.type === 'Point') {
    visit(geometry.coordinates)
    return
  }
  const lists: unknown[] = [geometry.coordinates]
  while (lists.length > 0) {
    const list = lists.pop() as unknown[]
    if (typeof list[0] === 'number') visit(list as Position)
    // One by one: spreading a million positions into push() would overflow the stack.
    else for (const item of list) lists.push(item)
  }
}

function countPositions(geometry: Geometry): number {
  let count = 0
  eachPosition(geometry, () => count++)
  return count
}

/** The extent of a geometry as a closed rectangle (a point when it has no extent). */
function boundingBox(geometry: Geometry): Geometry {
  let west = Infinity
  let south = Infinity
  let east = -Infinity
  let north = -Infinity
  eachPosition(geometry, ([longitude, latitude]) => {
    west = Math.min(west, longitude!)
    east = Math.max(east, longitude!)
    south = Math.min(south, latitude!)
    north = Math.max(north, latitude!)
  })
  if (west === east || south === north) return { type: 'Point', coordinates: round([west, south]) }
  const ring = [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ].map(round)
  return { type: 'Polygon', coordinates: [ring] }
}

/**
 * A geometry that takes at most `maxBytes` as JSON: the original when it fits, else thinned
 * (every n-th position of each line and ring kept, ends and closing positions too, rounded to
 * 1e-6°), else, when thinning cannot get small enough (a great many small parts), its bounding box.
 * Expects a geometry that passed `validateGeometry`; compute the centroid from the original.
 * @example boundGeometry({ type: 'Point', coordinates: [1, 2] }, 1000).method // 'kept'
 */
export function boundGeometry(geometry: Geometry, maxBytes: number): GeometryBounding {
  const bytes = jsonBytes(geometry)
  const positions = countPositions(geometry)
  if (bytes <= maxBytes) return { geometry, method: 'kept', positions, keptPositions: positions, bytes }
  // Aim below the bound from the size per position, then double the stride until it fits or
  // stops helping (every list already at its minimum: a great many small parts).
  let stride = Math.max(2, Math.ceil(bytes / (maxBytes * 0.9)))
  let previous = positions
  for (;;) {
    const thinned = thin(geometry, stride)
    const kept = countPositions(thinned)
    if (jsonBytes(thinned) <= maxBytes)
      return { geometry: thinned, method: 'thinned', positions, keptPositions: kept, bytes }
    if (kept >= previous) break
    previous = kept
    stride *= 2
  }
  const box = boundingBox(geometry)
  return { geometry: box, method: 'bounding-box', positions, keptPositions: countPositions(box), bytes }
}
