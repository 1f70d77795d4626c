/** Mean Earth radius in kilometres (IUGG). */
const EARTH_RADIUS_KM = 6371.0088

/** A point in decimal degrees (WGS 84). */
export interface LatLng {
  /** Latitude in degrees. */
  latitude: number
  /** Longitude in degrees. */
  longitude: number
}

/**
 * Great-circle distance between two points, in kilometres (haversine on a sphere).
 * @example distanceKm({ latitude: 40.7128, longitude: -74.006 }, { latitude: 38.9072, longitude: -77.0369 }) // ≈ 328
 */
export function distanceKm(a: LatLng, b: LatLng): number {
  const toRadians = Math.PI / 180
  const dLat = (b.latitude - a.latitude) * toRadians
  const dLng = (b.longitude - a.longitude) * toRadians
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * toRadians) * Math.cos(b.latitude * toRadians) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}
