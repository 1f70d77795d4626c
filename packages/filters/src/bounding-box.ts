import { FilterParameterError, quoteValue } from './filter-parameter-error'
import { readDecimal } from './read-parameter'

/**
 * A map area in degrees (WGS 84). `west > east` means the box crosses the antimeridian: west 170,
 * east -170 is the 20° around the date line. Longitudes are within [-180, 180].
 */
export interface BoundingBox {
  /** Western edge, degrees of longitude. */
  west: number
  /** Southern edge, degrees of latitude, ≤ north. */
  south: number
  /** Eastern edge, degrees of longitude. */
  east: number
  /** Northern edge, degrees of latitude. */
  north: number
}

const WHOLE_WORLD_LONGITUDES = { west: -180, east: 180 } as const
/** Maps that wrap around the world report longitudes one turn beyond either edge. */
const MAX_WRAPPED_LONGITUDE = 540

/**
 * Reads the `bbox` parameter, `west,south,east,north` in degrees. Longitudes up to ±540 (from maps
 * that wrap around the world) are brought into [-180, 180]; a box 360° wide or wider becomes the
 * whole world, -180 to 180. `west > east` (170,-10,-170,10) crosses the antimeridian.
 * @param parameter - the parameter's name, for messages
 * @throws {@link FilterParameterError} naming the edge, its value and the rule
 * @example parseBoundingBox('190,-10,200,10') // { west: -170, south: -10, east: -160, north: 10 }
 * @example parseBoundingBox('170,-10,190,10') // { west: 170, south: -10, east: -170, north: 10 }
 */
export function parseBoundingBox(text: string, parameter = 'bbox'): BoundingBox {
  const parts = text.split(',').map((part) => part.trim())
  if (parts.length !== 4) {
    throw new FilterParameterError(parameter, `must be west,south,east,north in degrees; got ${quoteValue(text)}`)
  }
  const [west, south, east, north] = (['west', 'south', 'east', 'north'] as const).map((edge, index) => {
    const value = readDecimal(parts[index] ?? '')
    if (value === undefined) {
      throw new FilterParameterError(
        parameter,
        `${edge} must be a finite number of degrees; got ${quoteValue(parts[index] ?? '')}`,
      )
    }
    return value
  }) as [number, number, number, number]
  checkLatitude(parameter, 'south', south)
  checkLatitude(parameter, 'north', north)
  if (south > north)
    throw new FilterParameterError(parameter, `south (${south}) must not be greater than north (${north})`)
  checkLongitude(parameter, 'west', west)
  checkLongitude(parameter, 'east', east)
  const longitudes = normaliseLongitudes(parameter, west, east)
  return { west: longitudes.west, south, east: longitudes.east, north }
}

function checkLatitude(parameter: string, edge: string, value: number): void {
  if (value < -90 || value > 90)
    throw new FilterParameterError(parameter, `${edge} (${value}) must be between -90 and 90`)
}

function checkLongitude(parameter: string, edge: string, value: number): void {
  if (Math.abs(value) > MAX_WRAPPED_LONGITUDE) {
    throw new FilterParameterError(
      parameter,
      `${edge} (${value}) must be between -180 and 180 (or within ±540 from a map that wraps)`,
    )
  }
}

/** One turn at most brings a longitude within ±540 into [-180, 180]; values inside are kept as they are. */
function wrapLongitude(longitude: number): number {
  if (longitude > 180) return longitude - 360
  if (longitude < -180) return longitude + 360
  return longitude
}

function normaliseLongitudes(parameter: string, west: number, east: number): { west: number; east: number } {
  // West beyond east as written is the antimeridian form: its width goes round through 180.
  const width = west <= east ? east - west : east + 360 - west
  if (width < 0) {
    throw new FilterParameterError(parameter, `west (${west}) must not be more than 360° east of east (${east})`)
  }
  if (width >= 360) return { ...WHOLE_WORLD_LONGITUDES }
  let wrappedWest = wrapLongitude(west)
  let wrappedEast = wrapLongitude(east)
  // A crossing box that starts exactly on the antimeridian, or ends on it, does not cross it.
  if (wrappedWest > wrappedEast && wrappedWest === 180) wrappedWest = -180
  if (wrappedWest > wrappedEast && wrappedEast === -180) wrappedEast = 180
  return { west: wrappedWest, east: wrappedEast }
}

/**
 * Whether a box crosses the antimeridian (its west edge is east of its east edge).
 * @example crossesAntimeridian({ west: 170, south: -10, east: -170, north: 10 }) // true
 */
export function crossesAntimeridian(bbox: BoundingBox): boolean {
  return bbox.west > bbox.east
}

/**
 * Splits a box that crosses the antimeridian into the part west of it (west..180) and the part east
 * of it (-180..east), so SQL can use two ordinary envelopes; other boxes come back alone.
 * @example splitBoundingBox({ west: 170, south: -10, east: -170, north: 10 }) // [{ west: 170, south: -10, east: 180, north: 10 }, { west: -180, south: -10, east: -170, north: 10 }]
 */
export function splitBoundingBox(bbox: BoundingBox): BoundingBox[] {
  if (!crossesAntimeridian(bbox)) return [{ ...bbox }]
  return [
    { west: bbox.west, south: bbox.south, east: 180, north: bbox.north },
    { west: -180, south: bbox.south, east: bbox.east, north: bbox.north },
  ]
}
