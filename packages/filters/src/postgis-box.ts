/**
 * A map view as PostGIS's `location && st_makeenvelope(…)` tests a point against it. PostGIS
 * compares boxes of float4, each rounded outwards from the float8 it was given, so a point a
 * hair (up to about 1e-5 degrees) outside a view's edge still passes. The read paths that test
 * points themselves (the in-memory index, the point blocks) use {@link postgisViewBox} to count
 * exactly the events SQL counts.
 * @module
 */
import type { BoundingBox } from './filter-state'

const single = new Float32Array(1)
const singleBits = new Int32Array(single.buffer)
const double = new Float64Array(1)
const doubleBits = new BigInt64Array(double.buffer)

// The float4 next to `value` (itself a float4) towards -∞ or +∞, as C's nextafterf.
function nextSingle(value: number, up: boolean): number {
  if (value === 0) {
    singleBits[0] = 1
    return up ? single[0]! : -single[0]!
  }
  single[0] = value
  singleBits[0] = singleBits[0]! + (value > 0 === up ? 1 : -1)
  return single[0]
}

// The float8 next to `value` towards -∞ or +∞, as C's nextafter.
function nextDouble(value: number, up: boolean): number {
  if (value === 0) return up ? Number.MIN_VALUE : -Number.MIN_VALUE
  double[0] = value
  doubleBits[0] = doubleBits[0]! + (value > 0 === up ? 1n : -1n)
  return double[0]
}

/**
 * The largest float4 at most `value`, as PostGIS rounds a box's minimum.
 * @example singleDown(2.00000001) // 2
 */
export function singleDown(value: number): number {
  const rounded = Math.fround(value)
  return rounded <= value ? rounded : nextSingle(rounded, false)
}

/**
 * The smallest float4 at least `value`, as PostGIS rounds a box's maximum.
 * @example singleUp(-2.00000001) // -2
 */
export function singleUp(value: number): number {
  const rounded = Math.fround(value)
  return rounded >= value ? rounded : nextSingle(rounded, true)
}

// A point's float4 box reaches the view's float4 minimum `edge` exactly when the point is above
// the float4 below it, and its maximum exactly when the point is below the float4 above it.
const lowestPassing = (minimum: number) => nextDouble(nextSingle(singleDown(minimum), false), true)
const highestPassing = (maximum: number) => nextDouble(nextSingle(singleUp(maximum), true), false)

/**
 * The box of the points that pass `location && st_makeenvelope(box)`, as plain inclusive float8
 * bounds: a point passes exactly when `west <= longitude <= east` and `south <= latitude <= north`
 * (for a box split at the antimeridian by the caller).
 * @example postgisViewBox({ west: 2.00000002, south: -1, east: 3, north: 1 }).west <= 2.00000001 // true
 */
export function postgisViewBox(box: BoundingBox): BoundingBox {
  return {
    west: lowestPassing(box.west),
    south: lowestPassing(box.south),
    east: highestPassing(box.east),
    north: highestPassing(box.north),
  }
}
