/**
 * What the event page's small map shows, as data: the zoom that frames the place, and the halo
 * radius that says how far the real place may be from a point placed at an area's centre.
 * @module
 */
import { isApproximatePrecision } from './coordinate-provenance'

/** About how far an event placed at an area's centre may be from where it happened, in metres. */
const AREA_RADIUS_M: Readonly<Record<'country' | 'region' | 'city' | 'postal', number>> = {
  country: 250_000,
  region: 60_000,
  city: 8_000,
  postal: 2_000,
}

/** Web Mercator metres per pixel at zoom 0 on the equator (MapLibre's world is 512 px wide there). */
const METRES_PER_PIXEL_AT_ZOOM_0 = (2 * Math.PI * 6_378_137) / 512

/**
 * The halo's radius at zoom 0 in pixels, or 0 for an exact place; the map doubles it per zoom level.
 * @param latitude - degrees; Web Mercator stretches distances by 1 / cos(latitude)
 * @example haloRadiusAtZoom0Px('city', 0) // ≈ 0.102
 * @example haloRadiusAtZoom0Px('rooftop', 0) // 0
 */
export function haloRadiusAtZoom0Px(precision: string | null | undefined, latitude: number): number {
  const radiusM = isApproximatePrecision(precision) ? AREA_RADIUS_M[precision as keyof typeof AREA_RADIUS_M] : 0
  if (!radiusM) return 0
  const clamped = Math.max(-85.05, Math.min(85.05, latitude))
  return radiusM / (METRES_PER_PIXEL_AT_ZOOM_0 * Math.cos((clamped * Math.PI) / 180))
}

/**
 * The zoom that shows the place with its surroundings: a country whole, a region, a city with
 * its neighbours, an exact place a little closer.
 * @example eventMapZoom('country') // 4
 * @example eventMapZoom(null) // 8
 */
export function eventMapZoom(precision: string | null | undefined): number {
  if (precision === 'country') return 4
  if (precision === 'region') return 6
  if (precision === 'city' || precision === 'postal') return 7
  return 8
}
