/**
 * Reads "lat, lon" as people copy it from a map: two numbers, comma or space apart, in range.
 * @example parseLatLon('39.96, -82.99') // { latitude: 39.96, longitude: -82.99 }
 */
export function parseLatLon(text: string): { latitude: number; longitude: number } | null {
  const parts = text
    .trim()
    .split(/[\s,;]+/)
    .filter(Boolean)
  if (parts.length !== 2) return null
  const [latitude, longitude] = parts.map(Number) as [number, number]
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null
  return { latitude, longitude }
}
