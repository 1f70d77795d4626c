/**
 * The map-clusters grid: square cells on Web Mercator (EPSG:3857) anchored at the world origin
 * (0°, 0°), so an event falls in the same cell at a given zoom wherever the map is panned. The SQL
 * mirrors it: `floor(ST_X(ST_Transform(geom, 3857)) / size)` with latitudes clamped to ±85.05112878.
 * @module
 */
import type { BoundingBox } from './bounding-box'

/** The Earth's radius in Web Mercator, metres (EPSG:3857's sphere, WGS 84's semi-major axis). */
export const EARTH_RADIUS_M = 6_378_137
/** The width of the Web Mercator world, metres: 2π × 6378137. */
export const WORLD_WIDTH_M = 40_075_016.68557849
/** Web Mercator's latitude limit, where the world becomes square. */
export const MAX_MERCATOR_LATITUDE = 85.05112878
/** Screen pixels per tile edge at every zoom (zoom z is 256 × 2^z pixels wide). */
export const TILE_SIZE_PX = 256
/** Cells per tile edge: 4 cells of 64 px, the closest power of two to 60 px. */
export const CELLS_PER_TILE = 4
/** The deepest zoom with a cell size. */
export const MAX_CLUSTER_ZOOM = 22

const DEGREES_TO_RADIANS = Math.PI / 180

/**
 * The edge of a cluster cell in Web Mercator metres at a zoom level: 64 screen pixels (a quarter
 * of a 256-px tile), the power of two nearest 60 px. A power of two makes cells line up with tiles
 * and with the antimeridian (±20037508.34 m is a whole number of cells), and each cell splits
 * into exactly four at the next zoom. Fractional zooms are floored.
 * @throws RangeError when the zoom is not a number from 0 to 22
 * @example clusterCellSize(0) // 10018754.171394622 (the world is 4 cells wide)
 * @example clusterCellSize(10) // 9783.93962050256
 */
export function clusterCellSize(zoom: number): number {
  const level = Math.floor(zoom)
  if (!(level >= 0 && level <= MAX_CLUSTER_ZOOM))
    throw new RangeError(`zoom must be a number from 0 to ${MAX_CLUSTER_ZOOM}; got ${zoom}`)
  // Dividing by a power of two is exact in floating point, so SQL computing the same gets the same bits.
  return WORLD_WIDTH_M / (CELLS_PER_TILE * 2 ** level)
}

/**
 * Projects longitude and latitude (degrees, WGS 84) to Web Mercator metres, as PostGIS's
 * `ST_Transform(geom, 3857)`. Latitudes beyond ±85.05112878 are clamped to it (the poles would
 * project to infinity).
 * @example lngLatToMercator([180, 0]) // [20037508.342789244, 0]
 */
export function lngLatToMercator([lng, lat]: readonly [number, number]): [number, number] {
  const clamped = Math.max(-MAX_MERCATOR_LATITUDE, Math.min(MAX_MERCATOR_LATITUDE, lat))
  // PROJ's order of operations (radians first, then metres; asinh(sin φ / cos φ)): x matches PostGIS
  // bit for bit, y to the last bit or two, which only matters for a point exactly on a cell edge.
  const x = mercatorX(lng)
  const phi = clamped * DEGREES_TO_RADIANS
  const y = Math.asinh(Math.sin(phi) / Math.cos(phi)) * EARTH_RADIUS_M
  return [x, y]
}

// Web Mercator x depends on the longitude only; one expression, so every caller gets the same bits.
function mercatorX(lng: number): number {
  return lng * DEGREES_TO_RADIANS * EARTH_RADIUS_M
}

const FINEST_CELL_SIZE = clusterCellSize(MAX_CLUSTER_ZOOM)

/**
 * The column of a longitude's cell at the finest zoom ({@link MAX_CLUSTER_ZOOM}): exactly
 * `cellOf([lng, lat], MAX_CLUSTER_ZOOM).x` for any latitude, computed from the longitude alone
 * (two multiplications, a division and a floor), so an in-memory index need not store it. A cell at
 * zoom z is this shifted right by `MAX_CLUSTER_ZOOM - z`.
 * @example finestCellX(2.3522) // 109620 (Paris)
 */
export function finestCellX(lng: number): number {
  return Math.floor(mercatorX(lng) / FINEST_CELL_SIZE)
}

/**
 * Unprojects Web Mercator metres to longitude and latitude in degrees, the inverse of
 * {@link lngLatToMercator}.
 * @example mercatorToLngLat([20037508.342789244, 0]) // [180, 0]
 */
export function mercatorToLngLat([x, y]: readonly [number, number]): [number, number] {
  const lng = (x * 180) / (Math.PI * EARTH_RADIUS_M)
  const lat = (Math.atan(Math.sinh(y / EARTH_RADIUS_M)) * 180) / Math.PI
  return [lng, lat]
}

/**
 * Widens a box outward to whole cells of a zoom's grid (longitudes stay within ±180, latitudes
 * within Web Mercator's): a cell's count and centroid then do not change as it slides in and out
 * of view while the map pans.
 * @example snapToCells({ west: 1.9, south: 48.72, east: 2.8, north: 49.08 }, 5) // { west: 0, south: 47.04…, east: 2.8125, north: 50.73… }
 */
export function snapToCells(box: BoundingBox, zoom: number): BoundingBox {
  const size = clusterCellSize(zoom)
  const [westX, southY] = lngLatToMercator([box.west, box.south])
  const [eastX, northY] = lngLatToMercator([box.east, box.north])
  const [west, south] = mercatorToLngLat([Math.floor(westX / size) * size, Math.floor(southY / size) * size])
  const [east, north] = mercatorToLngLat([Math.ceil(eastX / size) * size, Math.ceil(northY / size) * size])
  const clampLat = (lat: number) => Math.max(-MAX_MERCATOR_LATITUDE, Math.min(MAX_MERCATOR_LATITUDE, lat))
  const clampLng = (lng: number) => Math.max(-180, Math.min(180, lng))
  const edgeSouth = box.south <= -MAX_MERCATOR_LATITUDE ? box.south : clampLat(south)
  const edgeNorth = box.north >= MAX_MERCATOR_LATITUDE ? box.north : clampLat(north)
  const snappedWest = clampLng(west)
  const snappedEast = clampLng(east)
  // A box across the antimeridian whose widened edges meet or pass each other covers every longitude;
  // left as it is, west ≤ east would read as a narrow box that does not cross.
  if (box.west > box.east && snappedWest <= snappedEast) {
    return { west: -180, south: edgeSouth, east: 180, north: edgeNorth }
  }
  return { west: snappedWest, south: edgeSouth, east: snappedEast, north: edgeNorth }
}

/** A cell of the cluster grid: integer indices counted from the world origin, east and north. */
export interface ClusterCell {
  /** Cells east of longitude 0 (negative to the west). */
  x: number
  /** Cells north of the equator (negative to the south). */
  y: number
}

/**
 * The grid cell holding a point at a zoom level: `floor(mercator / clusterCellSize(zoom))` on each
 * axis. At zoom z the world spans x from -2^(z+1) to 2^(z+1) - 1; a point exactly on 180° falls in
 * the cell just east of the last, as it does in SQL.
 * @throws RangeError for a zoom outside 0–22 or a coordinate that is not a finite number
 * @example cellOf([2.3522, 48.8566], 5) // { x: 0, y: 19 } (Paris)
 */
export function cellOf(lngLat: readonly [number, number], zoom: number): ClusterCell {
  const size = clusterCellSize(zoom)
  if (!Number.isFinite(lngLat[0]) || !Number.isFinite(lngLat[1]))
    throw new RangeError(`cellOf needs finite coordinates; got [${lngLat[0]}, ${lngLat[1]}]`)
  const [x, y] = lngLatToMercator(lngLat)
  return { x: Math.floor(x / size), y: Math.floor(y / size) }
}
