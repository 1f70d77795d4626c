/**
 * The event page's locator: a small map of the region around the event (60° by 40°, the
 * countries of the offline basemap's world view) with the event's country filled and a dot where
 * the event is, so a reader sees where a close-up map is even where it shows no names. Pure: it
 * turns the countries into SVG paths.
 * @module
 */
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson'

/** The region a locator shows, in degrees: wide enough for a country and its neighbours. */
export const LOCATOR_SPAN_DEG = { width: 60, height: 40 } as const

/** What a locator draws, in the SVG's units (its view box is `0 0 width height`). */
export interface LocatorDrawing {
  readonly width: number
  readonly height: number
  /** The countries in the region, the event's country marked. */
  readonly countries: ReadonlyArray<{ readonly name: string; readonly d: string; readonly isHome: boolean }>
  /** The event's position. */
  readonly point: { readonly x: number; readonly y: number }
  /** The name of the country the event is in, or null at sea or when it is not known. */
  readonly homeName: string | null
}

type Country = Feature<Polygon | MultiPolygon, { name: string }>

// Whether a point is inside a ring (ray casting); rings are closed.
function inRing(lng: number, lat: number, ring: readonly Position[]): boolean {
  let inside = false
  for (let index = 0, previous = ring.length - 1; index < ring.length; previous = index++) {
    const [x1 = 0, y1 = 0] = ring[index]!
    const [x2 = 0, y2 = 0] = ring[previous]!
    if (y1 > lat !== y2 > lat && lng < ((x2 - x1) * (lat - y1)) / (y2 - y1) + x1) inside = !inside
  }
  return inside
}

function polygonsOf(country: Country): Position[][][] {
  return country.geometry.type === 'Polygon' ? [country.geometry.coordinates] : country.geometry.coordinates
}

/**
 * Whether a country holds a point, its holes left out; its rings may run past ±180° (the basemap
 * lays out countries across the antimeridian that way), so the point is tried a turn either side.
 * @example containsPoint(france, 2.35, 48.85) // true
 */
export function containsPoint(country: Country, lng: number, lat: number): boolean {
  return polygonsOf(country).some((polygon) =>
    [lng, lng - 360, lng + 360].some(
      (x) => inRing(x, lat, polygon[0] ?? []) && !polygon.slice(1).some((hole) => inRing(x, lat, hole)),
    ),
  )
}

function round(value: number): number {
  return Math.round(value * 10) / 10
}

/**
 * The locator of a point: the region around it in an equirectangular view `width` wide.
 * @example locatorDrawing(countries, 2.35, 48.85, 132).homeName // 'France'
 */
export function locatorDrawing(
  countries: FeatureCollection<Polygon | MultiPolygon, { name: string }>,
  lng: number,
  lat: number,
  width: number,
): LocatorDrawing {
  const scale = width / LOCATOR_SPAN_DEG.width
  const height = Math.round(LOCATOR_SPAN_DEG.height * scale)
  // The region stays within the poles; its centre is the event unless a pole is near.
  const north = Math.min(90, Math.max(-90 + LOCATOR_SPAN_DEG.height, lat + LOCATOR_SPAN_DEG.height / 2))
  const west = lng - LOCATOR_SPAN_DEG.width / 2
  const east = west + LOCATOR_SPAN_DEG.width
  const south = north - LOCATOR_SPAN_DEG.height
  const home = countries.features.find((country) => containsPoint(country, lng, lat))
  const drawn = countries.features.flatMap((country) => {
    const rings: string[] = []
    for (const polygon of polygonsOf(country)) {
      const outer = polygon[0] ?? []
      const xs = outer.map(([x = 0]) => x)
      const ys = outer.map(([, y = 0]) => y)
      const minY = Math.min(...ys)
      const maxY = Math.max(...ys)
      if (maxY < south || minY > north) continue
      // The copy of the polygon, a turn east or west, that meets the region.
      const shift = [0, -360, 360].find((turn) => Math.max(...xs) + turn >= west && Math.min(...xs) + turn <= east)
      if (shift === undefined) continue
      for (const ring of polygon) {
        const points = ring.map(
          ([x = 0, y = 0]) => `${round((x + shift - west) * scale)},${round((north - y) * scale)}`,
        )
        rings.push(`M${points.join('L')}Z`)
      }
    }
    return rings.length > 0 ? [{ name: country.properties.name, d: rings.join(''), isHome: country === home }] : []
  })
  return {
    width,
    height,
    countries: drawn,
    point: { x: round((lng - west) * scale), y: round((north - lat) * scale) },
    homeName: home?.properties.name ?? null,
  }
}
