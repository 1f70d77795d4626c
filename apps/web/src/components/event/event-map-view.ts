/**
 * What the event page's small map shows, as data: the zoom that frames the place, and the halo
 * radius that says how far the real place may be from a point placed at an area's centre.
 * @module
 */
export { haloRadiusAtZoom0Px } from '../explore/map-precision'

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
