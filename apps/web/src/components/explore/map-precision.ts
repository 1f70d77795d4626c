/**
 * How the map shows where an event's place is only approximately known: an event placed at the
 * centre of a country, region, city or postal area is drawn with a translucent halo whose radius is
 * that area's nominal size, so the reader sees how far the real place may be from the dot. Pure:
 * the sizes, their conversion to pixels, and the sentences the popup and legend use.
 * @module
 */
import { EARTH_RADIUS_M } from '@chronotope/filters'

/** The place precisions that stand for an area rather than a point, coarsest first. */
export const APPROXIMATE_PRECISIONS = ['country', 'region', 'city', 'postal'] as const

/** A place precision that stands for an area. */
export type ApproximatePrecision = (typeof APPROXIMATE_PRECISIONS)[number]

/**
 * The nominal radius of each approximate precision, in metres: about how far an event placed at
 * the area's centre may be from where it happened.
 */
export const PRECISION_RADIUS_M: Readonly<Record<ApproximatePrecision, number>> = {
  country: 250_000,
  region: 60_000,
  city: 8_000,
  postal: 2_000,
}

/**
 * Web Mercator metres per pixel at zoom 0 on the equator: MapLibre's world is 512 px wide there.
 * Halves with each zoom level; grows by 1 / cos(latitude) away from the equator.
 */
export const METRES_PER_PIXEL_AT_ZOOM_0 = (2 * Math.PI * EARTH_RADIUS_M) / 512

/**
 * Whether a place precision stands for an area (country, region, city, postal) rather than a point.
 * @example isApproximatePrecision('city') // true
 * @example isApproximatePrecision('street') // false
 */
export function isApproximatePrecision(precision: string | null | undefined): precision is ApproximatePrecision {
  return (APPROXIMATE_PRECISIONS as readonly string[]).includes(precision ?? '')
}

/**
 * A distance on the ground as pixels on a Web Mercator map at a zoom and latitude.
 * @param metres - the distance on the ground
 * @param zoom - the map's zoom (fractional allowed)
 * @param latitude - degrees; clamped to ±85.05, where Web Mercator ends
 * @example metresToPixels(78_271.517, 0, 0) // ≈ 1
 */
export function metresToPixels(metres: number, zoom: number, latitude: number): number {
  const clamped = Math.max(-85.05, Math.min(85.05, latitude))
  const metresPerPixel = (METRES_PER_PIXEL_AT_ZOOM_0 * Math.cos((clamped * Math.PI) / 180)) / 2 ** zoom
  return metres / metresPerPixel
}

/**
 * The halo radius of an event at zoom 0, in pixels, or 0 for an exact place. The map's
 * `circle-radius` doubles it with each zoom level ({@link haloRadiusExpression}).
 * @example haloRadiusAtZoom0Px('country', 0) // ≈ 3.19
 */
export function haloRadiusAtZoom0Px(precision: string | null | undefined, latitude: number): number {
  if (!isApproximatePrecision(precision)) return 0
  return metresToPixels(PRECISION_RADIUS_M[precision], 0, latitude)
}

/** The highest zoom the halo expression is written for (MapLibre's own maximum is 24). */
const HALO_TOP_ZOOM = 24

/**
 * A MapLibre `circle-radius` expression drawing each feature's halo at its true size at any zoom:
 * the feature's `property` (its radius at zoom 0, {@link haloRadiusAtZoom0Px}) doubled per level,
 * which an exponential interpolation with base 2 does exactly.
 * @example haloRadiusExpression('haloPx0')[3] // 0
 */
export function haloRadiusExpression(property: string): unknown[] {
  return [
    'interpolate',
    ['exponential', 2],
    ['zoom'],
    0,
    ['get', property],
    HALO_TOP_ZOOM,
    ['*', ['get', property], 2 ** HALO_TOP_ZOOM],
  ]
}

/**
 * The popup's sentence for an event placed at an area's centre, or null for an exact place.
 * @example placementSentence('Springfield', 'city') // 'Placed at the centre of Springfield (city)'
 * @example placementSentence(null, 'region') // 'Placed at the centre of its region'
 */
export function placementSentence(
  locationName: string | null | undefined,
  precision: string | null | undefined,
): string | null {
  if (!isApproximatePrecision(precision)) return null
  const label = precision === 'postal' ? 'postal area' : precision
  const name = locationName?.trim()
  return name ? `Placed at the centre of ${name} (${label})` : `Placed at the centre of its ${label}`
}

/** The legend's explanation of the ring, shown when the map draws approximately placed events. */
export const PRECISION_LEGEND_SENTENCE =
  'Ring = placed at the centre of a city, region or country; the halo shows how far the real place may be.'
