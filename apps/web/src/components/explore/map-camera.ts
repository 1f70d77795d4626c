/**
 * The map's camera in the explore view's terms: the box the read API is asked about, the whole
 * zoom level clusters are counted at, and the centre and zoom written to the URL. Pure.
 * @module
 */
import { MAX_MERCATOR_LATITUDE, MAX_ZOOM, type BoundingBox } from '@chronotope/filters'

/** A map centre and zoom as the URL keeps them. */
export interface MapCamera {
  readonly lng: number
  readonly lat: number
  readonly zoom: number
}

/**
 * Views at least this wide (degrees of longitude) are asked about as the whole world: at the low
 * zooms that show them the answer is as small, and the API's cell-snapped halves of a nearly
 * world-wide box across the antimeridian can miss cells (seen at zoom 0–2 with -149.6..207.9).
 */
export const WHOLE_WORLD_FROM_DEG = 270

/**
 * The box the read API is asked about for what the map shows. Longitudes from a map that wraps
 * around the world are moved by whole turns so the west edge is within [-180, 180) (the API takes
 * up to ±540); a view {@link WHOLE_WORLD_FROM_DEG}° wide or more is asked about as the whole world;
 * latitudes are clamped to Web Mercator's ±85.05°.
 * @example queryBoundingBox({ west: 530, south: -10, east: 560, north: 10 }) // { west: 170, south: -10, east: 200, north: 10 }
 */
export function queryBoundingBox(view: BoundingBox): BoundingBox {
  const south = clampLatitude(view.south)
  const north = clampLatitude(view.north)
  if (!(view.east - view.west < WHOLE_WORLD_FROM_DEG)) return { west: -180, south, east: 180, north }
  const turns = Math.floor((view.west + 180) / 360)
  return { west: round(view.west - turns * 360, 6), south, east: round(view.east - turns * 360, 6), north }
}

function clampLatitude(latitude: number): number {
  return round(Math.max(-MAX_MERCATOR_LATITUDE, Math.min(MAX_MERCATOR_LATITUDE, latitude)), 6)
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals
  // `+ 0` turns -0 into 0, so a rounded value prints as people expect.
  return Math.round(value * factor) / factor + 0
}

/**
 * The whole zoom level clusters are counted at: the map's zoom rounded down, within the API's
 * 0–22, so the API's 64-px cells are 64 to 128 px on screen and cluster buttons do not overlap.
 * @example clusterZoom(5.8) // 5
 */
export function clusterZoom(zoom: number): number {
  return Math.max(0, Math.min(MAX_ZOOM, Math.floor(zoom)))
}

/**
 * A camera as the URL writes it: longitude within [-180, 180] and latitude to 4 decimals (about
 * 10 m), zoom to 2.
 * @example urlCamera({ lng: 372.123456, lat: 48.858844, zoom: 11.3333 }) // { lng: 12.1235, lat: 48.8588, zoom: 11.33 }
 */
export function urlCamera(camera: MapCamera): MapCamera {
  const lng = ((((camera.lng + 180) % 360) + 360) % 360) - 180
  return { lng: round(lng, 4), lat: round(camera.lat, 4), zoom: round(camera.zoom, 2) }
}

/**
 * The camera a URL asks for, or null unless it has all of lng, lat and zoom within range.
 * @example cameraOfView({ lng: 2.35, lat: 48.85, zoom: 11 }) // { lng: 2.35, lat: 48.85, zoom: 11 }
 * @example cameraOfView({ lng: 2.35, lat: null, zoom: 11 }) // null
 */
export function cameraOfView(view: {
  readonly lng: number | null
  readonly lat: number | null
  readonly zoom: number | null
}): MapCamera | null {
  const { lng, lat, zoom } = view
  if (lng === null || lat === null || zoom === null) return null
  if (!Number.isFinite(lng) || !Number.isFinite(lat) || !Number.isFinite(zoom)) return null
  if (Math.abs(lat) > 90 || zoom < 0 || zoom > 24) return null
  return { lng, lat, zoom }
}

/**
 * Whether two cameras show the same view once written to the URL, so the map does not jump to
 * the URL's rounded copy of its own position.
 * @example sameCamera({ lng: 1.00001, lat: 2, zoom: 3 }, { lng: 1, lat: 2, zoom: 3 }) // true
 */
export function sameCamera(a: MapCamera, b: MapCamera): boolean {
  const ua = urlCamera(a)
  const ub = urlCamera(b)
  return ua.lng === ub.lng && ua.lat === ub.lat && ua.zoom === ub.zoom
}

/**
 * A stable text key of a box for query caching: each edge to 4 decimals.
 * @example boundingBoxKey({ west: 1.234567, south: 2, east: 3, north: 4 }) // '1.2346,2,3,4'
 */
export function boundingBoxKey(box: BoundingBox): string {
  return [box.west, box.south, box.east, box.north].map((edge) => round(edge, 4)).join(',')
}
