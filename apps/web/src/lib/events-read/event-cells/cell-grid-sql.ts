/**
 * The map cell of an event's location as SQL, the same grid map-clusters' SQL groups events by,
 * so cells counted ahead of time and events counted on a read agree.
 * @module
 */
import { EARTH_RADIUS_M, MAX_MERCATOR_LATITUDE } from '@chronotope/filters'

/**
 * The column of `e.location`'s cell.
 * @param size - the placeholder of the zoom's cell size in metres, e.g. `$2`
 */
export function cellXSql(size: string): string {
  return `floor(radians(st_x(e.location)) * ${EARTH_RADIUS_M}::float8 / ${size}::float8)`
}

/**
 * The row of `e.location`'s cell, latitudes clamped to Web Mercator's.
 * @param size - the placeholder of the zoom's cell size in metres, e.g. `$2`
 */
export function cellYSql(size: string): string {
  return (
    `floor(ln(tan(pi() / 4 + radians(greatest(least(st_y(e.location), ${MAX_MERCATOR_LATITUDE}::float8), ` +
    `-${MAX_MERCATOR_LATITUDE}::float8)) / 2)) * ${EARTH_RADIUS_M}::float8 / ${size}::float8)`
  )
}

/** The column of `e.location`'s cell, its size in `$2`, as the builds bind it. */
export const CELL_X = cellXSql('$2')

/** The row of `e.location`'s cell, its size in `$2`, as the builds bind it. */
export const CELL_Y = cellYSql('$2')
