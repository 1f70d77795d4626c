/**
 * The camera that fits a box of events in a map of a given size, and the box a camera shows, in
 * Web Mercator with MapLibre's 512-pixel tiles. The explore view uses them to ask for the first
 * clusters as soon as the data's extent is known, while MapLibre is still loading, and to open
 * the map already fitted. Pure.
 * @module
 */
import { MAX_MERCATOR_LATITUDE, type BoundingBox } from '@chronotope/filters'

import type { MapCamera } from './map-camera'

/** The size of the map's canvas in CSS pixels. */
export interface ViewSize {
  readonly width: number
  readonly height: number
}

/** Room left free at each edge of a fitted view, in pixels. */
export interface ViewPadding {
  readonly top: number
  readonly bottom: number
  readonly left: number
  readonly right: number
}

/** A box of events as `[west, south, east, north]`; west > east when it crosses the antimeridian. */
export type ExtentBox = readonly [number, number, number, number]

/** The zoom a fitted view goes no closer than: a city's worth of events still shows its streets. */
export const MAX_FIT_ZOOM = 12
/** The zoom events that share one point are shown at. */
export const POINT_FIT_ZOOM = 8
const TILE_SIZE = 512

/** Room for the map's controls around fitted data: at most a quarter of each side. */
export function fitPadding(size: ViewSize): ViewPadding {
  const pad = (side: number, wanted: number) => Math.max(0, Math.min(wanted, Math.floor(side / 4)))
  return {
    top: pad(size.height, 56),
    bottom: pad(size.height, 36),
    left: pad(size.width, 36),
    right: pad(size.width, 48),
  }
}

const mercatorX = (lng: number) => (lng + 180) / 360
function mercatorY(lat: number): number {
  const clamped = Math.max(-MAX_MERCATOR_LATITUDE, Math.min(MAX_MERCATOR_LATITUDE, lat))
  const phi = (clamped * Math.PI) / 180
  return (1 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / Math.PI) / 2
}
const longitudeOf = (x: number) => x * 360 - 180
const latitudeOf = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI

// A centre the map would keep: it does not show beyond the poles' latitude when it can avoid it.
function constrainedY(y: number, worldPx: number, height: number): number {
  if (worldPx <= height) return 0.5
  const half = height / 2 / worldPx
  return Math.max(half, Math.min(1 - half, y))
}

/**
 * The camera that shows `extent` inside `size` less `padding`, as MapLibre's `fitBounds` would,
 * no closer than {@link MAX_FIT_ZOOM}; a single point is shown at {@link POINT_FIT_ZOOM}.
 * @example fittedCamera([-10, 35, 30, 60], { width: 800, height: 500 }) // about { lng: 10.8, lat: 50.3, zoom: 3.3 }
 */
export function fittedCamera(extent: ExtentBox, size: ViewSize, padding: ViewPadding = fitPadding(size)): MapCamera {
  const [west, south, rawEast, north] = extent
  // A box across the antimeridian is fitted the short way round.
  const east = rawEast < west ? rawEast + 360 : rawEast
  if (Math.abs(east - west) < 1e-9 && Math.abs(north - south) < 1e-9) {
    return { lng: west, lat: south, zoom: POINT_FIT_ZOOM }
  }
  const x0 = mercatorX(west)
  const x1 = mercatorX(east)
  const y0 = mercatorY(north)
  const y1 = mercatorY(south)
  const width = Math.max(1, size.width - padding.left - padding.right)
  const height = Math.max(1, size.height - padding.top - padding.bottom)
  const scale = Math.min(width / Math.max((x1 - x0) * TILE_SIZE, 1e-9), height / Math.max((y1 - y0) * TILE_SIZE, 1e-9))
  const zoom = Math.max(0, Math.min(MAX_FIT_ZOOM, Math.log2(scale)))
  const worldPx = TILE_SIZE * 2 ** zoom
  // The box sits in the middle of the padded area, so the centre moves by half the padding's difference.
  const x = (x0 + x1) / 2 + (padding.right - padding.left) / 2 / worldPx
  const y = constrainedY((y0 + y1) / 2 + (padding.bottom - padding.top) / 2 / worldPx, worldPx, size.height)
  const lng = longitudeOf(x)
  return { lng: lng > 180 ? lng - 360 : lng, lat: latitudeOf(y), zoom }
}

/**
 * The box a north-up map of `size` shows at `camera` (longitudes may pass ±180 when it shows
 * the antimeridian; latitudes stop at the poles' limit).
 */
export function viewBox(camera: MapCamera, size: ViewSize): BoundingBox {
  const worldPx = TILE_SIZE * 2 ** camera.zoom
  const x = mercatorX(camera.lng)
  const y = mercatorY(camera.lat)
  const halfWidth = size.width / 2 / worldPx
  const halfHeight = size.height / 2 / worldPx
  return {
    west: longitudeOf(x - halfWidth),
    east: longitudeOf(x + halfWidth),
    north: latitudeOf(Math.max(0, y - halfHeight)),
    south: latitudeOf(Math.min(1, y + halfHeight)),
  }
}
