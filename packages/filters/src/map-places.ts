/**
 * Places on the map-clusters grid: events "at one place" share one cell of the finest zoom
 * ({@link PLACE_ZOOM}), about 2.4 m across at the equator and less towards the poles. A cluster
 * cannot split them at any zoom, so the map shows them as one mark with their count and lists
 * them instead of zooming in. The in-memory event index and the SQL fallback both use these.
 * @module
 */
import { cellOf, MAX_CLUSTER_ZOOM, type ClusterCell } from './cluster-grid'

/**
 * The zoom whose cells are places. Its 64-px cells are 16 px wide at the map's closest zoom (20),
 * under the width of one drawn point: events in one are never told apart on screen.
 */
export const PLACE_ZOOM = MAX_CLUSTER_ZOOM

/**
 * The place (cell of {@link PLACE_ZOOM}) of a point.
 * @example placeOf([2.3522, 48.8566]) // { x: 109620, y: 2616769 }
 */
export function placeOf(lngLat: readonly [number, number]): ClusterCell {
  return cellOf(lngLat, PLACE_ZOOM)
}

/**
 * A place's key, the same at every zoom: the map-clusters answer's feature id of a mark of
 * events at one place.
 * @example placeKey({ x: 109620, y: 2616769 }) // 'place/109620/2616769'
 */
export function placeKey(place: ClusterCell): string {
  return `place/${place.x}/${place.y}`
}

/**
 * The place every event of an extent is at, or null when the extent spans more than one place.
 * A place cell is a rectangle in Web Mercator, so the extent is in one when both corners are.
 * @param extent - `[west, south, east, north]` in degrees, the events' own extent (not across 180°)
 * @example placeOfExtent([2.3522, 48.8566, 2.3522, 48.8566]) // { x: 109620, y: 2616769 }
 * @example placeOfExtent([2.35, 48.85, 2.41, 48.89]) // null
 */
export function placeOfExtent(extent: readonly [number, number, number, number]): ClusterCell | null {
  const [west, south, east, north] = extent
  const southWest = placeOf([west, south])
  const northEast = placeOf([east, north])
  return southWest.x === northEast.x && southWest.y === northEast.y ? southWest : null
}
